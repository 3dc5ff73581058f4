"""Stella Digger's pictures (render/stella_digger/README.md), drawn from engine views only so a
picture cannot show a hand's numbers to anyone but their owner (R2). The same module names as
every game's pictures (render/README.md):

- ``board.board_png(view)``: the round picture (map, decks, supply, a panel per player), PNG;
  ``board.board_only_png(view)`` the map alone (a replay frame); ``board.warm()``.
- ``hand.hand_png(view, player)``: ``player``'s cards, from ``player``'s own view, PNG.
- ``scores.scores_png(final_view, history)``: R19 breakdown and the score-by-round chart, PNG.
- ``replay.replay_gif(views)``: the map through the game, animated GIF.
- ``legend.legend_png()``: the map's legend (the rules topic ``legend``), PNG.

The package imports none of them: each is imported by its own name.
"""
