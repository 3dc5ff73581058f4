"""What a colony allows: tile placements (R10), item fits (R11), build-over tokens (R13) and
structure patterns (R14). Pure functions of a colony; no state changes here."""

from __future__ import annotations

from .components import NEIGHBOURS, PLACEMENTS, SQUARES, TILE_PRINT, TRIPLES, fits
from .state import Colony


def placement(colony: Colony, tile: str, square: str, rotation: int) -> tuple[str, ...] | None:
    """The squares tile's cells cover, or None when the placement breaks R10: every cell inside
    the grid on an undeveloped square, at least one next to a developed square."""
    cells = PLACEMENTS[tile[1]].get((square, rotation))
    if cells is None:
        return None
    board = colony.board
    adjacent = False
    for cell in cells:
        if cell in board:
            return None
        if not adjacent:
            for n in NEIGHBOURS[cell]:
                if n in board:
                    adjacent = True
                    break
    return cells if adjacent else None


def _halo(cells: tuple[str, ...]) -> frozenset[str]:
    return frozenset(n for c in cells for n in NEIGHBOURS[c]) - frozenset(cells)


# per size: (square, rotation), the cells, the squares around them
_CANDIDATES = {size: [(key, frozenset(cells), _halo(cells)) for key, cells in table.items()]
               for size, table in PLACEMENTS.items()}


_MEMO: dict[tuple[str, frozenset[str]], list[tuple[str, int]]] = {}


def placements(colony: Colony, tile: str) -> list[tuple[str, int]]:
    """Every (square, rotation) where ``tile`` may go now (R10), in grid then rotation order.
    Memoised on the developed squares (a pure function of them; the memo is emptied when big)."""
    key = (tile[1], frozenset(colony.board))
    found = _MEMO.get(key)
    if found is None:
        board = key[1]
        found = [spot for spot, cells, halo in _CANDIDATES[tile[1]]
                 if board.isdisjoint(cells) and not board.isdisjoint(halo)]
        if len(_MEMO) > 50_000:
            _MEMO.clear()
        _MEMO[key] = found
    return found


def item_squares(colony: Colony, item: str) -> list[str]:
    """The vacant squares whose building holds ``item`` (R11), in grid order."""
    items, structures = colony.items, colony.structures
    return [sq for sq in SQUARES if sq not in items and sq not in structures
            and (b := colony.building(sq)) is not None and fits(b, item)]


def lay(colony: Colony, tile: str, square: str, rotation: int, cells: tuple[str, ...]) -> None:
    for cell, building in zip(cells, TILE_PRINT[tile], strict=True):
        colony.board[cell] = building
    colony.tiles[tile] = f"{square} {rotation}"


def structure_pairs(colony: Colony, structure: str, square: str) -> list[tuple[str, str]]:
    """The pairs (X, Y), sorted, that let ``structure`` stand on ``square`` (R14): X and Y two
    apart in a row or column with ``square`` between them, the right items on them, neither
    used; the square developed, blank and vacant. Empty when none."""
    if colony.building(square) != "blank" or not colony.vacant(square):
        return []
    kind, _, colour = structure.partition("/")
    items, used = colony.items, colony.used
    out = []
    for x, y in TRIPLES[square]:
        a, b = items.get(x), items.get(y)
        if a is None or b is None or x in used or y in used:
            continue
        if kind == "outpost":
            ok = {a, b} == {f"worker/{colour}", f"ship/{colour}"}
        else:
            ok = a == b == f"crystal/{colour}"
        if ok:
            out.append((x, y) if x < y else (y, x))
    return sorted(out)


def complete(colony: Colony) -> bool:
    """R24: all 36 squares developed and a structure of each of the 7 colours."""
    return len(colony.board) == 36 and len(set(colony.structures.values())) == 7
