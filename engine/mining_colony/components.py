"""The components as data (C1-C11), read from components.json, and the grid geometry (C6).

Squares are named ``A1``..``F6`` (columns A-F left to right, rows 1-6 bottom to top). Buildings
use the notation's words: ``blank``, ``dome``, ``pad``, ``any`` and the crystal colours.
"""

from __future__ import annotations

import json
from pathlib import Path

_DATA = json.loads((Path(__file__).with_name("components.json")).read_text(encoding="utf-8"))

CRYSTAL_COLOURS: tuple[str, ...] = tuple(_DATA["crystal_colours"])  # C1
CREW_COLOURS: tuple[str, ...] = tuple(_DATA["crew_colours"])
KINDS = ("crystal", "worker", "ship")

# every item in listing order (C1): crystals purple..green, then workers, then ships
ITEMS: tuple[str, ...] = (tuple(f"crystal/{c}" for c in CRYSTAL_COLOURS)
                          + tuple(f"worker/{c}" for c in CREW_COLOURS)
                          + tuple(f"ship/{c}" for c in CREW_COLOURS))
ITEM_INDEX = {item: i for i, item in enumerate(ITEMS)}
STRUCTURES: tuple[str, ...] = (tuple(f"outpost/{c}" for c in CREW_COLOURS)
                               + tuple(f"station/{c}" for c in CRYSTAL_COLOURS))
TOKEN_TYPES: tuple[str, ...] = tuple(_DATA["tokens"])  # C8
TOKEN_COUNTS: dict[str, int] = dict(_DATA["tokens"])
ITEM_COUNTS: dict[str, int] = {
    **{f"crystal/{c}": _DATA["crystals_per_colour"] for c in CRYSTAL_COLOURS},
    **{f"worker/{c}": _DATA["workers_per_colour"] for c in CREW_COLOURS},
    **{f"ship/{c}": _DATA["ships_per_colour"] for c in CREW_COLOURS}}
STRUCTURES_PER_COLOUR = {"outpost": _DATA["outposts_per_colour"],
                         "station": _DATA["stations_per_colour"]}

# supply keys of the summary: items, structures, tokens (every colour and type)
SUPPLY_KEYS: tuple[str, ...] = ITEMS + STRUCTURES + tuple(f"token/{t}" for t in TOKEN_TYPES)

SETS: tuple[tuple[int, ...], ...] = tuple(tuple(s) for s in _DATA["sets"])  # C3
ZORLORD_SET = 1  # C11: set 2
ZORLORD = "zorlord"

_LETTER = {".": "blank", "D": "dome", "L": "pad", "*": "any", "P": "purple", "Y": "yellow",
           "W": "white", "G": "green"}

# C5: tiles by id, their size and printed buildings in cell order
TILE_PRINT: dict[str, tuple[str, ...]] = {}
for _size, _rows in _DATA["tiles"].items():
    for _n, _cells in enumerate(_rows, start=1):
        TILE_PRINT[f"t{_size}-{_n:02d}"] = tuple(_LETTER[ch] for ch in _cells)
TILE_IDS: tuple[str, ...] = tuple(sorted(TILE_PRINT))
SIZES = ("1", "2", "3", "4", "5")
SHAPE_NAMES = {"1": "mono", "2": "duo", "3": "corner", "4": "tee", "5": "pent"}


def tile_size(tile: str) -> int:
    return len(TILE_PRINT[tile])


RESOURCE_CARDS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    card: tuple((str(zone[0]), tuple(zone[1:])) for zone in zones)
    for card, zones in _DATA["resource_cards"].items()}  # C4: (tile size, items) per zone

COLUMNS = "ABCDEF"
SQUARES: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, 7) for c in COLUMNS)
XY = {sq: (COLUMNS.index(sq[0]), int(sq[1]) - 1) for sq in SQUARES}
AT = {xy: sq for sq, xy in XY.items()}
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    sq: tuple(AT[(x + dx, y + dy)] for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))
              if (x + dx, y + dy) in AT)
    for sq, (x, y) in XY.items()}

# R14: (X, M, Y) triples, M exactly between X and Y in a row or a column
TRIPLES: dict[str, tuple[tuple[str, str], ...]] = {
    sq: tuple((AT[(x - dx, y - dy)], AT[(x + dx, y + dy)]) for dx, dy in ((1, 0), (0, 1))
              if (x - dx, y - dy) in AT and (x + dx, y + dy) in AT)
    for sq, (x, y) in XY.items()}

STARTING: dict[str, dict[str, str]] = {
    side: {sq: _LETTER[ch] for sq, ch in spaces.items()}
    for side, spaces in _DATA["starting_spaces"].items()}
SIDES = tuple(STARTING)
ROTATIONS = (0, 90, 180, 270)


def _turn(dx: int, dy: int, rot: int) -> tuple[int, int]:
    """R10: a turn of 90 degrees clockwise maps (dx, dy) to (dy, -dx)."""
    for _ in range(rot // 90):
        dx, dy = dy, -dx
    return dx, dy


# PLACEMENTS[size][(square, rotation)]: the squares of cells 1.. when cell 1 is on square,
# for every placement that lies inside the grid
PLACEMENTS: dict[str, dict[tuple[str, int], tuple[str, ...]]] = {}
for _size, _offsets in _DATA["shapes"].items():
    table: dict[tuple[str, int], tuple[str, ...]] = {}
    for _sq, (_x, _y) in XY.items():
        for _rot in ((0,) if _size == "1" else ROTATIONS):
            cells = []
            for _dx, _dy in _offsets:
                tx, ty = _turn(_dx, _dy, _rot)
                cells.append(AT.get((_x + tx, _y + ty)))
            if None not in cells:
                table[(_sq, _rot)] = tuple(c for c in cells if c is not None)
    PLACEMENTS[_size] = table


def fits(building: str, item: str) -> bool:
    """R11: a crystal on a storage unit of its colour or a multi-coloured one, a worker on a
    dome, a ship on a landing pad."""
    kind, _, colour = item.partition("/")
    if kind == "crystal":
        return building == colour or building == "any"
    return building == ("dome" if kind == "worker" else "pad")


def is_item(text: str) -> bool:
    return text in ITEM_INDEX


def structures_in_play(players: int) -> int:
    """C10: players - 1 of each colour (solo: 1)."""
    return max(1, players - 1)


def awards(players: int) -> tuple[int, ...]:
    """C10: unplayed-card awards by rank."""
    return (6, 3, 1, 0)[:max(players, 2)]
