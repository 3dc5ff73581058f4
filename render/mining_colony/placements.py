"""A Mining Colony player's private picture for placing a tile: their panel as it stands, then
every legal placement of the tile numbered as the select under it numbers them (1 is the first
of ``places``): each a small colony board, its squares as they stand (undeveloped dark,
developed grey), the tile's squares in its buildings' colours and outlined. The number picked
places exactly the tile drawn beside it. Drawn from the player's own view, sent only to them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from engine.mining_colony.components import PLACEMENTS, TILE_PRINT

from .. import numbered
from .. import theme as t
from ..encode import png
from . import marks
from .board import COLUMNS, PAD, player_panel

CELL = 16  # a numbered placement's squares
PER_ROW = 4


def place_words(text: str) -> tuple[str, str, int]:
    """``place t5-09 B3 90`` -> the tile, its square and turn."""
    _, tile, square, turn = text.split()[:4]
    return tile, square, int(turn)


def _fill(name: str) -> t.RGB:
    return marks.COLOUR_RGB.get(name) or marks.BUILDING_RGB.get(name, marks.GROUND)


def _thumb(colony: dict[str, str], text: str, number: int) -> Image.Image:
    tile, square, turn = place_words(text)
    cells = dict(zip(PLACEMENTS[tile[1]][(square, turn)], TILE_PRINT[tile], strict=True))
    fills, edge = [], []
    for row in range(6, 0, -1):  # row 6 on top, as the colony board
        fills.append([_fill(cells[sq]) if sq in cells
                      else marks.UNDEVELOPED if colony[sq] == "undeveloped" else t.FAINT
                      for sq in (f"{c}{row}" for c in COLUMNS)])
        edge.append([f"{c}{row}" in cells for c in COLUMNS])
    return numbered.thumb(fills, number, CELL, edge)


def placements_image(view: dict[str, Any], player: str, places: Sequence[str],
                     title: str) -> Image.Image:
    panel = player_panel(view, player)
    colony = view["players"][player]["colony"]
    thumbs = [_thumb(colony, text, i + 1) for i, text in enumerate(places)]
    width = panel.width + 2 * PAD
    im = Image.new("RGB", (width, PAD + panel.height + 40 + numbered.rows_height(thumbs, PER_ROW)
                           + PAD), t.BG)
    im.paste(panel, (PAD, PAD))
    y = PAD + panel.height + 10
    t.put_text(im, (PAD, y), t.fit(title, 17, True, width - 2 * PAD), 17, t.ACCENT, bold=True)
    numbered.paste_rows(im, thumbs, PAD, y + 30, width - 2 * PAD, PER_ROW)
    return im


def placements_png(view: dict[str, Any], player: str, places: Sequence[str], title: str) -> bytes:
    """``player``'s panel and ``places`` (one tile's placements) numbered from 1."""
    return png(placements_image(view, player, places, title))
