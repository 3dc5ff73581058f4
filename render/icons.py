"""Small cached pictures shared by the games: each is RGBA, drawn ``SS`` times larger and scaled
down once; ``paste`` lays one on a picture. A game's own icons live in its package
(render/stella_digger/icons.py)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from . import theme as t

SS = 4


def rgba(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    im = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    return im, ImageDraw.Draw(im)


def down(im: Image.Image, w: int, h: int) -> Image.Image:
    return im.resize((w, h), Image.Resampling.LANCZOS)


def paste(dst: Image.Image, icon: Image.Image, xy: tuple[float, float]) -> None:
    dst.paste(icon, (round(xy[0]), round(xy[1])), icon)


@lru_cache(maxsize=16)
def seat_badge(seat: int, size: int = 26) -> Image.Image:
    im, d = rgba(size, size)
    d.ellipse((SS, SS, size * SS - SS, size * SS - SS), fill=t.seat_rgb(seat) + (255,),
              outline=t.DARK + (255,), width=2 * SS)
    im = down(im, size, size)
    t.put_text(im, (size // 2, size // 2), str(seat + 1), int(size * 0.6), t.DARK, bold=True, anchor="mm")
    return im
