"""Out of Mine!'s pictures (render/README.md), drawn from engine views only:
``board.board_png(view)`` the table now and ``board.reveal_png(view, round)`` a scored round's
boards, ``hand.hand_png(view, player, draft)`` a player's private draft (from their own view),
``scores.scores_png(view)`` the totals by round; ``grid.draw_board`` draws one board side.
The package imports none of them: each is imported by its own name."""
