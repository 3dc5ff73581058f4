"""Stella Digger's small cached pictures used in panels: crystals, VP tiles, the Foreman, gadget
chips, accident cards, tears, drill tokens. Each is RGBA, drawn large and scaled down once
(render/icons.py)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from engine.stella_digger.components import gadget_colour, gadget_type
from texts import _, language

from .. import theme as t
from ..icons import SS, down, rgba
from . import look


@lru_cache(maxsize=64)
def crystal(colour: str | None, size: int = 20, dim: bool = False) -> Image.Image:
    """A crystal in its colour's shape; ``None``: any colour (gold). ``dim``: none held."""
    im, d = rgba(size, size)
    c = size * SS / 2
    r = size * SS * 0.46
    if colour is None:
        d.regular_polygon((c, c, r * 0.95), 6, fill=(250, 246, 230, 255), outline=t.DARK + (255,), width=SS)
    else:
        fill = look.COLOUR_RGB[colour]
        outline = (255, 255, 255)
        if dim:
            fill = t.mix(fill, t.PANEL, 0.7)
            outline = t.mix(outline, t.PANEL, 0.6)
        look.draw_colour_shape(d, colour, c, c, r, outline=outline + (255,), width=max(SS, int(size * SS * 0.07)),
                            fill=fill + (255,))
    return down(im, size, size)


@lru_cache(maxsize=16)
def vp_tile(value: int, size: int = 24, face_down: bool = False) -> Image.Image:
    """A VP tile (3 or 1) as an octagon token; a tear tile is ``value`` 0."""
    im, d = rgba(size, size)
    c = size * SS / 2
    if value == 0:
        d.ellipse((SS, SS, size * SS - SS, size * SS - SS), fill=t.mix(look.TEAR, t.DARK, 0.2) + (255,),
                  outline=(255, 200, 200, 255), width=SS)
        r = size * SS * 0.22
        d.polygon([(c, c - r * 1.9), (c - r, c + r * 0.1), (c + r, c + r * 0.1)], fill=(255, 235, 235, 255))
        d.ellipse((c - r, c - r * 0.6, c + r, c + r * 1.4), fill=(255, 235, 235, 255))
        return down(im, size, size)
    fill = t.mix(t.ACCENT, t.DARK, 0.1) if value == 3 else t.mix(t.MUTED, t.TEXT, 0.3)
    d.regular_polygon((c, c, size * SS * 0.5 - SS), 8, rotation=22.5, fill=fill + (255,),
                      outline=t.DARK + (255,), width=SS)
    im = down(im, size, size)
    t.put_text(im, (size // 2, size // 2), str(value), int(size * 0.6), t.DARK, bold=True, anchor="mm")
    return im


@lru_cache(maxsize=8)
def foreman(size: int = 22) -> Image.Image:
    """The Foreman marker (start player): a hard hat."""
    im, d = rgba(size, size)
    s = size * SS
    d.chord((s * 0.14, s * 0.2, s * 0.86, s * 0.95), 180, 360, fill=t.ACCENT + (255,), outline=t.DARK + (255,), width=SS)
    d.rounded_rectangle((s * 0.04, s * 0.55, s * 0.96, s * 0.7), s * 0.05, fill=t.ACCENT + (255,),
                        outline=t.DARK + (255,), width=SS)
    d.rectangle((s * 0.46, s * 0.22, s * 0.54, s * 0.55), fill=t.mix(t.ACCENT, t.DARK, 0.3) + (255,))
    return down(im, size, size)


@lru_cache(maxsize=16)
def drill_token(seat: int, size: int = 24) -> Image.Image:
    """A Large Drill token not yet placed: a seat-coloured disc with its drill tip."""
    w = round(size * 1.4)
    im, d = rgba(w, size)
    s = size * SS
    col = t.seat_rgb(seat)
    tip = [(s * 0.8, s * 0.22), (s * 0.8, s * 0.78), (w * SS - SS, s * 0.5)]
    d.polygon(tip, fill=(200, 205, 215, 255), outline=t.DARK + (255,), width=SS)
    for f in (0.35, 0.65):
        x = s * 0.8 + (w * SS - s * 0.8) * f
        d.line((x, s * 0.5 - s * 0.28 * (1 - f), x, s * 0.5 + s * 0.28 * (1 - f)), fill=t.DARK + (255,), width=SS)
    d.ellipse((SS, SS, s - SS, s - SS), fill=col + (255,), outline=t.DARK + (255,), width=SS + 1)
    return down(im, w, size)


@lru_cache(maxsize=64)
def gadget_chip(gadget: str, h: int = 24) -> Image.Image:
    """A gadget card as a chip: its colour and shape, and the type's two letters."""
    kind, colour = gadget_type(gadget), gadget_colour(gadget)
    w = 50
    im, d = rgba(w, h)
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), 5 * SS, fill=look.COLOUR_DARK[colour] + (255,),
                        outline=look.COLOUR_RGB[colour] + (255,), width=2 * SS)
    look.draw_colour_shape(d, colour, 12 * SS, h * SS / 2, h * SS * 0.3, outline=(255, 255, 255, 255),
                        width=SS + 1, fill=look.COLOUR_RGB[colour] + (255,))
    im = down(im, w, h)
    t.put_text(im, (34, h // 2), look.GADGET_ABBR[kind], int(h * 0.55), t.TEXT, bold=True, anchor="mm")
    return im


def accident(colour: str | None, w: int = 40, h: int = 54) -> Image.Image:
    """An accident card: face up in its colour and shape, or face down (``None``); its word
    in the language being written."""
    return _accident(colour, w, h, language())


@lru_cache(maxsize=24)
def _accident(colour: str | None, w: int, h: int, lang: str) -> Image.Image:
    im, d = rgba(w, h)
    box = (0, 0, w * SS - 1, h * SS - 1)
    if colour is None:
        d.rounded_rectangle(box, 5 * SS, fill=(62, 44, 44, 255), outline=t.DANGER + (255,), width=2 * SS)
        cx, cy, r = w * SS / 2, h * SS / 2, w * SS * 0.3
        d.polygon([(cx, cy - r), (cx + r, cy + r * 0.75), (cx - r, cy + r * 0.75)],
                  fill=t.ACCENT + (255,), outline=t.DARK + (255,), width=SS)
        im = down(im, w, h)
        t.put_text(im, (w // 2, h // 2 + 3), "!", int(w * 0.36), t.DARK, bold=True, anchor="mm")
        return im
    d.rounded_rectangle(box, 5 * SS, fill=look.COLOUR_DARK[colour] + (255,), outline=look.COLOUR_RGB[colour] + (255,),
                        width=2 * SS)
    look.draw_colour_shape(d, colour, w * SS / 2, h * SS * 0.45, w * SS * 0.3, outline=(255, 255, 255, 255),
                        width=SS + 2, fill=look.COLOUR_RGB[colour] + (255,))
    im = down(im, w, h)
    if w >= 36:
        t.put_text(im, (w // 2, h - 5), t.fit(_("ACCIDENT"), 7, True, w - 4), 7, t.TEXT, bold=True, anchor="ms")
    return im
