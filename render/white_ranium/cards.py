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
#: The smallest text on the mine picture: 11 px at 550 px is 7.2 px on a 360 px phone.
SMALL_TEXT = 11
GLYPH = 20  # the hidden face's small card, a square


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
    # the hidden face: a small card in the top-right corner, drawn as the big one is (its
    # tunnels from a hub in its colour with the colour's letter on it), legible on a phone
    hcol, hexits = face(hidden)
    g = GLYPH
    gx0, gy0 = x1 - g - 1, y0 + 2
    draw.rectangle((gx0, gy0, gx0 + g, gy0 + g), fill=DARK)
    gcx, gcy = gx0 + g // 2, gy0 + g // 2
    for e, (px, py) in _exit_points(gx0, gy0, g, g).items():
        if e in hexits:
            draw.line((gcx, gcy, px, py), fill=TUNNEL_RGB[hcol], width=4)
    hub = 7
    draw.ellipse((gcx - hub, gcy - hub, gcx + hub, gcy + hub), fill=TUNNEL_RGB[hcol], outline=DARK)
    put_text(im, (gcx, gcy), LETTER[hcol], SMALL_TEXT, DARK, bold=True, anchor="mm")
    if symbol:
        draw.ellipse((x0 + 1, y0 + 1, x0 + 20, y0 + 20), fill=SYMBOL_BG, outline=DARK)
        put_text(im, (x0 + 10.5, y0 + 10.5), symbol, 13, DARK, bold=True, anchor="mm")
