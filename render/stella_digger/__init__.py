"""Stella Digger's pictures behind the per-game convention (docs/adding-a-game.md): the
drawing itself lives in ``render/`` (map, hand, scores, replay), written before there were
other games; this package names the entry points the platform looks up by game."""

from __future__ import annotations

from typing import Any

from ..hand import render_hand
from ..map import render_map
from ..replay import render_replay
from ..scores import render_scores


def board_png(view: dict[str, Any]) -> bytes:
    """The round picture (map, decks, supply, a panel per player)."""
    return render_map(view)


def board_only_png(view: dict[str, Any]) -> bytes:
    """The map alone (a replay frame)."""
    from ..encode import png
    from ..replay import board_image

    return png(board_image(view))


__all__ = ["board_only_png", "board_png", "render_hand", "render_replay", "render_scores"]
