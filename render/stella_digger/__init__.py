"""Stella Digger's pictures (render/stella_digger/README.md), drawn from engine views only so a
picture cannot show a hand's numbers to anyone but their owner (R2).

- ``render_map(view)`` / ``board_png(view)``: the round picture (map, decks, supply, a panel per
  player), PNG.
- ``board_only_png(view)``: the map alone (a replay frame), PNG.
- ``render_hand(view, player)``: ``player``'s cards, from ``player``'s own view, PNG.
- ``render_scores(final_view, history)``: R19 breakdown and the score-by-round chart, PNG.
- ``render_replay(views)``: the map through the game, animated GIF.
"""

from __future__ import annotations

from typing import Any

from .hand import render_hand
from .map import render_map
from .replay import render_replay
from .scores import render_scores


def board_png(view: dict[str, Any]) -> bytes:
    """The round picture (map, decks, supply, a panel per player)."""
    return render_map(view)


def board_only_png(view: dict[str, Any]) -> bytes:
    """The map alone (a replay frame)."""
    from ..encode import png
    from .replay import board_image

    return png(board_image(view))


def warm() -> None:
    """Build the round picture's fixed palette once (a render worker's first job)."""
    from .map import palette

    palette()


__all__ = [
    "board_only_png",
    "board_png",
    "render_hand",
    "render_map",
    "render_replay",
    "render_scores",
    "warm",
]
