"""The asteroid map's fixed geometry (C8): squares, terrain, neighbours, printed numbers.

Squares are named ``A1``..``G7``: column letter left to right, row number bottom to top.
Nothing here changes during a game; what lies on the squares is in the state.
"""

from __future__ import annotations

from engine.stella_digger.components import MAP_ROWS, PRINTED_BY_TERRAIN

COLUMNS = "ABCDEFG"
ROWS = range(1, 8)
DIRECTIONS: tuple[str, ...] = ("up", "right", "down", "left")  # clockwise order (R16)
_STEP = {"up": (0, 1), "right": (1, 0), "down": (0, -1), "left": (-1, 0)}

#: Reading order: top row first, left to right (R16: monsters fight in this order).
SQUARES: tuple[str, ...] = tuple(f"{c}{r}" for r in reversed(ROWS) for c in COLUMNS)
READING_INDEX = {sq: i for i, sq in enumerate(SQUARES)}

#: Terrain letter per square: S start, # rock, = tunnel, a/b/c/Y zone (a tile's back).
TERRAIN: dict[str, str] = {
    f"{c}{7 - r}": MAP_ROWS[r][i] for r in range(7) for i, c in enumerate(COLUMNS)
}
START = next(sq for sq, t in TERRAIN.items() if t == "S")
ZONES = ("a", "b", "c", "Y")
ZONE_SQUARES: dict[str, tuple[str, ...]] = {
    z: tuple(sq for sq in SQUARES if TERRAIN[sq] == z) for z in ZONES
}
YELLOW: tuple[str, ...] = ZONE_SQUARES["Y"]
#: The number printed on a square, scored by a Large Drill aimed at it once it is empty (C8).
PRINTED: dict[str, int] = {
    sq: PRINTED_BY_TERRAIN[t] for sq, t in TERRAIN.items() if t in PRINTED_BY_TERRAIN
}


def _coords(sq: str) -> tuple[int, int]:
    return COLUMNS.index(sq[0]), int(sq[1:])


def _name(x: int, y: int) -> str | None:
    if 0 <= x < 7 and 1 <= y <= 7:
        return f"{COLUMNS[x]}{y}"
    return None


#: The square one step from a square in a direction, or None off the map.
STEP: dict[tuple[str, str], str | None] = {
    (sq, d): _name(_coords(sq)[0] + dx, _coords(sq)[1] + dy)
    for sq in SQUARES
    for d, (dx, dy) in _STEP.items()
}
#: Orthogonal neighbours, in clockwise order from up.
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    sq: tuple(n for d in DIRECTIONS if (n := STEP[sq, d]) is not None) for sq in SQUARES
}


def is_square(text: str) -> bool:
    return text in TERRAIN


def distance(a: str, b: str) -> int:
    (ax, ay), (bx, by) = _coords(a), _coords(b)
    return abs(ax - bx) + abs(ay - by)


def clockwise(direction: str) -> str:
    return DIRECTIONS[(DIRECTIONS.index(direction) + 1) % 4]
#: Orthogonal neighbours in reading order (R16, P5 tie-breaks).
NEIGHBOURS_READING: dict[str, tuple[str, ...]] = {
    sq: tuple(sorted(ns, key=READING_INDEX.__getitem__)) for sq, ns in NEIGHBOURS.items()
}
