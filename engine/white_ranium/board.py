"""The 6 x 6 grid (C8), the loader track (C9) and tunnel connections (R10).

A place is an index 0-35: ``row * 6 + column`` with column A-F = 0-5 and row 1-6 = 0-5, so
A1 = 0, B1 = 1, ..., F6 = 35 (the scenario fill order). Loader places are 1-24 (C9).
"""

from __future__ import annotations

from .components import BASES, EXIT_BIT

COLUMNS = "ABCDEF"
PLACES: tuple[str, ...] = tuple(f"{COLUMNS[i % 6]}{i // 6 + 1}" for i in range(36))
PLACE_INDEX = {name: i for i, name in enumerate(PLACES)}
BASE_PLACE = {colour: PLACE_INDEX[p] for colour, p in BASES.items()}
CENTRE = frozenset(BASE_PLACE.values())
INNER = tuple(PLACE_INDEX[p] for p in ["B2", "C2", "D2", "E2", "E3", "E4", "E5", "D5", "C5", "B5", "B4", "B3"])
INNER_SET = frozenset(INNER)
OUTER = tuple(i for i in range(36) if i % 6 in (0, 5) or i // 6 in (0, 5))
RING = tuple(i for i in range(36) if i not in CENTRE)  # the 32 ring places (R3, R5)
# C8 reading order: top row first, left to right
READING = tuple(r * 6 + c for r in range(5, -1, -1) for c in range(6))
READING_RANK = {p: n for n, p in enumerate(READING)}
INNER_READING = tuple(p for p in READING if p in INNER_SET)

_STEP = {"u": (0, 1), "r": (1, 0), "d": (0, -1), "l": (-1, 0)}
_OPPOSITE = {"u": "d", "r": "l", "d": "u", "l": "r"}


def _neighbours(p: int) -> tuple[tuple[int, int, int], ...]:
    col, row = p % 6, p // 6
    out = []
    for d, (dc, dr) in _STEP.items():
        c, r = col + dc, row + dr
        if 0 <= c < 6 and 0 <= r < 6:
            out.append((EXIT_BIT[d], r * 6 + c, EXIT_BIT[_OPPOSITE[d]]))
    return tuple(out)


#: place -> ((exit bit towards the neighbour, neighbour, the neighbour's exit bit back), ...)
NEIGHBOURS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(_neighbours(p) for p in range(36))


def _track() -> dict[int, tuple[int, int]]:
    """C9: loader place -> (the card's place, the exit bit of the rim edge)."""
    track: dict[int, tuple[int, int]] = {}
    for i in range(6):
        track[1 + i] = (5 * 6 + i, EXIT_BIT["u"])  # top edges of A6..F6
        track[7 + i] = ((5 - i) * 6 + 5, EXIT_BIT["r"])  # right edges of F6..F1
        track[13 + i] = (5 - i, EXIT_BIT["d"])  # bottom edges of F1..A1
        track[19 + i] = (i * 6, EXIT_BIT["l"])  # left edges of A1..A6
    return track


TRACK = _track()
#: place -> ((exit bit, loader place), ...) for each rim edge of an outer card (corners: two)
RIM: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((bit, n) for n, (p, bit) in sorted(TRACK.items()) if p == place) for place in range(36))


def step(place: int, steps: int) -> int:
    """A loader place ``steps`` clockwise (negative: counter-clockwise), 1-24."""
    return (place - 1 + steps) % 24 + 1


def connected(board: list[int], a: int, b: int) -> bool:
    """R10: a and b are orthogonal neighbours and each shows an exit on the shared edge."""
    for bit, q, back in NEIGHBOURS[a]:
        if q == b:
            return bool(board[a] & bit and board[b] & back)
    return False


#: place -> exits (0-15) -> ((neighbour, the neighbour's exit bit back), ...) for the exits set
LINKS: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(tuple((q, back) for bit, q, back in NEIGHBOURS[p] if exits & bit) for exits in range(16))
    for p in range(36))


def colour_run(board: list[int], start: int) -> set[int]:
    """R10: every card reachable from ``start`` through connected cards of its colour
    (``start`` included)."""
    colour = board[start] & 48
    seen = {start}
    todo = [start]
    links = LINKS
    while todo:
        p = todo.pop()
        for q, back in links[p][board[p] & 15]:
            if q not in seen:
                other = board[q]
                if other & back and other & 48 == colour:
                    seen.add(q)
                    todo.append(q)
    return seen


_LAST_RUN: list[tuple[list[int], int, frozenset[int]]] = [([], -1, frozenset())]


def reach(board: list[int], start: int) -> frozenset[int]:
    """``colour_run``, remembered for the last board and place asked: a decision's listing,
    the check of the chosen decision and the next listing mostly ask the same (a pure memo:
    the board is compared by value, the answer can't be changed)."""
    board_then, start_then, run = _LAST_RUN[0]
    if start_then == start and board_then == board:
        return run
    run = frozenset(colour_run(board, start))
    _LAST_RUN[0] = (list(board), start, run)
    return run


def place_name(p: int) -> str:
    return PLACES[p]
