"""One picture per kind of square content, drawn once and cached.

Shapes are drawn three times larger and scaled down (smooth edges); text is put on at the final
size (sharp). A map is then mostly pastes of cached sprites.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from engine.stella_digger.components import tile_info
from texts import _, language

from .. import theme as t
from . import look
from .layout import GAP, SQ

SS = 3  # supersampling factor for shapes
SIZE = SQ - GAP  # a square's sprite, in pixels


def _canvas(bg: t.RGB, size: int = SIZE) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    im = Image.new("RGB", (size * SS, size * SS), bg)
    return im, ImageDraw.Draw(im)


def _down(im: Image.Image, size: int = SIZE) -> Image.Image:
    return im.resize((size, size), Image.Resampling.LANCZOS)


def _tile_plate(d: ImageDraw.ImageDraw, fill: t.RGB, edge: t.RGB, inset: int = 5) -> None:
    """A square cardboard tile lying on the floor."""
    s = SIZE * SS
    k = inset * SS
    d.rounded_rectangle((k + 2 * SS, k + 3 * SS, s - k + 2 * SS, s - k + 3 * SS), 9 * SS, fill=t.DARK)
    d.rounded_rectangle((k, k, s - k, s - k), 9 * SS, fill=fill, outline=edge, width=2 * SS)


def _floor(d: ImageDraw.ImageDraw) -> None:
    s = SIZE * SS
    d.rectangle((0, 0, s, s), fill=t.FLOOR)
    # a few fixed pebbles so a dug-out square reads as ground, not as a hole
    for x, y, r in ((14, 18, 2), (66, 12, 1.5), (20, 66, 1.5), (70, 70, 2), (44, 76, 1)):
        d.ellipse(((x - r) * SS, (y - r) * SS, (x + r) * SS, (y + r) * SS), fill=t.mix(t.FLOOR, t.TEXT, 0.12))


def _frame(im: Image.Image) -> None:
    """The yellow frame of a core square (C8), drawn on the final-size sprite."""
    ImageDraw.Draw(im).rectangle((0, 0, SIZE - 1, SIZE - 1), outline=t.ACCENT, width=4)


def _printed(im: Image.Image, n: int) -> None:
    """The number printed on an empty square (what a Large Drill aimed at it scores)."""
    d = ImageDraw.Draw(im)
    c = SIZE // 2
    d.ellipse((c - 15, c - 15, c + 15, c + 15), outline=t.mix(t.FLOOR, t.TEXT, 0.35), width=2)
    t.put_text(im, (c, c), str(n), 20, t.mix(t.FLOOR, t.TEXT, 0.6), bold=True, anchor="mm")


def gem(d: ImageDraw.ImageDraw, colour: str | None, cx: float, cy: float, r: float) -> None:
    """A crystal in its colour's shape (supersampled coordinates); ``None``: any colour (gold)."""
    if colour is None:
        d.regular_polygon((cx, cy, r * 0.9), 6, fill=(250, 246, 230), outline=t.DARK, width=SS)
        d.regular_polygon((cx, cy, r * 0.45), 6, fill=t.GOLD, outline=None)
        return
    look.draw_colour_shape(d, colour, cx, cy, r, outline=(255, 255, 255), width=2 * SS)


_GEM_SPOTS = {
    1: ((0.5, 0.47),),
    2: ((0.32, 0.47), (0.68, 0.47)),
    3: ((0.5, 0.3), (0.3, 0.62), (0.7, 0.62)),
}


def _gems(d: ImageDraw.ImageDraw, colour: str | None, n: int, r: float = 13) -> None:
    s = SIZE * SS
    spots = _GEM_SPOTS.get(n) or tuple((0.2 + 0.6 * i / max(1, n - 1), 0.47) for i in range(n))
    for fx, fy in spots:
        gem(d, colour, fx * s, fy * s, r * SS)


def _arrow(d: ImageDraw.ImageDraw, direction: str) -> None:
    """A connected tile's arrow, at the edge it points through."""
    s = SIZE * SS
    c = s / 2
    a, b = 11 * SS, 9 * SS  # half width, depth
    e = 8 * SS  # inside the tile's plate, clear of the link bridge
    pts = {
        "up": [(c - a, e + b), (c + a, e + b), (c, e)],
        "down": [(c - a, s - e - b), (c + a, s - e - b), (c, s - e)],
        "left": [(e + b, c - a), (e + b, c + a), (e, c)],
        "right": [(s - e - b, c - a), (s - e - b, c + a), (s - e, c)],
    }[direction]
    d.polygon(pts, fill=(255, 255, 255), outline=t.DARK, width=SS)


def _monster_head(d: ImageDraw.ImageDraw) -> None:
    s = SIZE * SS
    c = s / 2
    col = t.mix(look.MONSTER_RGB, t.TEXT, 0.18)
    d.polygon([(c - 26 * SS, c - 20 * SS), (c - 30 * SS, c - 36 * SS), (c - 14 * SS, c - 26 * SS)], fill=col)
    d.polygon([(c + 26 * SS, c - 20 * SS), (c + 30 * SS, c - 36 * SS), (c + 14 * SS, c - 26 * SS)], fill=col)
    d.ellipse((c - 28 * SS, c - 30 * SS, c + 28 * SS, c + 22 * SS), fill=col)
    for dx in (-11, 11):
        d.ellipse((c + (dx - 5) * SS, c - 14 * SS, c + (dx + 5) * SS, c - 6 * SS), fill=(255, 210, 60))


def square_sprite(kind: str, arg: str = "", framed: bool = False) -> Image.Image:
    """The picture of one square. ``kind``: hidden (arg: zone), face (arg: tile code), blockade,
    empty / tunnel (arg: printed number), start, rock; its words (a gold tile's) in the
    language being written."""
    return _square_sprite(kind, arg, framed, language())


@lru_cache(maxsize=512)
def _square_sprite(kind: str, arg: str, framed: bool, lang: str) -> Image.Image:
    if kind == "hidden":
        im = _hidden(arg)
    elif kind == "face":
        im = _face(arg)
    elif kind == "blockade":
        im = _blockade()
    elif kind in ("empty", "tunnel"):
        im, d = _canvas(t.FLOOR)
        _floor(d)
        if kind == "tunnel":
            s = SIZE * SS
            for y in (0.3, 0.7):
                d.line((0, y * s, s, y * s), fill=t.mix(t.FLOOR, t.TEXT, 0.3), width=3 * SS)
            for i in range(8):
                x = (i + 0.5) * s / 8
                d.line((x, 0.24 * s, x, 0.76 * s), fill=t.mix(t.FLOOR, t.DARK, 0.4), width=3 * SS)
        im = _down(im)
        if kind == "tunnel":
            ImageDraw.Draw(im).ellipse((SIZE // 2 - 16, SIZE // 2 - 16, SIZE // 2 + 16, SIZE // 2 + 16), fill=t.FLOOR)
        if arg:
            _printed(im, int(arg))
    elif kind == "start":
        im, d = _canvas(look.START_RGB)
        s = SIZE * SS
        for i in range(3):
            y = (0.62 + 0.1 * i) * s
            d.line((0.3 * s, y + 0.06 * s, 0.5 * s, y - 0.04 * s, 0.7 * s, y + 0.06 * s),
                   fill=t.mix(look.START_RGB, t.TEXT, 0.35), width=3 * SS)
        im = _down(im)
        t.put_text(im, (SIZE // 2, SIZE // 2 - 10), "START", 17, t.TEXT, bold=True, anchor="mm")
    elif kind == "rock":
        im = _rock()
    else:
        raise ValueError(kind)
    if framed:
        im = im.copy()
        _frame(im)
    return im


def _hidden(zone: str) -> Image.Image:
    im, d = _canvas(t.FLOOR)
    _floor(d)
    fill = look.ZONE_RGB[zone]
    _tile_plate(d, fill, t.mix(fill, t.TEXT, 0.35))
    s = SIZE * SS
    grain = Image.new("L", im.size, 0)
    gd = ImageDraw.Draw(grain)
    for i in range(-5, 6):  # the back's diagonal grain, inside the plate only
        x = i * 0.2 * s
        gd.line((x, s, s + x, 0), fill=255, width=4 * SS)
    plate = Image.new("L", im.size, 0)
    k = 9 * SS
    ImageDraw.Draw(plate).rounded_rectangle((k, k, s - k, s - k), 6 * SS, fill=255)
    im.paste(t.mix(fill, t.DARK, 0.14), (0, 0), ImageChops.multiply(grain, plate))
    if zone == "Y":
        t.draw_shape(d, "star", s / 2, s / 2, 18 * SS, t.mix(fill, t.TEXT, 0.4), t.mix(fill, t.DARK, 0.3), SS)
    im = _down(im)
    t.put_text(im, (13, 11), zone, 15, t.mix(fill, t.DARK, 0.62), bold=True, anchor="la")
    return im


def _face(code: str) -> Image.Image:
    face, _sep, arrow = code.partition(">")
    info = tile_info(face)
    im, d = _canvas(t.FLOOR)
    _floor(d)
    if info.kind == "colour":
        assert info.colour is not None
        fill = look.COLOUR_DARK[info.colour]
        _tile_plate(d, fill, look.COLOUR_RGB[info.colour])
        _gems(d, info.colour, info.crystals, r=11 if arrow else 13)
    elif info.kind == "gold":
        _tile_plate(d, t.GOLD_DARK, t.GOLD)
        s = SIZE * SS
        for i in range(info.crystals):
            x = s * (0.5 + (i - (info.crystals - 1) / 2) * 0.26)
            gem(d, None, x, s * 0.58, 12 * SS)
    else:
        _tile_plate(d, look.MONSTER_RGB, t.DANGER)
        _monster_head(d)
    if arrow:
        _arrow(d, arrow)
    im = _down(im)
    if info.kind == "colour":
        assert info.colour is not None
        _corner_count(im, str(info.crystals), look.COLOUR_RGB[info.colour])
    elif info.kind == "gold":
        t.put_text(im, (SIZE // 2, 23), _("GOLD"), 13, (255, 236, 170), bold=True, anchor="ms")
        _corner_count(im, str(info.crystals), t.GOLD)
    else:
        t.put_text(im, (SIZE // 2, SIZE // 2 + 1), str(info.power), 30, t.TEXT, bold=True, anchor="mm")
        t.put_text(im, (14, SIZE - 13), f"-{info.loss}", 14, (255, 190, 180), bold=True, anchor="ls")
        t.put_text(im, (SIZE - 14, SIZE - 13), f"{info.vp}VP", 14, t.ACCENT, bold=True, anchor="rs")
    return im


def _corner_count(im: Image.Image, text: str, ring: t.RGB) -> None:
    d = ImageDraw.Draw(im)
    x, y = SIZE - 19, SIZE - 19
    d.ellipse((x - 10, y - 10, x + 10, y + 10), fill=t.DARK, outline=ring, width=2)
    t.put_text(im, (x, y), text, 14, t.TEXT, bold=True, anchor="mm")


def _blockade() -> Image.Image:
    im, d = _canvas(t.FLOOR)
    _floor(d)
    s = SIZE * SS
    _tile_plate(d, look.BLOCKADE_RGB, t.ACCENT)
    k = 8 * SS
    stripe = Image.new("L", im.size, 0)
    sd = ImageDraw.Draw(stripe)
    for i in range(-6, 8):
        x = i * 0.16 * s
        sd.polygon([(x, s), (x + 0.07 * s, s), (x + s + 0.07 * s, 0), (x + s, 0)], fill=255)
    band = Image.new("L", im.size, 0)
    bd = ImageDraw.Draw(band)
    bd.rounded_rectangle((k, k, s - k, s - k), 7 * SS, fill=255)
    bd.rounded_rectangle((k + 9 * SS, k + 9 * SS, s - k - 9 * SS, s - k - 9 * SS), 4 * SS, fill=0)
    im.paste(t.ACCENT, (0, 0), ImageChops.multiply(stripe, band))
    im = _down(im)
    c = SIZE // 2
    ImageDraw.Draw(im).regular_polygon((c, c, 20), 8, fill=t.mix(look.BLOCKADE_RGB, t.TEXT, 0.15),
                                       outline=t.ACCENT, width=2)
    t.put_text(im, (c, c), "3", 20, t.ACCENT, bold=True, anchor="mm")
    return im


def _rock() -> Image.Image:
    im, d = _canvas(look.ROCK)
    s = SIZE * SS
    shades = (0.0, 0.1, -0.12, 0.06, -0.06, 0.14)
    facets = (
        [(0, 0), (0.45, 0), (0.3, 0.35), (0, 0.3)],
        [(0.45, 0), (1, 0), (1, 0.25), (0.62, 0.4), (0.3, 0.35)],
        [(0, 0.3), (0.3, 0.35), (0.38, 0.72), (0, 0.8)],
        [(0.3, 0.35), (0.62, 0.4), (0.7, 0.75), (0.38, 0.72)],
        [(0.62, 0.4), (1, 0.25), (1, 1), (0.7, 0.75)],
        [(0, 0.8), (0.38, 0.72), (0.7, 0.75), (1, 1), (0, 1)],
    )
    for pts, sh in zip(facets, shades, strict=True):
        colour = t.mix(look.ROCK, t.TEXT if sh > 0 else t.DARK, abs(sh))
        d.polygon([(x * s, y * s) for x, y in pts], fill=colour, outline=t.mix(look.ROCK, t.DARK, 0.35), width=2 * SS)
    return _down(im)


def deck_sprite(index: int, count: int, top: str | None) -> Image.Image:
    """A deck of drill cards on its rock square: the top card's back colour and shape, the
    count, its words in the language being written."""
    return _deck_sprite(index, count, top, language())


@lru_cache(maxsize=256)
def _deck_sprite(index: int, count: int, top: str | None, lang: str) -> Image.Image:
    im = square_sprite("rock").copy()
    w, h = 40, 54
    x0, y0 = (SIZE - w) // 2 - 8, 12
    d = ImageDraw.Draw(im)
    if count == 0:
        d.rounded_rectangle((x0, y0, x0 + w, y0 + h), 5, outline=t.mix(look.ROCK, t.TEXT, 0.5), width=2)
        t.put_text(im, (x0 + w // 2, y0 + h // 2), _("empty"), 11, t.mix(look.ROCK, t.TEXT, 0.7), anchor="mm")
    else:
        layers = min(4, (count + 3) // 4)
        for i in range(layers - 1, 0, -1):
            d.rounded_rectangle((x0 + 3 * i, y0 + 3 * i, x0 + w + 3 * i, y0 + h + 3 * i), 5,
                                fill=t.mix(look.ROCK, t.DARK, 0.5), outline=t.DARK)
        im.paste(card_back(top, w, h), (x0, y0), card_back_mask(w, h))
    label = _("Deck {n}").format(n=index + 1)
    size = 12 if t.text_width(label, 12, True) <= SIZE - 40 else 10  # "Stapel 1" beside the count
    t.put_text(im, (6, SIZE - 6), t.fit(label, size, True, SIZE - 40), size, t.TEXT, bold=True, anchor="ls")
    bx = SIZE - 18
    d.ellipse((bx - 14, SIZE - 34, bx + 14, SIZE - 6), fill=t.DARK, outline=t.TEXT, width=2)
    t.put_text(im, (bx, SIZE - 20), str(count), 15, t.TEXT, bold=True, anchor="mm")
    return im


@lru_cache(maxsize=64)
def card_back_mask(w: int, h: int) -> Image.Image:
    m = Image.new("L", (w * SS, h * SS), 0)
    ImageDraw.Draw(m).rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), 5 * SS, fill=255)
    return m.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=128)
def card_back(colour: str | None, w: int, h: int) -> Image.Image:
    """The back of a drill card: its colour shows (R2), with the colour's shape."""
    fill = look.COLOUR_DARK[colour] if colour else t.mix(t.PANEL, t.TEXT, 0.2)
    im = Image.new("RGB", (w * SS, h * SS), fill)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), 5 * SS, fill=fill,
                        outline=look.COLOUR_RGB[colour] if colour else t.MUTED, width=2 * SS)
    inner = 4 * SS
    d.rounded_rectangle((inner, inner, w * SS - inner, h * SS - inner), 3 * SS,
                        outline=t.mix(fill, t.TEXT, 0.25), width=SS)
    if colour:
        look.draw_colour_shape(d, colour, w * SS / 2, h * SS / 2, min(w, h) * SS * 0.3,
                            outline=(255, 255, 255), width=SS + 1)
    return im.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=128)
def card_face(card: str, w: int, h: int) -> Image.Image:
    """The face of a drill card (played cards, the hand): number, colour, shape."""
    colour, _sep, number = card.rpartition("-")
    n = int(number)
    im = Image.new("RGB", (w * SS, h * SS), (246, 246, 250))
    d = ImageDraw.Draw(im)
    c = look.COLOUR_RGB[colour]
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), 5 * SS, fill=(246, 246, 250), outline=c,
                        width=3 * SS)
    band = h * SS * 0.58
    d.rectangle((3 * SS, band, w * SS - 3 * SS, h * SS - 8 * SS), fill=c)
    look.draw_colour_shape(d, colour, w * SS / 2, band + (h * SS - 8 * SS - band) / 2,
                        min(w * 0.22, (h * SS - 8 * SS - band) / SS * 0.38) * SS,
                        outline=(255, 255, 255), width=SS + 1, fill=look.COLOUR_DARK[colour])
    im = im.resize((w, h), Image.Resampling.LANCZOS)
    t.put_text(im, (w // 2, int(h * 0.3)), str(n), max(12, int(h * 0.42)), look.COLOUR_DARK[colour],
               bold=True, anchor="mm")
    return im


@lru_cache(maxsize=64)
def drill_overlay(seat: int, direction: str) -> Image.Image:
    """A Large Drill token (RGBA, one square): the owner's seat colour and number, the tip
    pointing at the square it scores."""
    s = SIZE * SS
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    c = s / 2
    col = t.seat_rgb(seat)
    r = 22 * SS
    tip = {
        "up": [(c - 13 * SS, c - r + 6 * SS), (c + 13 * SS, c - r + 6 * SS), (c, 2 * SS)],
        "down": [(c - 13 * SS, c + r - 6 * SS), (c + 13 * SS, c + r - 6 * SS), (c, s - 2 * SS)],
        "left": [(c - r + 6 * SS, c - 13 * SS), (c - r + 6 * SS, c + 13 * SS), (2 * SS, c)],
        "right": [(c + r - 6 * SS, c - 13 * SS), (c + r - 6 * SS, c + 13 * SS), (s - 2 * SS, c)],
    }[direction]
    d.polygon(tip, fill=(200, 205, 215), outline=t.DARK, width=2 * SS)
    # the tip's grooves
    (x1, y1), (x2, y2), (x3, y3) = tip
    for f in (0.35, 0.65):
        d.line((x1 + (x3 - x1) * f, y1 + (y3 - y1) * f, x2 + (x3 - x2) * f, y2 + (y3 - y2) * f),
               fill=t.DARK, width=2 * SS)
    d.ellipse((c - r, c - r, c + r, c + r), fill=col, outline=t.DARK, width=3 * SS)
    d.ellipse((c - r + 6 * SS, c - r + 6 * SS, c + r - 6 * SS, c + r - 6 * SS),
              outline=t.mix(col, t.DARK, 0.4), width=2 * SS)
    im = im.resize((SIZE, SIZE), Image.Resampling.LANCZOS)
    t.put_text(im, (SIZE // 2, SIZE // 2), str(seat + 1), 20, t.DARK, bold=True, anchor="mm")
    return im


#: The target frame's width: about 3 px still when the picture is shown 550 px wide.
TARGET_FRAME = 6
#: The Current Location Marker's size (a pin): about 18 x 25 px at 550 px wide.
MARKER_W, MARKER_H = 40, 54


@lru_cache(maxsize=4)
def target_overlay(colour: t.RGB = look.TARGET) -> Image.Image:
    """A bright frame round a square (RGBA): this round's target, or a monster being fought;
    a dark line inside it keeps it apart from a yellow frame or a tile of its own colour."""
    im = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    k = TARGET_FRAME
    d.rectangle((0, 0, SIZE - 1, SIZE - 1), outline=colour + (255,), width=k)
    d.rectangle((k, k, SIZE - 1 - k, SIZE - 1 - k), outline=t.DARK + (255,), width=2)
    d.rectangle((k + 2, k + 2, SIZE - 3 - k, SIZE - 3 - k), outline=colour + (110,), width=3)
    return im


@lru_cache(maxsize=4)
def marker_overlay() -> Image.Image:
    """The Current Location Marker: a map pin (RGBA, drawn at a square's top-right corner),
    white with a red heart and a dark edge, so it stands out on any square."""
    w, h = MARKER_W, MARKER_H
    im = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    cx, cy, r = w * SS / 2, w * SS * 0.46, w * SS * 0.42
    d.polygon([(cx - r * 0.8, cy + r * 0.5), (cx + r * 0.8, cy + r * 0.5), (cx, h * SS - SS)],
              fill=(255, 255, 255, 255), outline=t.DARK + (255,), width=2 * SS)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255, 255), outline=t.DARK + (255,),
              width=3 * SS)
    d.polygon([(cx - r * 0.62, cy + r * 0.62), (cx + r * 0.62, cy + r * 0.62), (cx, h * SS - 6 * SS)],
              fill=(255, 255, 255, 255))
    d.ellipse((cx - r * 0.5, cy - r * 0.5, cx + r * 0.5, cy + r * 0.5), fill=t.DANGER + (255,),
              outline=t.DARK + (255,), width=SS)
    return im.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=4)
def link_overlay(vertical: bool) -> Image.Image:
    """The bridge between two joined connected tiles, across their shared edge (RGBA)."""
    w, h = (40, 18) if vertical else (18, 40)
    im = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), 3 * SS, fill=(226, 231, 240, 255),
                        outline=t.DARK + (255,), width=2 * SS)
    for f in (0.33, 0.67):
        if vertical:
            d.line((f * w * SS, 3 * SS, f * w * SS, h * SS - 3 * SS), fill=t.DARK + (255,), width=2 * SS)
        else:
            d.line((3 * SS, f * h * SS, w * SS - 3 * SS, f * h * SS), fill=t.DARK + (255,), width=2 * SS)
    return im.resize((w, h), Image.Resampling.LANCZOS)
