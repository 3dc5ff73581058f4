"""Out of Mine!'s legend (the rules topic ``legend``): every mark of a board side, each drawn
by grid.py as the pictures draw it, with what it means."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.out_of_mine.components import COLOURS

from .. import theme as t
from ..encode import png
from ..legend_sheet import Draw, Row, sheet
from .grid import (
    CRYSTAL_RGB,
    ELEMENT_WORD,
    GALLERY,
    PATTERN,
    ROCK,
    _square_tile,
    element_size,
    elf_radius,
)

CELL = 34  # as on the public pictures


def _ground(rock: bool) -> Draw:
    def draw(im: Image.Image, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        d = ImageDraw.Draw(im)
        x, y = (x0 + x1) // 2 - CELL // 2, (y0 + y1) // 2 - CELL // 2
        d.rectangle((x, y, x + CELL - 1, y + CELL - 1), fill=ROCK if rock else GALLERY)
        if rock:
            for k in range(0, CELL, 9):
                d.line((x + k, y + CELL - 1, x + CELL - 1, y + k), fill=t.mix(ROCK, t.DARK, 0.3))
    return draw


def _tile(colour: str, faded: bool = False, element: str = "") -> Draw:
    def draw(im: Image.Image, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        x, y = (x0 + x1) // 2 - CELL, (y0 + y1) // 2 - CELL // 2
        d = ImageDraw.Draw(im)
        for i in range(2):
            im.paste(_square_tile(colour, CELL, faded), (x + i * CELL, y))
        d.rectangle((x, y, x + 2 * CELL - 1, y + CELL - 1), outline=t.MUTED if faded else t.DARK,
                    width=3)
        t.put_text(im, (x + CELL // 2, y + CELL // 2), colour[0].upper(), CELL // 2, t.DARK,
                   bold=True, anchor="mm")
        if element:
            fs = element_size(CELL)
            word = ELEMENT_WORD[element]
            lx, ly = x + CELL, y
            tw = t.text_width(word, fs, True) + 6
            d.rectangle((lx + CELL - tw - 2, ly + CELL - fs - 6, lx + CELL - 3, ly + CELL - 3),
                        fill=t.DARK)
            t.put_text(im, (lx + CELL - 5, ly + CELL - 4 - (fs + 2) // 2), word, fs, t.GOLD,
                       bold=True, anchor="rm")
    return draw


def _elf(colour: str) -> Draw:
    def draw(im: Image.Image, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        x, y = (x0 + x1) // 2 - CELL // 2, y1 - CELL  # a gallery square under a strip of rock
        d = ImageDraw.Draw(im)
        d.rectangle((x, y0, x + CELL - 1, y - 1), fill=ROCK)
        d.rectangle((x, y, x + CELL - 1, y + CELL - 1), fill=GALLERY)
        r = elf_radius(CELL)
        cx, cy = x + CELL // 2, y + r + 1
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=CRYSTAL_RGB[colour], outline=t.DARK,
                  width=2)
        t.put_text(im, (cx, cy + 1), colour[0].upper(), max(12, r + 4), t.DARK, bold=True,
                   anchor="mm")
    return draw


def rows() -> list[Row]:
    words = {"dots": "dots", "stripes": "stripes", "diagonal": "diagonal lines",
             "hatch": "cross-hatch", "ring": "plain with rings"}
    out: list[Row] = [
        (None, "A board side: 7 x 5 squares, A-G and 1-5"),
        (_ground(True), "Brown, hatched: rock (never dug)."),
        (_ground(False), "Dark, plain: a gallery square to cover."),
        (None, "Tiles: a colour, a pattern and an initial"),
    ]
    for colour in COLOURS:
        out.append((_tile(colour), f"{colour.capitalize()} crystal: {words[PATTERN[colour]]}, "
                                   f"the letter {colour[0].upper()} on one of its squares."))
    out += [
        (_tile("yellow", element="gold"), "A word on a dark chip: the tile's element (Au "
                                          "gold, Ag silver, worm woodworm, rat)."),
        (_tile("red", faded=True), "Faded, with a grey edge: a tile cut by the call."),
        (_elf("green"), "Small disc with a capital letter, on the edge toward the rock: an elf "
                        "of that colour."),
        (None, "Panels"),
        (lambda im, box: ImageDraw.Draw(im).rectangle((box[0] + 6, box[1] + 4, box[0] + 12,
                                                       box[3] - 4), fill=t.seat_rgb(1)),
         "The stripe and number: the player's seat; their total on the right; the side, the "
         "card (once shown) and each round's score parts under the board."),
    ]
    return out


@lru_cache(maxsize=1)
def legend_png() -> bytes:
    """The key of every mark (drawn once)."""
    return png(sheet("Out of Mine! · legend", rows()))
