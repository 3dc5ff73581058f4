"""An Out of Mine! player's own picture: their private draft (their side with the draft's tiles,
elves, finds, and the card's tiles still to place), from their own view."""

from __future__ import annotations

from typing import Any

from engine.out_of_mine.components import COLOURS, KINDS

from .. import theme as t
from ..encode import png
from .board import _card_lines, _finds, _panel
from .grid import draw_board, tile_words


def _remaining(info: dict[str, Any] | None, tiles: list[str]) -> str:
    if not info:
        return ""
    used: dict[str, int] = {}
    for kind, _ in tile_words(tiles):
        colour = KINDS[kind].colour
        used[colour] = used.get(colour, 0) + 1
    left = [f"{c} ×{info['tiles'][c] - used.get(c, 0)}" for c in COLOURS
            if info["tiles"].get(c, 0) - used.get(c, 0) > 0]
    return "to place: " + (", ".join(left) if left else "nothing")


def hand_png(view: dict[str, Any], player: str, draft: str) -> bytes:
    """``player``'s private draft (their own view): ``draft`` is the notation typed so far."""
    p = view["players"][player]
    if p["side"] is None:
        raise ValueError("no side chosen yet")
    tiles = draft.split()[1:]
    board = draw_board(f"{p['board']}{p['side']}", tiles, size=56)
    found = sum(1 for _ in tile_words(tiles))
    lines = [(f"your draft on {p['board']}{p['side']} · {found} tile(s) placed", t.MUTED),
             *_card_lines(p["card_info"], finds=_finds(view)),
             (_remaining(p["card_info"], tiles), t.ACCENT)]
    return png(_panel(view, player, board, lines, board.width + 20))
