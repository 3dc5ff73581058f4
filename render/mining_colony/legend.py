"""Mining Colony's legend (the rules topic ``legend``): every mark of the round picture and the
colony panel, each drawn by marks.py as the pictures draw it, with what it means."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from .. import theme as t
from ..encode import png
from ..legend_sheet import Draw, Row, sheet
from . import marks


def _things(*names: str) -> Draw:
    def draw(im: Image.Image, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        step = (x1 - x0) / len(names)
        for i, name in enumerate(names):
            marks.thing(im, name, x0 + step * (i + 0.5), (y0 + y1) / 2, 13)
    return draw


def _square(name: str, start: bool = False, token: bool = False, item: str = "") -> Draw:
    def draw(im: Image.Image, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        sq = (x0 + 28, y0 + 2, x0 + 67, y0 + 41)  # a 40 px colony square, as on the board
        if name == "undeveloped":
            ImageDraw.Draw(im).rectangle(sq, fill=marks.UNDEVELOPED, outline=t.hex_rgb("#232838"))
        else:
            marks.building(im, sq, name, start, letter=not item)
        if token:
            marks.token_ring(im, sq)
        if item:
            marks.thing(im, item, (sq[0] + sq[2]) / 2, (sq[1] + sq[3]) / 2, 12)
    return draw


def _tiles(im: Image.Image, box: tuple[int, int, int, int]) -> None:
    x0, y0, _, _ = box
    d = ImageDraw.Draw(im)
    squares = [(x0 + 8 + 26 * i, y0 + 9) for i in range(3)]
    for i, (x, y) in enumerate(squares):
        marks.building(im, (x, y, x + 25, y + 25), "any" if i == 2 else "dome", False)
    d.line((squares[1][0] + 25, y0 + 9, squares[1][0] + 25, y0 + 34), fill=marks.TILE_EDGE, width=3)
    d.rectangle((x0 + 8, y0 + 9, x0 + 85, y0 + 34), outline=marks.TILE_EDGE, width=3)


def rows() -> list[Row]:
    return [
        (None, "Colours: a fill and a letter"),
        (_things("crystal/purple", "crystal/yellow", "crystal/white", "crystal/green"),
         "Crystal colours: P purple, Y yellow, W white, G green."),
        (_things("outpost/red", "outpost/blue", "outpost/orange"),
         "Crew colours: R red, B blue, O orange."),
        (None, "Things: a shape each"),
        (_things("crystal/green"), "Diamond: a crystal."),
        (_things("worker/red"), "Circle: a worker."),
        (_things("ship/blue"), "Triangle: a ship."),
        (_things("outpost/orange"), "House (light edge): an outpost, a structure."),
        (_things("station/purple"), "Hexagon (light edge): a science station, a structure."),
        (None, "The colony board: 6 x 6 squares, A-F and 1-6"),
        (_square("undeveloped"), "Dark square: undeveloped."),
        (_square("blank"), "Brown square: developed, blank."),
        (_square("blank", start=True), "Grey-green square with a dark corner: a starting space."),
        (_square("dome"), "Dome (an arc): a dome."),
        (_square("pad"), "Ring with H: a landing pad."),
        (_square("white"), "Letter square: a storage unit of that colour."),
        (_square("any"), "Four colours and *: a storage unit for any colour."),
        (_square("yellow", item="crystal/yellow"),
         "A thing on a square: stored there (the unit's own letter is not drawn under it)."),
        (_square("blank", token=True), "Light inner frame: a build-over token."),
        (_tiles, "Dark thick lines: the edges of the tiles (one tile's squares are not "
                 "separated)."),
    ]


@lru_cache(maxsize=1)
def legend_png() -> bytes:
    """The key of every mark (drawn once)."""
    return png(sheet("Mining Colony · legend", rows()))
