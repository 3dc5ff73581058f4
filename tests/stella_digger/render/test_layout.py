"""What the round picture keeps room for: the discard pile with four players too, the gadgets
for sale grouped by colour with their names, and a target and marker that still stand out when
Discord shows the 1200 px picture about 550 px wide."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

from engine.stella_digger.components import ALL_GADGETS, COLOURS, GADGET_TYPES
from render.stella_digger import panel, tiles
from render.stella_digger.board import map_image
from render.stella_digger.grid import marker_xy
from render.stella_digger.layout import HEIGHT, WIDTH, square_box
from render.stella_digger.look import TARGET

FIXTURES = Path(__file__).with_name("fixtures")
SHOWN = 550  # Discord's preview width


def four_players() -> dict[str, Any]:
    view = json.loads((FIXTURES / "engine_4p_seed7_step140.json").read_text(encoding="utf-8"))["view"]
    assert len(view["seats"]) == 4
    return view


def overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def changed(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> bool:
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


def test_every_table_size_has_a_discard_pile_clear_of_the_panels() -> None:
    for n in (2, 3, 4):
        pile = panel.discard_box(n)
        assert 0 <= pile[0] < pile[2] <= WIDTH and 0 <= pile[1] < pile[3] <= HEIGHT
        assert pile[3] - pile[1] >= 40
        assert not any(overlaps(pile, panel.player_box(i)) for i in range(n))
        assert not any(overlaps(pile, box) for box in panel.table_boxes())
    assert panel.compact_discard(panel.discard_box(4))
    assert not panel.compact_discard(panel.discard_box(3))


def test_a_four_player_map_shows_its_discard_pile() -> None:
    view = four_players()
    pile = panel.discard_box(4)
    groups = panel.discard_groups(pile)
    assert len(groups) == len(COLOURS) and all(pile[0] < a < b < pile[2] for a, b in groups)
    empty = map_image(dict(view, discard=[]))
    one = map_image(dict(view, discard=["pink-3"]))
    two = map_image(dict(view, discard=["pink-3", "pink-3"]))
    pink = COLOURS.index("pink")
    strip = (groups[pink][0], pile[1], groups[pink][1], pile[3])
    assert changed(empty, one, strip)  # the card is drawn in pink's group...
    assert changed(one, two, strip)  # ...and a second one adds its count
    for i, (left, right) in enumerate(groups):
        if i != pink:
            assert not changed(empty, one, (left, pile[1], right, pile[3]))


def test_gadgets_for_sale_are_a_column_per_colour_with_the_kinds_named() -> None:
    view = four_players()
    everything = map_image(dict(view, gadget_supply=list(ALL_GADGETS)))
    _, supply = panel.table_boxes()
    names, cells, row = panel.gadget_grid(supply)
    assert supply[0] < names < cells and cells + len(COLOURS) * panel.GRID_STEP <= supply[2]
    assert row + (len(GADGET_TYPES) - 1) * panel.GRID_ROW + 8 <= supply[3]
    for i, kind in enumerate(GADGET_TYPES):
        for k, colour in enumerate(COLOURS):
            sold = map_image(dict(view, gadget_supply=[g for g in ALL_GADGETS if g != f"{kind}/{colour}"]))
            y = row + i * panel.GRID_ROW
            cell = (cells + k * panel.GRID_STEP, y - 8, cells + (k + 1) * panel.GRID_STEP, y + 8)
            diff = ImageChops.difference(everything, sold).getbbox()
            assert diff is not None  # that gadget's cell, and nothing else, shows it is sold
            assert cell[0] <= diff[0] and diff[2] <= cell[2] and cell[1] <= diff[1] and diff[3] <= cell[3]
    # the kinds' names stay whatever is left for sale
    none_left = map_image(dict(view, gadget_supply=[]))
    name_box = (names, row - 8, cells, row + (len(GADGET_TYPES) - 1) * panel.GRID_ROW + 8)
    assert not changed(everything, none_left, name_box)


def near(pixel: tuple[int, ...], colour: tuple[int, int, int], within: int) -> bool:
    return sum(abs(a - b) for a, b in zip(pixel[:3], colour, strict=True)) <= within


def shown(im: Image.Image) -> tuple[Image.Image, float]:
    scale = SHOWN / im.width
    return im.resize((SHOWN, round(im.height * scale)), Image.Resampling.LANCZOS), scale


def test_target_frame_and_marker_stand_out_at_preview_width() -> None:
    view = copy.deepcopy(four_players())
    small, scale = shown(map_image(view))
    target = view["target"][0]
    assert view["marker"] == target
    x, y = marker_xy(target)
    pin = (round(x * scale), round(y * scale), round((x + tiles.MARKER_W) * scale),
           round((y + tiles.MARKER_H) * scale))
    # the frame: a band 3 px wide round the square (outside the pin) is mostly target-coloured
    # (the 4 px frame drawn before gave about a quarter)
    left, top, right, bottom = (round(v * scale) for v in square_box(target))
    band = [(px, py) for px in range(left - 1, right + 1) for py in range(top - 1, bottom + 1)
            if not (left + 3 <= px < right - 3 and top + 3 <= py < bottom - 3)
            and not (pin[0] <= px < pin[2] and pin[1] <= py < pin[3])]
    framed = sum(near(small.getpixel(p), TARGET, 60) for p in band)  # type: ignore[arg-type]
    assert framed / len(band) > 0.4
    # the pin: at least 18 x 24 px on screen, with a white body of 60 px or more (the pin drawn
    # before was 12 x 16 with 30)
    assert tiles.MARKER_W * scale >= 18 and tiles.MARKER_H * scale >= 24
    crop = small.crop(pin)
    white = sum(1 for i in range(crop.width) for j in range(crop.height)
                if min(crop.getpixel((i, j))[:3]) > 215)  # type: ignore[index]
    assert white >= 60
