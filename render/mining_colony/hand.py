"""A Mining Colony player's own picture: their panel alone (colony board with tiles, tokens,
items and structures; credits, cards, pending and staged things), drawn from that player's own
view, so it shows their hand: the private preview after a development step and of a draft."""

from __future__ import annotations

from typing import Any

from ..encode import png
from .board import player_panel


def hand_png(view: dict[str, Any], player: str) -> bytes:
    """One player's panel (the private preview after a development step)."""
    return png(player_panel(view, player))
