"""Exact cover: can a card's tiles cover a board side completely (C5's 789 of 800), and how.

Every card's tiles total exactly 20 squares (C4), so a complete board uses every tile of the
card. The search fills the free square with the fewest candidate placements first and
remembers dead ends (covered squares and tiles left), so even the 11 impossible pairs are
settled quickly.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from .components import CARDS, COLOURS, KINDS, SHAPES, SIDES, placements


@cache
def _shape_box() -> dict[str, int]:
    """Tiles of each shape in the box, whatever element they show (C2, C3)."""
    out: dict[str, int] = {}
    for k in KINDS.values():
        out[k.shape] = out.get(k.shape, 0) + k.count
    return out


@cache
def _covering(side: str) -> dict[int, tuple[tuple[str, int], ...]]:
    """For each square bit: every (shape, placement) on ``side`` covering it."""
    out: dict[int, list[tuple[str, int]]] = {}
    for shape in SHAPES:
        for m in placements(side, shape):
            for i in range(35):
                if m >> i & 1:
                    out.setdefault(i, []).append((shape, m))
    return {i: tuple(v) for i, v in out.items()}


def cover(side: str, card: int) -> list[tuple[str, int]] | None:
    """A complete cover of ``side`` with ``card``'s tiles as (shape, mask) pairs, or None."""
    return next(covers(side, card), None)


def covers(side: str, card: int, budget: int = 1_000_000) -> Iterator[list[tuple[str, int]]]:
    """Complete covers of ``side`` with ``card``'s tiles, one after another, within ``budget``
    search nodes (dead ends are remembered, so an impossible pair ends fast)."""
    gallery = SIDES[side].gallery
    covering = _covering(side)
    box = _shape_box()
    left = dict(CARDS[card].tiles)
    used: dict[str, int] = {}
    dead: set[tuple[int, tuple[int, ...]]] = set()
    chosen: list[tuple[str, int]] = []
    nodes = [budget]

    def dfs(covered: int) -> Iterator[list[tuple[str, int]]]:
        free = gallery & ~covered
        if not free:
            yield list(chosen)
            return
        key = (covered, tuple(left.get(c, 0) for c in COLOURS))
        if key in dead or nodes[0] <= 0:
            return
        nodes[0] -= 1
        best: list[tuple[str, int]] | None = None
        f, i = free, 0
        while f:
            if f & 1:
                opts = [(s, m) for s, m in covering.get(i, ())
                        if not m & covered and left.get(s.split("-")[0], 0)
                        and used.get(s, 0) < box[s]]
                if best is None or len(opts) < len(best):
                    best = opts
                    if len(opts) <= 1:
                        break
            f >>= 1
            i += 1
        found = False
        for shape, mask in best or ():
            colour = shape.split("-")[0]
            left[colour] -= 1
            used[shape] = used.get(shape, 0) + 1
            chosen.append((shape, mask))
            for done in dfs(covered | mask):
                found = True
                yield done
            chosen.pop()
            used[shape] -= 1
            left[colour] += 1
        if not found:
            dead.add(key)

    return dfs(0)
