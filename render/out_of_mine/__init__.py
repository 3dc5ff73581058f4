"""Out of Mine!'s pictures (docs/adding-a-game.md), drawn from engine views only."""

from __future__ import annotations

from .grid import draw_board
from .pictures import board_image, board_png, draft_png, reveal_png, scores_png

__all__ = ["board_image", "board_png", "draft_png", "draw_board", "reveal_png", "scores_png"]
