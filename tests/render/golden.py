"""Compare a rendered picture with its golden file, with a small tolerance (font rasterisers and
Pillow versions may move a few anti-aliased pixels). ``RENDER_UPDATE_GOLDEN=1`` rewrites them."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops

#: A pixel "differs" when its difference (as luminance) exceeds this.
PIXEL_THRESHOLD = 40
#: At most this share of pixels may differ, and the mean difference must stay under MEAN_MAX.
SHARE_MAX = 0.004
MEAN_MAX = 1.5


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(share of pixels that differ, mean difference 0-255) of two same-size pictures."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    hist = diff.histogram()
    n = a.width * a.height
    return sum(hist[PIXEL_THRESHOLD:]) / n, sum(i * c for i, c in enumerate(hist)) / n


def assert_matches(data: bytes, name: str, tmp_dir: Path, golden: Path) -> None:
    """``data`` matches the picture ``golden / name`` within the tolerance."""
    path = golden / name
    if os.environ.get("RENDER_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return
    assert path.exists(), f"no golden {path}: run with RENDER_UPDATE_GOLDEN=1 and look at it"
    actual = Image.open(io.BytesIO(data))
    expected = Image.open(path)
    assert actual.size == expected.size, f"{name}: size {actual.size} != golden {expected.size}"
    share, mean = difference(actual, expected)
    if share > SHARE_MAX or mean > MEAN_MAX:
        out = tmp_dir / name
        out.write_bytes(data)
        raise AssertionError(f"{name} differs from its golden: {share:.2%} of pixels, mean {mean:.2f} "
                             f"(actual picture: {out}; RENDER_UPDATE_GOLDEN=1 rewrites the goldens)")
