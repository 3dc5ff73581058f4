"""How Mining Colony's things look: each colour has a fill and a letter, each kind of thing its
own shape (colour-blind safe: nothing is told apart by hue alone).

Crystals are diamonds, workers circles, ships triangles, outposts houses, science stations
hexagons; the letter inside names the colour (P Y W G, R B O). Buildings: a dome arc, a landing
pad ``H``, storage units a small square with their colour's letter (``*`` multi-coloured).
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from .. import theme as t

COLOUR_RGB: dict[str, t.RGB] = {
    "purple": t.hex_rgb("#9b5de5"), "yellow": t.hex_rgb("#ffd23f"),
    "white": t.hex_rgb("#f2f2f2"), "green": t.hex_rgb("#2fbf71"),
    "red": t.hex_rgb("#e0364a"), "blue": t.hex_rgb("#3d8bfd"), "orange": t.hex_rgb("#ff8c2e"),
}
LETTER = {"purple": "P", "yellow": "Y", "white": "W", "green": "G", "red": "R", "blue": "B",
          "orange": "O"}
DARK_LETTER = {"yellow", "white", "green", "orange"}

UNDEVELOPED = t.hex_rgb("#161a25")
GROUND = t.hex_rgb("#6d6048")  # a developed blank square
START = t.hex_rgb("#4f5a4a")  # a starting space
BUILDING_RGB = {"dome": t.hex_rgb("#4b7f86"), "pad": t.hex_rgb("#5c5f6e"),
                "any": t.hex_rgb("#6d6048")}
TOKEN_RING = t.hex_rgb("#f4f0e6")
TILE_EDGE = t.hex_rgb("#101219")


def _letter(im: Image.Image, colour: str, cx: float, cy: float, size: int) -> None:
    fg = t.DARK if colour in DARK_LETTER else t.TEXT
    t.put_text(im, (cx, cy), LETTER[colour], size, fg, bold=True, anchor="mm")


def polygon(kind: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if kind == "crystal":
        return [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    if kind == "ship":
        return [(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)]
    if kind == "outpost":
        return [(cx, cy - r), (cx + r, cy - r * 0.2), (cx + r * 0.85, cy + r),
                (cx - r * 0.85, cy + r), (cx - r, cy - r * 0.2)]
    if kind == "station":
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                for a in range(0, 360, 60)]
    raise ValueError(kind)


def thing(im: Image.Image, name: str, cx: float, cy: float, r: float) -> None:
    """An item or structure (``crystal/white``, ``outpost/red``) centred on (cx, cy)."""
    kind, _, colour = name.partition("/")
    d = ImageDraw.Draw(im)
    fill = COLOUR_RGB[colour]
    if kind == "worker":
        d.ellipse((cx - r * 0.9, cy - r * 0.9, cx + r * 0.9, cy + r * 0.9), fill=fill,
                  outline=t.DARK, width=2)
    else:
        width = 3 if kind in ("outpost", "station") else 2
        outline = t.TEXT if kind in ("outpost", "station") else t.DARK
        d.polygon(polygon(kind, cx, cy, r), fill=fill, outline=outline, width=width)
    _letter(im, colour, cx, cy + (r * 0.25 if kind == "ship" else 0), max(9, int(r)))


def building(im: Image.Image, box: tuple[int, int, int, int], name: str, start: bool,
             letter: bool = True) -> None:
    """A developed square's building drawn in ``box``; ``letter`` False: a storage unit or a
    landing pad without its letter (an item stands on it and shows its own: no text over
    text; the pad keeps its ring, the storage unit its colour)."""
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    base = START if start else BUILDING_RGB.get(name, GROUND)
    d.rectangle(box, fill=base)
    s = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if name == "dome":
        d.pieslice((cx - s * 0.34, cy - s * 0.2, cx + s * 0.34, cy + s * 0.48), 180, 360,
                   fill=t.hex_rgb("#9fd3d9"), outline=t.DARK)
    elif name == "pad":
        d.ellipse((cx - s * 0.34, cy - s * 0.34, cx + s * 0.34, cy + s * 0.34),
                  outline=t.hex_rgb("#c9ccd6"), width=2)
        if letter:
            t.put_text(im, (cx, cy), "H", max(10, int(s * 0.36)), t.hex_rgb("#c9ccd6"), bold=True,
                       anchor="mm")
    elif name == "any":
        q = s * 0.17
        for (dx, dy), colour in zip(((-1, -1), (0, -1), (-1, 0), (0, 0)),
                                    ("purple", "yellow", "white", "green"), strict=True):
            d.rectangle((cx + dx * q * 2 + 2, cy + dy * q * 2 + 2, cx + (dx + 1) * q * 2,
                         cy + (dy + 1) * q * 2), fill=COLOUR_RGB[colour])
        if letter:
            t.put_text(im, (cx, cy), "*", max(11, int(s * 0.4)), t.DARK, bold=True, anchor="mm")
    elif name in LETTER:
        q = max(s * 0.3, 8)  # a letter of 11 px at least: legible on a tile chip too
        d.rectangle((cx - q, cy - q, cx + q, cy + q), fill=COLOUR_RGB[name], outline=t.DARK)
        if letter:
            _letter(im, name, cx, cy, max(11, int(s * 0.4)))
    if start:
        d.polygon([(x0, y0), (x0 + s * 0.28, y0), (x0, y0 + s * 0.28)], fill=t.hex_rgb("#2a3126"))


def token_ring(im: Image.Image, box: tuple[int, int, int, int]) -> None:
    """A build-over token: a light inner frame."""
    x0, y0, x1, y1 = box
    ImageDraw.Draw(im).rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=TOKEN_RING, width=2)
