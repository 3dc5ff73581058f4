"""render/encode.py writes its own PNG chunks: they must be well formed (every CRC right, as
strict decoders such as browsers check) and decode to exactly the indices and palette mapped."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image, ImageChops, ImageDraw

import render.encode as encode
from render.encode import indexed_png, own_palette, png

from .golden import difference


def _sample() -> Image.Image:
    """Flat colours, anti-aliased shapes and text, with more than 256 colours in all."""
    im = Image.new("RGB", (301, 203), (15, 18, 27))
    d = ImageDraw.Draw(im)
    for i in range(12):
        d.ellipse((10 + 23 * i, 20, 40 + 23 * i, 50 + 9 * i), fill=(40 + 17 * i, 200 - 13 * i, 90 + 7 * i))
    d.text((12, 150), "Stella 岩田 Zoë 12345", fill=(238, 241, 247))
    return im.resize((301, 203), Image.Resampling.LANCZOS, box=(0.5, 0.5, 300.5, 202.5))


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    out, at = [], 8
    while at < len(data):
        (n,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + n]
        (crc,) = struct.unpack(">I", data[at + 8 + n:at + 12 + n])
        assert crc == zlib.crc32(kind + body), f"bad CRC in {kind!r}"
        out.append((kind, body))
        at += 12 + n
    return out


def test_indexed_png_is_well_formed_and_lossless() -> None:
    q = _sample().quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    data = indexed_png(q)
    assert [k for k, _ in _chunks(data)] == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    back = Image.open(io.BytesIO(data))
    back.load()
    assert back.mode == "P" and back.size == q.size
    assert back.tobytes() == q.tobytes()
    assert back.getpalette() == q.getpalette()


def test_zlib_fallback_gives_the_same_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without isal the rows go through the standard zlib: other bytes, the same pixels."""
    im = _sample()
    fast = png(im)
    monkeypatch.setattr(encode, "_deflate", zlib.compress)
    slow = png(im)
    a, b = Image.open(io.BytesIO(fast)), Image.open(io.BytesIO(slow))
    assert ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def test_a_picture_without_fixed_palette_keeps_its_colours() -> None:
    """``own_palette`` samples a quarter of the pixels: the result stays as close to the picture
    as an octree of all of them (mean error under 1.5 of 255, no pixel far off)."""
    im = _sample()
    mapped = im.quantize(palette=own_palette(im), dither=Image.Dither.NONE)
    share, mean = difference(im, mapped)
    assert share == 0.0 and mean < 1.5


def test_rgba_and_odd_modes_are_left_to_pillow() -> None:
    im = Image.new("RGBA", (20, 10), (255, 0, 0, 128))
    back = Image.open(io.BytesIO(png(im)))
    back.load()
    assert back.size == (20, 10)
    assert back.convert("RGBA").getpixel((3, 3))[3] in range(120, 137)
