"""Mining Colony's pictures (docs/adding-a-game.md), drawn from engine views only."""

from __future__ import annotations

from .pictures import board_image, board_png, colony_png, scores_png

__all__ = ["board_image", "board_png", "colony_png", "scores_png"]
