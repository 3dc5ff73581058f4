"""A White Ranium player's private picture for a choice of place (issue 28, pointing with a
preview): the mine as it stands, every legal target of the verb picked numbered on its card as
the select under it numbers them (1 is the first of ``places``): "Move to C5" is the number
drawn on C5. Drawn from a view without hidden things (the mine is public), sent only to the
player choosing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import ImageDraw

from ..callouts import badge
from ..encode import png
from ..theme import ACCENT, BG, fit, put_text
from .board import BOARD_H, TOP, _cell, _image


def targets_png(view: dict[str, Any], places: Sequence[str], title: str) -> bytes:
    """The mine (no panel), ``places`` numbered 1..n on their cards, ``title`` in the
    header's place."""
    im = _image(view, panel=False)
    draw = ImageDraw.Draw(im)
    draw.rectangle((0, 0, im.width, TOP - 1), fill=BG)
    room = im.width - 16  # a long title (German) a little smaller first, then cut
    size = 16 if fit(title, 16, True, room) == title else 13
    put_text(im, (8, 6 + (16 - size) // 2), fit(title, size, True, room), size, ACCENT, bold=True)
    seen: list[str] = []
    for n, place in enumerate(places, 1):
        x0, y0, x1, y1 = _cell(place)
        draw.rectangle((x0, y0, x1, y1), outline=ACCENT, width=3)
        # a place twice (two players: once a crew) has its numbers side by side
        twice = places.count(place) > 1
        dx = (-12 if place not in seen else 12) if twice else 0
        badge(im, ((x0 + x1) // 2 + dx, (y0 + y1) // 2), n)
        seen.append(place)
    return png(im.crop((0, 0, im.width, TOP + BOARD_H)))
