"""The components (out-of-mine.md C1-C5) read from components.json, with the lookups the rules
need: squares as bits, every shape's orientations (R8), every placement of a shape on a side.

A square is a bit: ``col * 5 + (row - 1)`` (``A1`` is bit 0, ``A2`` bit 1, ``B1`` bit 5), so the
canonical square order (by column, then row) is the order of the bits.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

_DATA = json.loads(Path(__file__).with_name("components.json").read_text(encoding="utf-8"))

COLS, ROWS = "ABCDEFG", 5
SQUARES: tuple[str, ...] = tuple(f"{c}{r}" for c in COLS for r in range(1, ROWS + 1))
BIT: dict[str, int] = {sq: 1 << i for i, sq in enumerate(SQUARES)}
SIZES: dict[str, int] = dict(_DATA["colours"])  # C1: colour -> squares a tile covers
COLOURS: tuple[str, ...] = tuple(SIZES)
ELEMENTS: tuple[str, ...] = tuple(_DATA["elements"])
INITIAL = {c: c[0] for c in COLOURS}  # y b g r w (C5 elves, grids)
ROUNDS: int = _DATA["rounds"]
PILE: int = _DATA["pile"]
BOARDS: tuple[int, ...] = tuple(range(1, _DATA["boards"] + 1))
GALLERY = 20  # spaces on every side (C5)


def square_list(mask: int) -> list[str]:
    """The squares of ``mask`` in canonical order."""
    return list(square_tuple(mask))


@cache
def square_tuple(mask: int) -> tuple[str, ...]:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(SQUARES[i])
        mask >>= 1
        i += 1
    return tuple(out)


@cache
def square_text(mask: int) -> str:
    """``A2,A3,A4,B2``: the squares of ``mask``, canonical, comma-separated."""
    return ",".join(square_tuple(mask))


def _cells(drawing: list[str]) -> frozenset[tuple[int, int]]:
    height = len(drawing)
    return frozenset((x, height - 1 - y) for y, row in enumerate(drawing)
                     for x, ch in enumerate(row) if ch == "#")


def _normal(cells: frozenset[tuple[int, int]] | set[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return frozenset((x - mx, y - my) for x, y in cells)


def _orientations(cells: frozenset[tuple[int, int]]) -> list[frozenset[tuple[int, int]]]:
    """Every rotation and mirror image (R8: tiles are printed on both faces), no repeats."""
    seen: list[frozenset[tuple[int, int]]] = []
    cur = set(cells)
    for _mirror in range(2):
        for _turn in range(4):
            norm = _normal(cur)
            if norm not in seen:
                seen.append(norm)
            cur = {(y, -x) for x, y in cur}
        cur = {(-x, y) for x, y in cur}
    return seen


SHAPES: dict[str, list[frozenset[tuple[int, int]]]] = {
    name: _orientations(_cells(drawing)) for name, drawing in _DATA["shapes"].items()}


def shape_colour(shape: str) -> str:
    return shape.split("-")[0]


@dataclass(frozen=True, slots=True)
class Kind:
    """A tile kind (C3): a shape and the element it shows, if any; ``count`` in the box."""

    name: str
    shape: str
    colour: str
    element: str | None
    count: int


KINDS: dict[str, Kind] = {}
for _name, _count in _DATA["kinds"].items():
    _shape, _, _element = _name.partition("/")
    KINDS[_name] = Kind(_name, _shape, shape_colour(_shape), _element or None, _count)
KINDS_OF_COLOUR: dict[str, tuple[Kind, ...]] = {
    c: tuple(k for k in KINDS.values() if k.colour == c) for c in COLOURS}


_SHAPE_OF_MASK: dict[int, str] = {
    sum(1 << (x * ROWS + y) for x, y in o): name for name, orients in SHAPES.items()
    for o in orients}


@cache
def shape_of(mask: int) -> str | None:
    """The shape whose orientation these squares form (any position), or None."""
    if not mask:
        return None
    low = (mask & -mask).bit_length() - 1
    row = ROWS
    m, i = mask, 0
    while m:
        if m & 1:
            row = min(row, i % ROWS)
        m >>= 1
        i += 1
    return _SHAPE_OF_MASK.get(mask >> (low // ROWS * ROWS + row))


@dataclass(frozen=True, slots=True)
class Card:
    """A treasure card (C4): tiles allowed per colour, the finds it names (variant B)."""

    number: int
    tiles: dict[str, int]
    finds: dict[str, int]

    def text(self) -> str:
        """``blue:1,red:2,white:2 gold+1,woodworm-1`` (the notation's card contents)."""
        return _card_text(self.number)

    def _text(self) -> str:
        tiles = ",".join(f"{c}:{n}" for c, n in self.tiles.items())
        finds = ",".join(f"{e}{p:+d}" for e, p in self.finds.items())
        return f"{tiles} {finds}"


@cache
def _card_text(number: int) -> str:
    return CARDS[number]._text()


CARDS: dict[int, Card] = {
    int(n): Card(int(n), {c: d["tiles"][c] for c in COLOURS if d["tiles"].get(c)},
                 dict(d["finds"]))
    for n, d in _DATA["cards"].items()}


@dataclass(frozen=True, slots=True)
class Side:
    """A board side (C5): its grid (row 5 first), gallery squares and elves."""

    name: str
    grid: tuple[str, ...]
    gallery: int  # bit mask of the 20 gallery spaces
    elves: dict[str, str]  # square -> colour

    def plain_grid(self) -> list[str]:
        """The grid with elves drawn as plain gallery spaces."""
        return ["".join("#" if ch == "#" else "." for ch in row) for row in self.grid]


def _side(name: str, grid: list[str]) -> Side:
    gallery = 0
    elves: dict[str, str] = {}
    by_initial = {v: k for k, v in INITIAL.items()}
    for i, row in enumerate(grid):
        for x, ch in enumerate(row):
            sq = f"{COLS[x]}{ROWS - i}"
            if ch != "#":
                gallery |= BIT[sq]
            if ch in by_initial:
                elves[sq] = by_initial[ch]
    return Side(name, tuple(grid), gallery, dict(sorted(elves.items(),
                                                         key=lambda e: SQUARES.index(e[0]))))


SIDES: dict[str, Side] = {name: _side(name, grid) for name, grid in _DATA["sides"].items()}


@cache
def placements(side: str, shape: str) -> tuple[int, ...]:
    """Every placement of ``shape`` on ``side``'s gallery (R7.1, R8), as square masks in
    canonical order."""
    gallery = SIDES[side].gallery
    out = set()
    for cells in SHAPES[shape]:
        w = max(x for x, _ in cells) + 1
        h = max(y for _, y in cells) + 1
        for ox in range(len(COLS) - w + 1):
            for oy in range(ROWS - h + 1):
                mask = 0
                for x, y in cells:
                    mask |= 1 << ((ox + x) * ROWS + oy + y)
                if mask & gallery == mask:
                    out.add(mask)
    return tuple(sorted(out, key=lambda m: [SQUARES.index(s) for s in square_list(m)]))
