"""White Ranium's pictures, drawn from views only (docs/adding-a-game.md): ``board_png(view)``
is the mine map with the loaders, pieces and a panel per player; the same picture marks the
winner when the game has ended."""

from __future__ import annotations

from .picture import board_only_png, board_png

__all__ = ["board_only_png", "board_png"]
