"""Turning pictures into bytes.

The pictures are flat colours plus anti-aliased edges: 256 colours hold them without visible
loss. Stella Digger's are mapped to fixed palettes (the round picture's taken once per process
from a swatch of everything it can show, render/stella_digger/swatch.py; the hand's stored as
data, render/stella_digger/hand_palette.py), a cheap nearest-colour lookup whose bytes depend
only on the view; the other games' pictures get their own 256 colours (``own_palette``).

The indexed rows are written as a PNG here rather than by Pillow: Pillow deflates with the
system zlib (1.2.13 on the benchmark machine: 8 ms for the round picture's 1 MB of indices at
level 3, two thirds of the picture's CPU), ISA-L (``isal``) deflates the same rows in about 1 ms,
a few per cent larger. Rows are unfiltered, as PNG advises for palette images (and as Pillow
writes them). Without ``isal`` the standard zlib at level 1 is used (faster than level 3, ~10%
larger); the pictures are the same either way, only the bytes differ.
"""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image

try:
    from isal.isal_zlib import compress as _deflate
except ImportError:  # isal is a dependency; this keeps a venv installed before it drawing
    from zlib import compress as _deflate

#: ISA-L level 1 (of 0-3) or zlib level 1: the fastest that still finds repeated runs.
LEVEL = 1

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png(im: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes: mapped to ``palette`` if given, else its own 256-colour palette."""
    if palette is None and im.mode == "RGB":
        palette = own_palette(im)
    if palette is not None:
        im = im.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        im = im.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return indexed_png(im)


def own_palette(im: Image.Image) -> Image.Image:
    """The picture's own 256 colours, chosen (octree) from every other pixel of every other row:
    a third of the CPU of an octree of the whole picture plus the mapping to it, with the same
    mean error (~1 of 255; a few edge pixels up to ~30 off where a rare blend was not sampled)."""
    sample = im.resize((max(1, im.width // 2), max(1, im.height // 2)), Image.Resampling.NEAREST)
    return sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def indexed_png(im: Image.Image) -> bytes:
    """An 8-bit palette image as PNG bytes (IHDR, PLTE, IDAT, IEND), deflated fast. A palette
    with alpha, or a mode other than P, is left to Pillow's writer."""
    if im.mode != "P" or im.palette is None or im.palette.mode != "RGB" or "transparency" in im.info:
        buf = io.BytesIO()
        im.save(buf, format="PNG", compress_level=1)
        return buf.getvalue()
    w, h = im.size
    plte = bytes(im.getpalette() or b"\0\0\0")[:768]
    framed = Image.new("P", (w + 1, h), 0)  # a first column of zeros: each row's filter, None
    framed.paste(im, (1, 0))
    rows = framed.tobytes()  # (a third of the CPU of joining the rows in Python)
    return b"".join((
        _SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),  # 8-bit, palette
        _chunk(b"PLTE", plte),
        _chunk(b"IDAT", _deflate(rows, LEVEL)),
        _chunk(b"IEND", b""),
    ))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def palette_of(images: list[Image.Image]) -> Image.Image:
    """A 256-colour palette image for a set of pictures (stacked, then quantised once)."""
    w = max(i.width for i in images)
    montage = Image.new("RGB", (w, sum(i.height for i in images)))
    y = 0
    for i in images:
        montage.paste(i.convert("RGB"), (0, y))
        y += i.height
    return montage.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
