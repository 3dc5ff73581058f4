"""Turning pictures into bytes.

The round picture is flat colours plus anti-aliased edges: 256 colours hold it without visible
loss. Its palette is fixed once per process from a swatch of everything the picture can show
(render/stella_digger/swatch.py), so mapping a picture to it is a cheap nearest-colour lookup and the bytes
depend only on the view. An indexed PNG at zlib level 3 is about a third of the RGB file and
several times faster to write (Pillow's RGB writer spends most of its time choosing row filters).
"""

from __future__ import annotations

import io

from PIL import Image

PNG_LEVEL = 3


def png(im: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes: mapped to ``palette`` if given, else its own 256-colour palette."""
    if palette is not None:
        im = im.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        im = im.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    im.save(buf, format="PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()


def palette_of(images: list[Image.Image]) -> Image.Image:
    """A 256-colour palette image for a set of pictures (stacked, then quantised once)."""
    w = max(i.width for i in images)
    montage = Image.new("RGB", (w, sum(i.height for i in images)))
    y = 0
    for i in images:
        montage.paste(i.convert("RGB"), (0, y))
        y += i.height
    return montage.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
