"""One mine card drawn in its cell: the visible face's tunnels in their colour with the
colour's letter on the hub (colour-blind safe), the hidden face as a small glyph, the symbol."""

from __future__ import annotations

from PIL import Image, ImageDraw

from ..theme import DARK, RGB, hex_rgb, put_text

TUNNEL_RGB: dict[str, RGB] = {
    "white": hex_rgb("#f2f4f8"),
    "red": hex_rgb("#e8483b"),
    "blue": hex_rgb("#3d8bfd"),
    "yellow": hex_rgb("#ffd23f"),
}
LETTER = {"white": "W", "red": "R", "blue": "B", "yellow": "Y"}
CARD_BG = hex_rgb("#262c3c")
SYMBOL_BG = hex_rgb("#c9b8ff")


def face(text: str) -> tuple[str, str]:
    colour, _, exits = text.partition("-")
    return colour, exits


def _exit_points(x0: int, y0: int, w: int, h: int) -> dict[str, tuple[int, int]]:
    return {"u": (x0 + w // 2, y0), "d": (x0 + w // 2, y0 + h), "l": (x0, y0 + h // 2),
            "r": (x0 + w, y0 + h // 2)}


def draw_card(im: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
              card: str) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    draw.rectangle(box, fill=CARD_BG)
    faces, _, symbol = card.partition(":")
    visible, _, hidden = faces.partition("/")
    colour, exits = face(visible)
    rgb = TUNNEL_RGB[colour]
    cx, cy = x0 + w // 2, y0 + h // 2
    for e, (px, py) in _exit_points(x0, y0, w, h).items():
        if e in exits:
            draw.line((cx, cy, px, py), fill=rgb, width=max(6, w // 6))
    r = max(8, w // 6)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=rgb, outline=DARK)
    put_text(im, (cx, cy), LETTER[colour], 13, DARK, bold=True, anchor="mm")
    # the hidden face: a small glyph in the top-right corner, its colour and letter
    hcol, hexits = face(hidden)
    gx0, gy0, gw, gh = x1 - 17, y0 + 3, 14, 18
    draw.rectangle((gx0, gy0, gx0 + gw, gy0 + gh), fill=DARK)
    gcx, gcy = gx0 + gw // 2, gy0 + gh // 2
    for e, (px, py) in _exit_points(gx0, gy0, gw, gh).items():
        if e in hexits:
            draw.line((gcx, gcy, px, py), fill=TUNNEL_RGB[hcol], width=3)
    put_text(im, (gx0 - 2, gy0 + gh // 2), LETTER[hcol], 10, TUNNEL_RGB[hcol], bold=True,
             anchor="rm")
    if symbol:
        draw.ellipse((x0 + 2, y0 + 2, x0 + 18, y0 + 18), fill=SYMBOL_BG, outline=DARK)
        put_text(im, (x0 + 10, y0 + 10), symbol, 12, DARK, bold=True, anchor="mm")
