"""White Ranium's pictures, drawn from views only (render/README.md): ``board.board_png(view)``
is the mine map with the loaders, pieces and a panel per player; the same picture marks the
winner when the game has ended; ``board.board_only_png(view)`` the map alone. The package
imports none of them: each is imported by its own name."""
