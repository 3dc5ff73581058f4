"""Component data (rulings C1-C9), loaded once from ``components.json``.

Everything a printed copy could differ in lives in the JSON file; this module only names it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

_DATA = json.loads((Path(__file__).with_name("components.json")).read_text(encoding="utf-8"))

COLOURS: tuple[str, ...] = tuple(_DATA["colours"])  # C1, also the "C1 order" of the rulings
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}

# C2: drill cards, named COLOUR-N; cards of one colour and number are interchangeable.
CARD_COUNTS: dict[str, int] = {
    f"{colour}-{n}": count
    for colour in COLOURS
    for n, count in sorted(_DATA["drill_cards_per_colour"].items())
}
ALL_CARDS: tuple[str, ...] = tuple(c for c, k in CARD_COUNTS.items() for _ in range(k))
CARD_COLOUR = {c: c.rsplit("-", 1)[0] for c in CARD_COUNTS}
CARD_NUMBER = {c: int(c.rsplit("-", 1)[1]) for c in CARD_COUNTS}


def card_key(card: str) -> tuple[int, int]:
    """Sort key: C1 colour order, then number."""
    return COLOUR_INDEX[CARD_COLOUR[card]], CARD_NUMBER[card]


CRYSTALS_PER_COLOUR: int = _DATA["crystals_per_colour"]  # C3

# C4: gadgets, one card per (type, colour), named TYPE/COLOUR.
GADGET_TYPES: tuple[str, ...] = tuple(_DATA["gadgets"])
GADGET_COST: dict[str, int] = dict(_DATA["gadgets"])
ALL_GADGETS: tuple[str, ...] = tuple(f"{t}/{c}" for t in GADGET_TYPES for c in COLOURS)
GADGET_INDEX = {g: i for i, g in enumerate(ALL_GADGETS)}


_GADGET_TYPE = {g: g.split("/", 1)[0] for g in ALL_GADGETS}
_GADGET_COLOUR = {g: g.split("/", 1)[1] for g in ALL_GADGETS}


def gadget_type(gadget: str) -> str:
    return _GADGET_TYPE[gadget]


def gadget_colour(gadget: str) -> str:
    return _GADGET_COLOUR[gadget]


VP3_TILES: int = _DATA["vp3_tiles"]  # C6
VP1_TILES: int = _DATA["vp1_tiles"]
TEAR_TILES: int = _DATA["red_tear_tiles"]
DRILL_COST: int = _DATA["large_drill_cost"]  # C7
DRILLS_PER_PLAYER: dict[int, int] = {int(k): v for k, v in _DATA["large_drills_per_player"].items()}
HAND_LIMIT: int = _DATA["hand_limit"]  # R11
CRYSTAL_LIMIT: int = _DATA["crystal_limit"]
FIRST_TARGETS: tuple[str, ...] = tuple(_DATA["first_targets"])  # R4

MAP_ROWS: tuple[str, ...] = tuple(row.replace(" ", "") for row in _DATA["map"])  # C8, top row first
PRINTED_BY_TERRAIN: dict[str, int] = dict(_DATA["printed_numbers"])
TILE_PILES: dict[str, list[str]] = {z: list(v) for z, v in _DATA["tiles"].items() if z != "Y"}  # C9
CORE_DRAW: int = _DATA["tiles"]["Y"]["draw"]
CORE_POOL: tuple[str, ...] = tuple(_DATA["tiles"]["Y"]["from"])


@dataclass(frozen=True, slots=True)
class TileInfo:
    """A mining tile's printed face, parsed from its code (``pink:2``, ``gold:3``,
    ``monster:5/1/2``, connected ``blue:2>up``)."""

    kind: str  # "colour", "gold" or "monster"
    colour: str | None = None
    crystals: int = 0
    power: int = 0
    loss: int = 0
    vp: int = 0


_TILE_CACHE: dict[str, TileInfo] = {}


def tile_info(code: str) -> TileInfo:
    """Parse the face part of a tile code (any ``>DIRECTION`` suffix is ignored)."""
    info = _TILE_CACHE.get(code)
    if info is not None:
        return info
    face = code.split(">", 1)[0]
    kind, _, rest = face.partition(":")
    if kind == "monster":
        power, loss, vp = (int(x) for x in rest.split("/"))
        info = TileInfo("monster", power=power, loss=loss, vp=vp)
    elif kind == "gold":
        info = TileInfo("gold", crystals=int(rest))
    elif kind in COLOUR_INDEX:
        info = TileInfo("colour", colour=kind, crystals=int(rest))
    else:
        raise ValueError(f"unknown tile {code!r}")
    if info.crystals < 0 or info.power < 0 or info.loss < 0 or info.vp < 0:
        raise ValueError(f"negative number in tile {code!r}")
    _TILE_CACHE[code] = info
    return info
