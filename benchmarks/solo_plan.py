"""An omniscient planner for Mining Colony's solo game (issue 28): can these components and
rulings (R21-R25) be beaten at all? ``python -m benchmarks solo --plan --difficulty N
--games G [--seed S] [--widths 2,4,8] [--tiles T] [--json]`` (widths tried in turn until a
line wins).

The planner sees the whole state (deck orders, tile piles, resource deck, Zorlord's cards: all
are dealt at setup, R3, so a solo game is deterministic given the player's decisions). It
searches whole-game lines round by round, and the engine is the only thing that changes a
state: every candidate is a clone the planner hands to ``GAME.apply``.

- **Round level**: a beam of ``width`` states at the start of a round. Each is expanded by
  every bid of a hand card (the other cards under the deck lowest first) and one refresh when
  a credit allows it (R6), then every zone the player may take (R22), then a development turn.
- **Development turn**: the pending tile on each of its ``tiles`` best placements, or not
  placed; then greedily the step that raises the worth most (a put, a stage, a staged item's
  discard, a token alone or with the item that goes on it, an exchange with the put it
  allows, R11-R13, R23), building every structure as soon as one can stand (R14), then
  ``done`` (R15).
- **Worth** (``engine/mining_colony/progress.py``, ``worth``), in credits: developed squares at
  what a token on an undeveloped one costs (difficulty + 1, R23); credits and what ``done``
  would discard up to the cap of 5 (R15; nothing in round 10); staged items; 8.5 per
  structure colour built; for the colours still missing, the best disjoint line X-M-Y each
  (items on it, buildings that fit, blank middle, R14); small undeveloped holes, less. The
  beam ranks by it plus a hundredth of the player's unplayed cards.

Its line is replayed from the seed through ``GAME.apply`` (``replay``): a win it claims is a
win the engine confirms. The worth of a step is scored on a model of the player
(``Progress``); the step itself is always the engine's, and one it refuses is skipped.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalDecision
from engine.mining_colony.actions import DONE, Action, Play, Refresh
from engine.mining_colony.colony import placements
from engine.mining_colony.components import (
    CREW_COLOURS,
    CRYSTAL_COLOURS,
    PLACEMENTS,
    SQUARES,
    TILE_PRINT,
    fits,
)
from engine.mining_colony.game import GAME
from engine.mining_colony.listing import develop_block
from engine.mining_colony.progress import NEEDS, Progress, building_for, potential, worth
from engine.mining_colony.state import State

ME = "solo"


@dataclass
class Node:
    state: State
    line: tuple[str, ...]
    value: float = 0.0


def _try(state: State, line: tuple[str, ...], actions: Iterable[Action | str]
         ) -> tuple[State, tuple[str, ...]] | None:
    """The actions applied to a clone by the engine, or None if it refuses one."""
    s = GAME.clone(state)
    out = list(line)
    try:
        for a in actions:
            checked = GAME.check(s, ME, a)
            GAME.apply(s, ME, checked)
            out.append(str(checked))
    except IllegalDecision:
        return None
    return s, tuple(out)


def won(state: State) -> bool:
    return state.ended and state.winners == [ME]


class Planner:
    def __init__(self, difficulty: int, width: int = 8, tiles: int = 4) -> None:
        self.d = difficulty
        self.width = width
        self.tiles = tiles
        self.expanded = 0

    # --- a development turn ----------------------------------------------------------------
    def _value(self, m: Progress, state: State) -> float:
        return worth(m, state.round, self.d)

    def _steps(self, state: State) -> list[tuple[float, list[str]]]:
        """Every step worth trying now, with the worth the model gives the state after it."""
        p = state.player(ME)
        base = Progress.of(p)
        _, tops = potential(base)
        d = self.d
        supply = state.supply
        zsupply = set(state.zorlord.supply) if state.zorlord else set()
        out: list[tuple[float, list[str]]] = []

        def score(m: Progress, steps: list[str]) -> None:
            out.append((self._value(m, state), steps))

        interesting: set[str] = set()
        for lines in tops.values():
            for line in lines:
                interesting.update(line)
        vacant = [sq for sq in base.eff if sq not in base.items and sq not in base.structures]
        undeveloped = [sq for sq in SQUARES if sq not in base.eff]
        for staged, source in ((False, base.pending_items), (True, base.staging)):
            for item in dict.fromkeys(source):
                tag = " from=staging" if staged else ""
                variants: list[tuple[str, int, list[str]]] = [(item, 0, [])]
                kind, _, colour = item.partition("/")
                colours = CRYSTAL_COLOURS if kind == "crystal" else CREW_COLOURS
                if base.credits >= 1:
                    for c in colours:
                        if c != colour and f"{kind}/{c}" in zsupply:
                            variants.append((f"{kind}/{c}", 1, [f"exchange {item}>{c}{tag}"]))
                for got, cost, pre in variants:
                    def moved(m: Progress, cost: int = cost, staged: bool = staged,
                              item: str = item) -> Progress:
                        m = m.copy()
                        src = m.staging if staged else m.pending_items
                        src.remove(item)
                        m.credits -= cost
                        return m
                    for sq in vacant:
                        if fits(base.eff[sq], got):
                            m = moved(base)
                            m.items[sq] = got
                            score(m, pre + [f"put {got} {sq}{tag}"])
                    want = building_for(got)
                    if supply[f"token/{want}"] > 0:
                        for sq in interesting:
                            if sq in base.items or sq in base.structures:
                                continue
                            price = d if sq in base.eff else d + 1
                            if price + cost > base.credits:
                                continue
                            if sq in base.eff and fits(base.eff[sq], got):
                                continue
                            m = moved(base)
                            m.credits -= price
                            m.eff[sq] = want
                            m.items[sq] = got
                            score(m, pre + [f"buy {want} {sq}", f"put {got} {sq}{tag}"])
                    if pre and not staged and not any(item.startswith(kind) for item in base.staging):
                        m = moved(base)
                        m.staging.append(got)
                        score(m, pre + [f"stage {got}"])
                if not staged and not any(s.partition("/")[0] == kind for s in base.staging):
                    m = base.copy()
                    m.pending_items.remove(item)
                    m.staging.append(item)
                    score(m, [f"stage {item}"])
                if staged:
                    m = base.copy()
                    m.staging.remove(item)
                    m.credits += 1
                    score(m, [f"discard {item} from=staging"])
        # tokens alone: blank middles and fitting ends of the best lines, blank development
        for colour, lines in tops.items():
            a, b = NEEDS[colour]
            for x, mid, y in lines:
                for sq, want in ((mid, "blank"), (x, building_for(a)), (y, building_for(b)),
                                 (x, building_for(b)), (y, building_for(a))):
                    if sq in base.items or sq in base.structures or base.eff.get(sq) == want:
                        continue
                    price = d if sq in base.eff else d + 1
                    if price > base.credits or supply[f"token/{want}"] <= 0:
                        continue
                    m = base.copy()
                    m.credits -= price
                    m.eff[sq] = want
                    score(m, [f"buy {want} {sq}"])
        if base.credits >= d + 1 and supply["token/blank"] > 0:
            for sq in undeveloped:
                m = base.copy()
                m.credits -= d + 1
                m.eff[sq] = "blank"
                score(m, [f"buy blank {sq}"])
        return out

    def _finish_turn(self, state: State, line: tuple[str, ...]) -> tuple[State, tuple[str, ...]]:
        """Greedy steps until none raises the worth, then ``done``."""
        tried: set[tuple[str, ...]] = set()
        while not state.ended:
            p = state.player(ME)
            builds = develop_block(state, p, "build")
            if builds:
                got = _try(state, line, [builds[0]])
                if got is not None:
                    state, line = got
                    continue
            here = self._value(Progress.of(p), state)
            steps = sorted(self._steps(state), key=lambda t: (-t[0], t[1]))
            moved = False
            for value, actions in steps:
                if value <= here + 1e-6:
                    break
                key = (str(state.version), *actions)
                if key in tried:
                    continue
                tried.add(key)
                got = _try(state, line, actions)
                if got is not None:
                    state, line = got
                    moved = True
                    break
            if not moved:
                got = _try(state, line, [DONE])
                assert got is not None
                return got
        return state, line

    def turns(self, state: State, line: tuple[str, ...]) -> list[tuple[State, tuple[str, ...]]]:
        """The development turns tried from ``state`` (the player's turn), each ended."""
        p = state.player(ME)
        starts: list[tuple[State, tuple[str, ...]]] = []
        if p.pending_tiles:
            tile = p.pending_tiles[0]
            base = Progress.of(p)
            scored = []
            for sq, rot in placements(p.colony, tile):
                m = base.copy()
                for cell, b in zip(PLACEMENTS[tile[1]][(sq, rot)], TILE_PRINT[tile], strict=True):
                    m.eff[cell] = b
                m.pending_squares -= len(TILE_PRINT[tile])
                scored.append((self._value(m, state), f"place {tile} {sq} {rot}"))
            scored.sort(key=lambda t: (-t[0], t[1]))
            for _, text in scored[:self.tiles]:
                got = _try(state, line, [text])
                if got is not None:
                    starts.append(got)
        starts.append((state, line))
        return [self._finish_turn(s, ln) for s, ln in starts]

    # --- a round ---------------------------------------------------------------------------
    def takes(self, state: State, line: tuple[str, ...]) -> list[tuple[State, tuple[str, ...]]]:
        """Every bid (a hand card, or one refresh then a card) and take (R6, R22), up to the
        player's development turn; one per zone and deck."""
        p = state.player(ME)
        bids: list[list[str]] = [[str(Play(c))] for c in sorted(p.hand)]
        if p.credits >= 1:
            after = _try(state, (), [Refresh()])
            if after is not None:
                bids += [[str(Refresh()), str(Play(c))] for c in sorted(after[0].player(ME).hand)]
        found: dict[tuple[Any, ...], tuple[State, tuple[str, ...]]] = {}
        for bid in bids:
            got = _try(state, line, bid)
            if got is None:
                continue
            s, ln = got
            options = [(s, ln)]
            if s.phase == "take":
                options = [t for z in (1, 2) if (t := _try(s, ln, [f"take {z}"])) is not None]
            for s2, ln2 in options:
                q = s2.player(ME)
                zone = next(i for i, z in enumerate(s2.zones) if z.taken_by == ME)
                key = (zone, tuple(q.deck), q.credits)
                if key not in found:
                    found[key] = (s2, ln2)
        return list(found.values())

    def _key(self, s: State) -> tuple[Any, ...]:
        p = s.player(ME)
        c = p.colony
        return (tuple(sorted(c.board.items())), tuple(sorted(c.tokens.items())),
                tuple(sorted(c.items.items())), tuple(sorted(c.structures.items())),
                p.credits, tuple(p.staging), tuple(p.deck), tuple(p.hand))

    def _rank(self, s: State) -> float:
        p = s.player(ME)
        v = worth(Progress.of(p), s.round, self.d)
        return v + 0.01 * (sum(p.deck) + sum(p.hand))

    def plan(self, state: State) -> Node:
        """The best whole-game line found from ``state`` (a solo game's start): a win if any
        line found wins, else the line whose end is worth most."""
        beam = [Node(state, (), 0.0)]
        ended: list[Node] = []
        while beam:
            children: dict[tuple[Any, ...], Node] = {}
            for node in beam:
                for s, ln in self.takes(node.state, node.line):
                    for s2, ln2 in self.turns(s, ln):
                        self.expanded += 1
                        if won(s2):
                            return Node(s2, ln2, float("inf"))
                        child = Node(s2, ln2, self._rank(s2))
                        if s2.ended:
                            ended.append(child)
                            continue
                        key = self._key(s2)
                        old = children.get(key)
                        if old is None or child.value > old.value:
                            children[key] = child
            beam = sorted(children.values(), key=lambda n: (-n.value, n.line))[:self.width]
        return max(ended, key=lambda n: (n.value, n.line))


def start(seed: int, difficulty: int) -> State:
    return GAME.new_game([ME], {"difficulty": difficulty}, seed=seed)  # type: ignore[no-any-return]


def replay(seed: int, difficulty: int, line: Iterable[str]) -> State:
    """The line applied by the engine from the seed's deal: the planner's claim checked."""
    state = start(seed, difficulty)
    for text in line:
        GAME.apply(state, ME, text)
    return state


def _closer(state: State) -> tuple[bool, int, int]:
    colony = state.player(ME).colony
    return (won(state), len(set(colony.structures.values())), len(colony.board))


def plan_seed(seed: int, difficulty: int, widths: tuple[int, ...] = (2, 4, 8), tiles: int = 3
              ) -> dict[str, Any]:
    """The planner on one seed, each width in turn until a line wins; the line found (if none
    wins, the one whose end is closest to R24: most structure colours, then fewest squares
    undeveloped) replayed from the seed by the engine, and what its end lacks."""
    from benchmarks.solo import blockers

    node: Node | None = None
    width = widths[0]
    for w in widths:
        found = Planner(difficulty, w, tiles).plan(start(seed, difficulty))
        if node is None or _closer(found.state) > _closer(node.state):
            node, width = found, w
        if won(found.state):
            break
    assert node is not None
    end = replay(seed, difficulty, node.line)
    lacks = blockers(end)
    if lacks != blockers(node.state):
        raise AssertionError(f"seed {seed}: the replay does not end as the planner's line did")
    return {"seed": seed, "width": width, "decisions": len(node.line), **lacks}
