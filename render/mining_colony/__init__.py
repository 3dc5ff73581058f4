"""Mining Colony's pictures (render/README.md), drawn from engine views only:
``board.board_png(view)`` the round picture, ``hand.hand_png(view, player)`` a player's panel
alone (from their own view), ``scores.scores_png(view)`` the R19 parts and the totals by round.
The package imports none of them: each is imported by its own name."""
