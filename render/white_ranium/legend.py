"""White Ranium's legend (the rules topic ``legend``): every mark of the mine picture, each
drawn by board.py and cards.py as the picture draws it, with what it means."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from ..encode import png
from ..legend_sheet import Draw, Row, sheet
from ..theme import ACCENT, DARK, PANEL_EDGE, put_text
from .board import _crew, _octagon, _polyline, _stripe
from .cards import TUNNEL_RGB, draw_card

CARD_W, CARD_H = 52, 68  # a card as on the mine (54 x 70 cells)
SAMPLE_H = 74


def _card(card: str, frame: bool = False) -> Draw:
    def draw(im: Image.Image, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        cx = (x0 + x1) // 2
        cell = (cx - CARD_W // 2, y0 + 3, cx + CARD_W // 2, y0 + 3 + CARD_H)
        d = ImageDraw.Draw(im)
        draw_card(im, d, cell, card)
        if frame:
            d.rectangle(cell, outline=ACCENT, width=3)
    return draw


def _on_card(what: str) -> Draw:
    def draw(im: Image.Image, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        cx = (x0 + x1) // 2
        cell = (cx - CARD_W // 2, y0 + 3, cx + CARD_W // 2, y0 + 3 + CARD_H)
        d = ImageDraw.Draw(im)
        draw_card(im, d, cell, "blue-ud/red-lr")
        mx, my = (cell[0] + cell[2]) // 2, (cell[1] + cell[3]) // 2
        if what == "ranium":
            _octagon(d, cell[0] + 11, cell[3] - 11, 8)
        elif what == "base":
            d.ellipse((mx - 17, my - 17, mx + 17, my + 17), outline=TUNNEL_RGB["blue"], width=3)
        elif what in ("crew", "carrying"):
            _crew(im, d, mx + 14, my + 18, "yellow")
            if what == "carrying":
                _octagon(d, mx + 25, my + 7, 7)
                put_text(im, (mx + 25, my + 7), "1", 10, DARK, bold=True, anchor="mm")
    return draw


def _loader(im: Image.Image, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    chip = (x0 + 30, y0 + 28, x0 + 66, y0 + 44)
    ImageDraw.Draw(im).rounded_rectangle(chip, radius=4, fill=ACCENT, outline=DARK)
    put_text(im, ((chip[0] + chip[2]) / 2, (chip[1] + chip[3]) / 2), "2", 12, DARK, bold=True,
             anchor="mm")


def _arrow(dashed: bool) -> Draw:
    def draw(im: Image.Image, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        d = ImageDraw.Draw(im)
        pts: list[tuple[float, float]] = (
            [(x0 + 10, y0 + 20), (x0 + 86, y0 + 56)] if dashed
            else [(x0 + 10, y0 + 20), (x0 + 60, y0 + 20), (x0 + 60, y0 + 62)])
        _polyline(d, pts, TUNNEL_RGB["red"], 4, dashed)
        mx, my = (x0 + 48, y0 + 38) if dashed else (x0 + 35, y0 + 20)
        d.ellipse((mx - 9, my - 9, mx + 9, my + 9), fill=TUNNEL_RGB["red"], outline=DARK, width=2)
        put_text(im, (mx, my), "1", 12, DARK, bold=True, anchor="mm")
    return draw


def _panel(im: Image.Image, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(im)
    d.rectangle((x0 + 6, y0 + 6, x1 - 6, y1 - 6), outline=PANEL_EDGE)
    _stripe(d, (x0 + 6, y0 + 6, x0 + 12, y1 - 6), ["red", "white"])
    for i in range(3):
        d.ellipse((x0 + 20 + i * 15, y0 + 30, x0 + 32 + i * 15, y0 + 42),
                  fill=ACCENT if i < 1 else PANEL_EDGE, outline=DARK)


def rows() -> list[Row]:
    return [
        (None, "The mine: 6 x 6 cards, A-F and 1-6"),
        (_card("red-urdl/blue-ud"), "A card's visible face: its tunnels in their colour, the "
                                    "colour's letter on the hub (W white, R red, B blue, "
                                    "Y yellow)."),
        (_card("yellow-lr/white-ud"), "Top right corner: a small glyph of the card's other "
                                      "(hidden) face, with its letter."),
        (_card("white-ud/red-lr:4"), "Lilac chip, top left: the card's symbol (4)."),
        (_card("blue-rd/blue-ud", frame=True), "Yellow frame: a place this turn's (or the "
                                               "last turn's) decisions named."),
        (None, "On the cards"),
        (_on_card("crew"), "Pawn: a crew, in its colour with its letter (a tunnel hub is a "
                           "plain disc)."),
        (_on_card("carrying"), "Octagon with a number beside a pawn: the White Ranium that "
                               "crew carries."),
        (_on_card("ranium"), "White octagon in a card's lower left corner: White Ranium lying "
                             "there."),
        (_on_card("base"), "Ring in a colour: that crew's base camp."),
        (_loader, "Yellow chip on the rim: a space loader (1-3), on the loader track."),
        (None, "What moved"),
        (_arrow(False), "Arrow with a number: a move of this turn (or the last), in order, "
                        "along the tunnels taken; a loader's along the rim."),
        (_arrow(True), "Dashed straight arrow: a jump (secret tunnel, transporter, a thief "
                       "sent to its base)."),
        (None, "The panel"),
        (_panel, "A player: the stripe in the colours of the crews they play, their markers "
                 "(filled: won), White Ranium held, their pile or hand; the ore squares "
                 "above: ore left this turn."),
    ]


@lru_cache(maxsize=1)
def legend_png() -> bytes:
    """The key of every mark (drawn once)."""
    return png(sheet("White Ranium · legend", rows(), sample_h=SAMPLE_H))  # a whole card
