"""The solo player's progress towards R24 in credits, for planners and searches: the
omniscient planner of ``benchmarks/solo_plan.py`` (issue 28) and the strong level's solo
worth (``search.solo_worth``).

``worth`` counts, in credits: developed squares at what a token on an undeveloped one costs
(difficulty + 1, R23); credits and what ``done`` would discard, up to the cap of 5 (R15;
nothing in round 10); staged items (R11); ``STRUCTURE`` per structure colour built; for the
colours still missing, the best disjoint line X-M-Y each (``potential``: items on its ends,
buildings that take them, a blank middle, R14); less the small undeveloped holes that only
tokens or one-square tiles can fill (``holes``). ``Progress`` is what it reads of a player.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .components import (
    CREW_COLOURS,
    CRYSTAL_COLOURS,
    NEIGHBOURS,
    SQUARES,
    TILE_PRINT,
    TRIPLES,
    fits,
)
from .flow import ROUNDS
from .state import Player

CAP = 5  # R15
STRUCTURE = 8.5  # a structure colour built, in credits
STAGED = 1.2  # a staged item: its discard credit (R12) and a little for what it may build
HOLES = {1: 1.5, 2: 0.8, 3: 0.3}  # undeveloped regions of this size, penalty
LINES = [(x, m, y) for m, pairs in TRIPLES.items() for x, y in pairs]  # R14
NEEDS: dict[str, tuple[str, str]] = {
    **{c: (f"crystal/{c}", f"crystal/{c}") for c in CRYSTAL_COLOURS},
    **{c: (f"worker/{c}", f"ship/{c}") for c in CREW_COLOURS}}  # R24
TOP = 6  # lines kept per missing colour (candidate squares for tokens)


def building_for(item: str) -> str:
    kind, _, colour = item.partition("/")
    return colour if kind == "crystal" else ("dome" if kind == "worker" else "pad")


@dataclass(slots=True)
class Progress:
    """What the worth reads of the player: the building seen on each developed square, items,
    structures, used squares, credits, pending and staged things."""

    eff: dict[str, str]
    items: dict[str, str]
    structures: dict[str, str]
    used: frozenset[str]
    credits: int
    pending_items: list[str]
    pending_squares: int
    staging: list[str]

    @classmethod
    def of(cls, p: Player) -> Progress:
        c = p.colony
        return cls({sq: c.building(sq) or "blank" for sq in c.board}, dict(c.items),
                   dict(c.structures), frozenset(c.used), p.credits, list(p.pending_items),
                   sum(len(TILE_PRINT[t]) for t in p.pending_tiles), list(p.staging))

    def copy(self) -> Progress:
        return Progress(dict(self.eff), dict(self.items), self.structures, self.used, self.credits,
                      list(self.pending_items), self.pending_squares, list(self.staging))


NEG = -1e9
_INDEX = {sq: i for i, sq in enumerate(SQUARES)}
_LINES = [(_INDEX[x], _INDEX[m], _INDEX[y], (x, m, y)) for x, m, y in LINES]
_WANTS = tuple(dict.fromkeys(w for pair in NEEDS.values() for w in pair))
_ROW = {b: tuple((w, 1.5 if fits(b, w) else 0.5) for w in _WANTS)
        for b in ("blank", "dome", "pad", "any", *CRYSTAL_COLOURS)}


def _values(m: Progress) -> tuple[dict[str, list[float]], list[float]]:
    """Per wanted item, each square's worth as an end of a line (3 holding it unused, 1.5 a
    building that takes it, 0.5 another building, 0.3 undeveloped, NEG blocked); and each
    square's worth as a middle (1.5 blank, 0.5 another building, 0.3 undeveloped)."""
    ends = {w: [NEG] * 36 for w in _WANTS}
    mids = [NEG] * 36
    items, structures, used, eff = m.items, m.structures, m.used, m.eff
    for i, sq in enumerate(SQUARES):
        held = items.get(sq)
        if held is not None:
            if sq not in used and held in ends:
                ends[held][i] = 3.0
            continue
        if sq in structures:
            continue
        b = eff.get(sq)
        if b is None:
            mids[i] = 0.3
            for w in _WANTS:
                ends[w][i] = 0.3
            continue
        mids[i] = 1.5 if b == "blank" else 0.5
        for w, v in _ROW[b]:
            ends[w][i] = v
    return ends, mids


def _all_lines(m: Progress, colours: Iterable[str]) -> dict[str, list[tuple[float, tuple[str, str, str]]]]:
    ends, mids = _values(m)
    out = {}
    for c in colours:
        a, b = NEEDS[c]
        ea, eb = ends[a], ends[b]
        found = []
        if a == b:
            for xi, mi, yi, line in _LINES:
                v = ea[xi] + ea[yi] + mids[mi]
                if v > 0:
                    found.append((-v, line))
        else:
            for xi, mi, yi, line in _LINES:
                v1, v2 = ea[xi] + eb[yi], ea[yi] + eb[xi]
                v = (v1 if v1 > v2 else v2) + mids[mi]
                if v > 0:
                    found.append((-v, line))
        found.sort()
        out[c] = [(-v, line) for v, line in found[:TOP]]
    return out


def lines_for(m: Progress, colour: str) -> list[tuple[float, tuple[str, str, str]]]:
    """The best lines X-M-Y for ``colour``'s structure, their worth, best first (R14)."""
    return _all_lines(m, [colour])[colour]


def built_colours(m: Progress) -> set[str]:
    return {s.partition("/")[2] for s in m.structures.values()}


def potential(m: Progress) -> tuple[float, dict[str, list[tuple[str, str, str]]]]:
    """The missing colours' best disjoint lines (greedy, best colour first), and each missing
    colour's top lines (where tokens are worth trying)."""
    built = built_colours(m)
    tops = _all_lines(m, [c for c in NEEDS if c not in built])
    order = sorted(tops, key=lambda c: -(tops[c][0][0] if tops[c] else 0.0))
    taken: set[str] = set()
    total = 0.0
    for c in order:
        for value, line in tops[c]:
            if taken.isdisjoint(line):
                taken.update(line)
                total += value
                break
    return total, {c: [line for _, line in tops[c]] for c in tops}


def holes(eff: dict[str, str]) -> float:
    seen: set[str] = set()
    penalty = 0.0
    for sq in SQUARES:
        if sq in eff or sq in seen:
            continue
        stack, size = [sq], 0
        seen.add(sq)
        while stack:
            cur = stack.pop()
            size += 1
            for n in NEIGHBOURS[cur]:
                if n not in eff and n not in seen:
                    seen.add(n)
                    stack.append(n)
        penalty += HOLES.get(size, 0.0)
    return penalty


def worth(m: Progress, round_: int, difficulty: int) -> float:
    """The player's progress towards R24 in credits (see the module text)."""
    last = round_ >= ROUNDS
    spare = 0.0 if last else min(m.credits + len(m.pending_items) + m.pending_squares, CAP)
    pot, _ = potential(m)
    return ((difficulty + 1) * len(m.eff) + spare + STAGED * len(m.staging) + pot
            + STRUCTURE * len(built_colours(m)) - holes(m.eff))


