"""An Out of Mine! player's own picture: their private draft (their side with the draft's tiles,
elves, finds, and the card's tiles still to place), from their own view."""

from __future__ import annotations

from typing import Any

from engine.out_of_mine.components import COLOURS, KINDS
from texts import _, ngettext

from .. import theme as t
from ..encode import png
from .board import _card_lines, _finds, _panel
from .grid import draw_board, tile_words
from .shapes import colour_word


def _remaining(info: dict[str, Any] | None, tiles: list[str]) -> str:
    if not info:
        return ""
    used: dict[str, int] = {}
    for kind, _sq in tile_words(tiles):
        colour = KINDS[kind].colour
        used[colour] = used.get(colour, 0) + 1
    left = [f"{colour_word(c)} ×{info['tiles'][c] - used.get(c, 0)}" for c in COLOURS
            if info["tiles"].get(c, 0) - used.get(c, 0) > 0]
    return _("to place: {tiles}").format(tiles=", ".join(left) if left else _("nothing"))


def hand_png(view: dict[str, Any], player: str, draft: str) -> bytes:
    """``player``'s private draft (their own view): ``draft`` is the notation typed so far."""
    p = view["players"][player]
    if p["side"] is None:
        raise ValueError("no side chosen yet")  # a programming error, never shown
    tiles = draft.split()[1:]
    board = draw_board(f"{p['board']}{p['side']}", tiles, size=56)
    found = len(tile_words(tiles))
    lines = [(_("your draft on {side}").format(side=f"{p['board']}{p['side']}") + " · "
              + ngettext("{n} tile placed", "{n} tiles placed", found).format(n=found), t.MUTED),
             *_card_lines(p["card_info"], finds=_finds(view)),
             (_remaining(p["card_info"], tiles), t.ACCENT)]
    return png(_panel(view, player, board, lines, board.width + 20))
