"""AI players: ``random_decision`` (a random legal decision, the dig included, which is not
listed), ``heuristic`` (the ``easy`` level: a greedy placement, most constrained square first,
each tile where it fits most snugly, never taken back) and ``strong_dig`` (the ``strong``
level: the exact cover search, ties between complete boards broken on elves and finds).

An AI has no clock: with the race on (R6) its dig carries simulated seconds, a few per tile,
drawn from its own generator, as a referee's ``stamp`` would write them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..core.rng import Rng
from .actions import Action, Dig, Open, Placed, Side
from .components import (
    CARDS,
    COLOURS,
    GALLERY,
    KINDS,
    KINDS_OF_COLOUR,
    SIDES,
    SQUARES,
    placements,
    square_tuple,
)
from .state import State


def _timed(tiles: list[Placed], race: bool, rng: Rng) -> Dig:
    """The dig as a referee would stamp it (R6): a simulated pace of 2 to 32 seconds a tile."""
    if not race:
        return Dig.of(tiles)
    pace = 20 + rng.below(300)  # tenths of a second per tile
    out = [Placed(t.kind, t.squares, pace * (i + 1)) for i, t in enumerate(tiles)]
    return Dig.of(out, pace * (len(tiles) + 1))


def _placed(kind: str, mask: int) -> Placed:
    return Placed(kind, square_tuple(mask))


def random_dig(side: str, card: int, race: bool, rng: Rng) -> Dig:
    """A random legal dig: the card's tiles in random order, each a random kind of its colour
    the box still holds, at a random free placement (or left out when none fits)."""
    slots = [c for c, n in CARDS[card].tiles.items() for _ in range(n)]
    rng.shuffle(slots)
    covered = 0
    used: dict[str, int] = {}
    tiles: list[Placed] = []
    for colour in slots:
        kinds = KINDS_OF_COLOUR[colour]
        kind = kinds[rng.below(len(kinds))]
        if used.get(kind.name, 0) >= kind.count:
            kind = next((k for k in kinds if used.get(k.name, 0) < k.count), kind)
        spots = placements(side, kind.shape)
        if not spots:
            continue
        mask = spots[rng.below(len(spots))]
        if mask & covered:  # taken: a random one of the free placements, if any
            free = [m for m in spots if not m & covered]
            if not free:
                continue
            mask = free[rng.below(len(free))]
        covered |= mask
        used[kind.name] = used.get(kind.name, 0) + 1
        tiles.append(_placed(kind.name, mask))
    return _timed(tiles, race, rng)


def random_decision(game: Any, state: State, player: str, rng: Rng) -> Action:
    owes = game._owes(state, player)
    if owes is None:
        raise ValueError(f"{player} owes no decision now")
    if owes.decision == "side":
        return Side("ab"[rng.below(2)])
    if owes.decision == "open":
        return Open()
    p = state.player(player)
    return random_dig(p.board_side or "", p.card or 0, state.options.race, rng)


# --- the heuristic ---------------------------------------------------------------------------

@cache
def _covering(side: str, shape: str) -> dict[int, tuple[int, ...]]:
    """For each square bit index: the placements of ``shape`` on ``side`` that cover it."""
    out: dict[int, list[int]] = {}
    for m in placements(side, shape):
        i, mm = 0, m
        while mm:
            if mm & 1:
                out.setdefault(i, []).append(m)
            mm >>= 1
            i += 1
    return {i: tuple(v) for i, v in out.items()}


def _neighbours(i: int) -> list[int]:
    col, row = divmod(i, 5)
    out = []
    if row > 0:
        out.append(i - 1)
    if row < 4:
        out.append(i + 1)
    if col > 0:
        out.append(i - 5)
    if col < 6:
        out.append(i + 5)
    return out


class _Search:
    """Depth-first search over placements, most constrained free square first; the first
    descent is the greedy placement, the rest improves on it within ``budget`` nodes
    (``budget`` None: the greedy placement alone, one descent with no tile taken back)."""

    def __init__(self, side: str, card: int, elves: bool, finds: bool,
                 budget: int | None) -> None:
        self.side, self.card = side, card
        self.gallery = SIDES[side].gallery
        self.elves = SIDES[side].elves if elves else {}
        self.finds = CARDS[card].finds if finds else {}
        self.greedy = budget is None
        self.budget = 1 << 30 if budget is None else budget
        self.leaves = 0  # complete descents made
        self.best: tuple[int, list[tuple[str, int]]] = (-99, [])

    def kind_for(self, shape: str, used: dict[str, int]) -> str | None:
        """The best kind of ``shape`` still in the box: the one whose find scores most."""
        best, value = None, -99
        for k in KINDS_OF_COLOUR[shape.split("-")[0]]:
            if k.shape != shape or used.get(k.name, 0) >= k.count:
                continue
            v = self.finds.get(k.element or "", 0)
            if v > value:
                best, value = k.name, v
        return best

    def value(self, tiles: list[tuple[str, int]]) -> int:
        covered = 0
        points = 0
        for name, mask in tiles:
            covered |= mask
            kind = KINDS[name]
            points += self.finds.get(kind.element or "", 0)
            for sq, colour in self.elves.items():
                if colour == kind.colour and mask & (1 << SQUARES.index(sq)):
                    points += 1
        empty = GALLERY - bin(covered).count("1")
        if empty > 10:
            return -empty
        return 10 - empty + (2 if empty == 0 else 0) + points

    def run(self) -> list[tuple[str, int]]:
        left = dict(CARDS[self.card].tiles)
        self._dfs(0, 0, left, {}, [])
        return self.best[1]

    def _dfs(self, covered: int, dropped: int, left: dict[str, int], used: dict[str, int],
             tiles: list[tuple[str, int]]) -> None:
        if self.budget <= 0:
            return
        self.budget -= 1
        free = self.gallery & ~covered & ~dropped
        if not free or not any(left.values()):
            v = self.value(tiles)
            self.leaves += 1
            if v > self.best[0]:
                self.best = (v, list(tiles))
            if self.greedy:
                self.budget = 0  # one descent: the greedy placement
            return
        shapes = [s for c in COLOURS if left.get(c) for s in
                  dict.fromkeys(k.shape for k in KINDS_OF_COLOUR[c])
                  if self.kind_for(s, used) is not None]
        best_sq, best_opts = -1, None
        i, f = 0, free
        while f:
            if f & 1:
                opts = [(s, m) for s in shapes for m in _covering(self.side, s).get(i, ())
                        if not m & (covered | dropped)]
                if best_opts is None or len(opts) < len(best_opts):
                    best_sq, best_opts = i, opts
                    if len(opts) <= 1:
                        break
            f >>= 1
            i += 1
        assert best_opts is not None
        block = covered | dropped | ~self.gallery
        best_opts.sort(key=lambda o: -self._fit(o[1], block, o[0]))
        for shape, mask in best_opts:
            kind = self.kind_for(shape, used)
            assert kind is not None
            colour = KINDS[kind].colour
            left[colour] -= 1
            used[kind] = used.get(kind, 0) + 1
            tiles.append((kind, mask))
            self._dfs(covered | mask, dropped, left, used, tiles)
            tiles.pop()
            used[kind] -= 1
            left[colour] += 1
            if self.budget <= 0:
                return
        self._dfs(covered, dropped | (1 << best_sq), left, used, tiles)  # leave it empty

    def _fit(self, mask: int, block: int, shape: str) -> int:
        """Contact with rock, edges and tiles (snug placements leave fewer holes), larger
        tiles first, elves of the tile's colour and named finds."""
        contact = 0
        i, m = 0, mask
        while m:
            if m & 1:
                for j in _neighbours(i):
                    if block >> j & 1:
                        contact += 1
                contact += 4 - len(_neighbours(i))
            m >>= 1
            i += 1
        colour = shape.split("-")[0]
        elf = sum(3 for sq, c in self.elves.items()
                  if c == colour and mask & (1 << SQUARES.index(sq)))
        return contact + 2 * bin(mask).count("1") + elf


def heuristic_dig(side: str, card: int, options: dict[str, bool], rng: Rng,
                  budget: int | None = None) -> Dig:
    """The ``easy`` level's dig: the greedy placement (``budget`` nodes of search after it
    when given)."""
    search = _Search(side, card, options.get("elves", False), options.get("finds", False),
                     budget)
    tiles = [_placed(kind, mask) for kind, mask in search.run()]
    return _timed(tiles, options.get("race", True), rng)


def strong_dig(side: str, card: int, options: dict[str, bool], rng: Rng,
               budget: int = 20_000, limit: int = 200) -> Dig:
    """The exact cover search (solver.py): among the first ``limit`` complete covers found
    within ``budget`` nodes, the one whose elves and finds score most, each tile the kind whose
    find scores best (or the greedy search's board if it is complete and scores more); the
    greedy board when the card can't cover the side (C5)."""
    from itertools import islice

    from .solver import covers

    scorer = _Search(side, card, options.get("elves", False), options.get("finds", False), 400)
    greedy = scorer.run()
    complete = sum(bin(m).count("1") for _, m in greedy) == GALLERY
    best: tuple[tuple[bool, int], list[tuple[str, int]]] = (
        (complete, scorer.value(greedy)), greedy)
    for found in islice(covers(side, card, budget), limit):
        used: dict[str, int] = {}
        tiles = []
        for shape, mask in found:
            kind = scorer.kind_for(shape, used)
            assert kind is not None
            used[kind] = used.get(kind, 0) + 1
            tiles.append((kind, mask))
        value = (True, scorer.value(tiles))
        if value > best[0]:
            best = (value, tiles)
    return _timed([_placed(kind, mask) for kind, mask in best[1]], options.get("race", True),
                  rng)


def _side_ease(board: int, side: str) -> int:
    """Squares with at most one gallery neighbour are hard to fill: fewer is better."""
    s = SIDES[f"{board}{side}"]
    hard = 0
    for i in range(len(SQUARES)):
        if s.gallery >> i & 1:
            n = sum(1 for j in _neighbours(i) if s.gallery >> j & 1)
            hard += n <= 1
    return -hard


def heuristic(game: Any, view: dict[str, Any], player: str, legal: list[Any] | None,
              rng: Rng) -> Action:
    """The ``easy`` level, from the player's own view only."""
    me = view["players"][player]
    owed = next((o["decision"] for o in view["to_act"] if o["player"] == player), None)
    if owed == "side":
        return Side(max("ab", key=lambda s: (_side_ease(me["board"], s), s == "a")))
    if owed == "open":
        return Open()
    if owed != "dig":
        raise ValueError(f"{player} owes no decision now")
    return heuristic_dig(f"{me['board']}{me['side']}", me["card"], view["options"], rng)


class _Held:
    def __init__(self, value: int) -> None:
        self.rng = value


CHOOSES_UNLISTED = True  # referee/shared/ai.py: choose_index also composes the (unlisted) dig


def choose_index(level: str, seed: int, view: dict[str, Any], legal: list[Any]) -> int | str:
    """The bot's AI seats (referee/shared/ai.py), from the seat's own view: ``random`` plays a random
    side, ``easy`` the ``heuristic`` and ``strong`` its side choice with ``strong_dig`` (the
    exact cover search). The index in ``legal`` for a side or an open, the dig's text (a dig
    is not listed: ``legal`` is empty)."""
    from ..core.rng import seed_state

    rng = Rng(_Held(seed_state(seed)))
    player = view["viewer"]
    if legal:
        if level == "random":
            return rng.below(len(legal))
        return legal.index(heuristic(None, view, player, legal, rng))
    me = view["players"][player]
    side, card = f"{me['board']}{me['side']}", me["card"]
    if level == "strong":
        return str(strong_dig(side, card, view["options"], rng))
    if level == "random":
        return str(random_dig(side, card, view["options"].get("race", True), rng))
    return str(heuristic_dig(side, card, view["options"], rng))
