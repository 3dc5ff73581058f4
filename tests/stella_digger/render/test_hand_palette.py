"""The hand picture's stored palette (render/stella_digger/hand_palette.py) still fits what a
hand can show: if a drawing changes colour, these fail until the data is regenerated."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageStat

from render.stella_digger.hand import hand_image, hand_png
from render.stella_digger.hand_palette import COLOURS_HEX, swatch_hands


def test_stored_palette_is_256_colours() -> None:
    assert len(bytes.fromhex(COLOURS_HEX)) == 768


def test_every_swatch_hand_maps_closely_to_the_stored_palette() -> None:
    for view, player in swatch_hands():
        drawn = hand_image(view, player)
        back = Image.open(io.BytesIO(hand_png(view, player))).convert("RGB")
        diff = ImageChops.difference(drawn, back)
        mean = sum(ImageStat.Stat(diff).mean) / 3
        worst = max(hi for _, hi in diff.getextrema())
        assert mean < 1.5, (player, mean)  # ~0.75-1.0 of 255 when stored (own palette: ~0.85-1.0)
        assert worst < 64, (player, worst)  # a rare anti-aliased blend, ~30-40 when stored
