"""Turning pictures into bytes. The round pictures are flat colours over a few hundred distinct
shades, so a fast zlib level gives files far under Discord's limits; speed matters more."""

from __future__ import annotations

import io

from PIL import Image

PNG_LEVEL = 1


def png(im: Image.Image) -> bytes:
    buf = io.BytesIO()
    im.save(buf, format="PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()
