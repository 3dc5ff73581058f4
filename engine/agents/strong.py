"""The ``strong`` player: Monte Carlo search over determinised states, from its own view only.

It sees only its own view (R2): every sample it searches is a full state drawn to agree with
that view (``determinize``: other hands' numbers, deck order, face-down tiles and accident
colours drawn from what the seat has not seen). It never receives the real state.

Two search methods share the samples, the decision abstraction and the playouts:

- ``mode="flat"`` (the default): determinised Monte Carlo with common random numbers (perfect-
  information Monte Carlo, the root level of information-set MCTS). Each iteration draws one
  sample and plays every candidate decision still in the race on its own copy of it, followed
  by a playout; candidates are compared on the same samples (paired, which removes most of the
  luck of the draw from the comparison) and the worse half is dropped after 4, 8, 16, ...
  samples (sequential halving). The best mean value wins; ties go to the heuristic's choice.
- ``mode="ismcts"``: single-observer information-set MCTS (Cowling, Powley and Whitehouse
  2012): one tree shared by all samples, UCB1 over the decisions available in the current
  sample with availability counts, one node added per iteration, each mover's reward backed up.

Playouts use the ``easy`` heuristic for every seat for ``horizon`` rounds (then the position is
scored: each seat's points so far plus what its performance area is about to bring, turned into
a logistic of its lead over the best other seat) or to the end (``horizon=0``: 1 for a win, a
shared win split). Measured against ``easy`` (see the README), the flat search with short
playouts is much stronger at small budgets than the tree, whose samples are not paired.

Decisions are abstracted so that few are compared: payments are canonical (keep crystal pairs),
Refill Hand offers a few discard sets, Buy the heuristic's set and the two best single gadgets,
Install Large Drill the two best squares, plays skip Super Drill changes that match nothing and
keep the best Enhanced Power card for each card. Small decisions (crystals to return or lose,
gold colours, capsules, accident losses) follow the heuristic. The answer is always one of the
given legal decisions.

Options: ``budget_ms`` (wall-clock time per decision, default 1000), ``iterations`` (a fixed
number of samples instead, for deterministic tests), ``horizon`` (rounds per playout, default
2; 0 plays to the end), ``mode`` (``flat`` or ``ismcts``), ``exploration`` (UCB constant for
``ismcts``, default 0.7), ``scale`` (points of lead worth e=2.7 times the odds, default 4).
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..core.rng import Rng
from ..stella_digger.actions import (
    Action,
    Buy,
    Decline,
    Draw,
    Drill,
    Fight,
    Mine,
    Pass,
    Refill,
    Target,
)
from ..stella_digger.board import PRINTED, STEP
from ..stella_digger.components import CARD_COLOUR, CARD_NUMBER, DRILL_COST, GADGET_COST
from ..stella_digger.crystals import hand_limit, total
from ..stella_digger.determinize import determinize, fast_clone, quiet_apply
from ..stella_digger.plays import play_options
from ..stella_digger.reach import target_options
from ..stella_digger.scoring import score, winners
from ..stella_digger.state import State
from ..stella_digger.turn import drill_spots
from . import register
from .base import Agent
from .easy import _closest, _gadget_value, give_up, policy, target_colours

_SEARCHED = ("turn", "target", "refill", "setup_draw", "fight_play")


def _play_candidates(state: State, seat: int, cls: type[Mine] | type[Fight]) -> list[Action]:
    """Plays worth searching: each card plain, changed by a Super Drill only to a colour that
    matches the target (when the card doesn't), and with its best Enhanced Power card."""
    me = state.players[seat]
    matches = target_colours(state) if cls is Mine else None
    plain: dict[tuple[str, str | None], Action] = {}
    boosted: dict[tuple[str, str | None], Mine | Fight] = {}
    for action in play_options(me, cls):
        if action.super is not None and (
                matches is None or CARD_COLOUR[action.card] in matches
                or action.super not in matches):
            continue
        key = (action.card, action.super)
        if action.boost is None:
            plain[key] = action
            continue
        prev = boosted.get(key)
        if prev is None or CARD_NUMBER[action.boost] > CARD_NUMBER[prev.boost or action.boost]:
            boosted[key] = action
    return [*plain.values(), *boosted.values()]


def candidates(state: State) -> list[Action]:
    """The abstracted decisions searched at this state (the heuristic's choice first)."""
    frame = state.stack[-1]
    step, seat = frame.step, frame.seat
    first = policy(state)
    if step not in _SEARCHED:
        return [first]
    me = state.players[seat]
    out: list[Action] = [first]
    if step == "target":
        out += _targets(state)
    elif step in ("refill", "setup_draw"):
        out += [Draw(i + 1) for i, d in enumerate(state.decks) if d]
    elif step == "fight_play":
        out += _play_candidates(state, seat, Fight)
        out.append(Decline())
    else:  # the turn action
        out += _play_candidates(state, seat, Mine)
        can_draw = any(state.decks) or bool(state.discard)
        if can_draw:
            low = tuple(c for c in me.hand if CARD_NUMBER[c] <= 2)
            if low:
                out.append(Refill(low))
            if len(me.hand) < hand_limit(me):
                out.append(Refill(()))
            matches = target_colours(state)
            if matches is not None:
                off = tuple(c for c in me.hand if CARD_COLOUR[c] not in matches
                            and CARD_NUMBER[c] <= 3)
                if off:
                    out.append(Refill(off))
        budget = total(me)
        if me.drills_left > 0 and budget >= DRILL_COST:
            spots = sorted(drill_spots(state),
                           key=lambda t: (-PRINTED[STEP[t[0], t[1]] or "A1"], t))
            pay = give_up(me.crystals, DRILL_COST)
            out += [Drill(sq, d, pay) for sq, d in spots[:2]]
        if budget >= min(GADGET_COST.values()) and state.gadget_supply:
            late = 1.0 - state.vp3 / 20.0
            for g in sorted(state.gadget_supply, key=lambda g: (-_gadget_value(me, g, late), g))[:2]:
                cost = GADGET_COST[g.split("/", 1)[0]]
                if cost <= budget:
                    out.append(Buy((g,), give_up(me.crystals, cost)))
        out.append(Pass())
    seen: set[Action] = set()
    unique = []
    for a in out:
        if a not in seen:
            seen.add(a)
            unique.append(a)
    return unique


def _targets(state: State) -> list[Action]:
    return [Target(sq) for sq in sorted(target_options(state))]


class _Node:
    __slots__ = ("avail", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat whose decision led here
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[Action, _Node] = {}


def _estimate(state: State) -> list[float]:
    """Each seat's score so far plus what its performance area is about to bring (R15)."""
    out = []
    for p in state.players:
        est = float(score(p)["total"])
        if len(p.performance) >= 2:
            est += 3.0
        elif len(p.performance) == 1:
            est += 1.0
        out.append(-1e9 if p.out else est)
    return out


def _logistic(lead: float, scale: float) -> float:
    return 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -lead / scale))))


def rewards(state: State, scale: float = 3.0) -> list[float]:
    """1 for a win (shared: split), 0 for a loss at the end; a logistic of the lead otherwise."""
    n = len(state.players)
    if state.ended:
        won = winners(state)
        return [1.0 / len(won) if p.id in won else 0.0 for p in state.players]
    est = _estimate(state)
    out = []
    for s in range(n):
        if state.players[s].out:
            out.append(0.0)
            continue
        lead = est[s] - max(est[t] for t in range(n) if t != s)
        out.append(_logistic(lead, scale))
    return out


def _rollout(state: State, horizon: int) -> None:
    stop = state.round + horizon if horizon > 0 else None
    steps = 0
    while not state.ended and steps < 5000:
        if stop is not None and state.round >= stop:
            return
        quiet_apply(state, policy(state))
        steps += 1


def _number(options: dict[str, object], key: str, default: float) -> float:
    value = options.get(key, default)
    if not isinstance(value, int | float | str):
        raise ValueError(f"option {key} must be a number, not {value!r}")
    return float(value)


class StrongAgent(Agent):
    """Search over determinised states (see the module text)."""

    name = "strong"

    def __init__(self, seed: int = 0, **options: object) -> None:
        super().__init__(seed, **options)
        self.budget_ms = _number(options, "budget_ms", 1000.0)
        iterations = options.get("iterations")
        self.iterations = None if iterations is None else int(_number(options, "iterations", 0))
        self.horizon = int(_number(options, "horizon", 2))
        self.exploration = _number(options, "exploration", 0.7)
        self.max_depth = int(_number(options, "max_depth", 12))
        self.mode = str(options.get("mode", "flat"))
        if self.mode not in ("flat", "ismcts"):
            raise ValueError(f"unknown search mode {self.mode!r}: use flat or ismcts")
        self.scale = _number(options, "scale", 4.0)
        self.last_iterations = 0

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        rng = self.random
        root_state = determinize(view, legal, rng)
        legal_set = set(legal)
        root_cands = [a for a in candidates(root_state) if a in legal_set]
        if not root_cands:
            return _closest(policy(root_state), legal)
        if len(root_cands) == 1:
            return root_cands[0]
        if self.mode == "flat":
            return self._flat(view, legal, root_state, root_cands, rng)
        root = _Node(-1)
        deadline = time.perf_counter() + self.budget_ms / 1000.0
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done > 0 and time.perf_counter() >= deadline:
                break
            state = root_state if done == 0 else determinize(view, legal, rng)
            self._iterate(state, root, root_cands, rng)
            done += 1
        self.last_iterations = done
        best = max(root_cands, key=lambda a: (
            root.children[a].visits if a in root.children else -1,
            root.children[a].reward if a in root.children else 0.0))
        return best

    def _flat(self, view: dict[str, Any], legal: list[Any], root_state: State,
              cands: list[Action], rng: Rng) -> Action:
        me = root_state.stack[-1].seat
        alive = list(cands)
        sums = dict.fromkeys(cands, 0.0)
        counts = dict.fromkeys(cands, 0)
        deadline = time.perf_counter() + self.budget_ms / 1000.0
        done = 0
        next_cut = 4
        while len(alive) > 1:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done > 0 and time.perf_counter() >= deadline:
                break
            world = root_state if done == 0 else determinize(view, legal, rng)
            for a in alive:
                state = fast_clone(world)
                quiet_apply(state, a)
                _rollout(state, self.horizon)
                sums[a] += self._value(state, me)
                counts[a] += 1
            done += 1
            if done >= next_cut and len(alive) > 2:
                alive.sort(key=lambda a: -sums[a] / counts[a])
                alive = alive[:max(2, (len(alive) + 1) // 2)]
                next_cut *= 2
        self.last_iterations = done
        return max(alive, key=lambda a: (sums[a] / max(1, counts[a]), -cands.index(a)))

    def _value(self, state: State, me: int) -> float:
        """A logistic of the seat's lead; at the end, half of it is the win itself."""
        if state.players[me].out:
            return 0.0
        est = _estimate(state)
        lead = est[me] - max(e for s, e in enumerate(est) if s != me)
        guess = _logistic(lead, self.scale)
        if not state.ended:
            return guess
        won = winners(state)
        return 0.5 * guess + (0.5 / len(won) if state.players[me].id in won else 0.0)

    def _iterate(self, state: State, root: _Node, root_cands: list[Action], rng: Rng) -> None:
        node = root
        path: list[_Node] = []
        depth = 0
        first = True
        while not state.ended and depth < self.max_depth:
            cands = root_cands if first else candidates(state)
            first = False
            if len(cands) == 1:
                quiet_apply(state, cands[0])
                continue
            seat = state.stack[-1].seat
            untried = [a for a in cands if a not in node.children]
            if untried:
                action = untried[rng.below(len(untried))]
                child = _Node(seat)
                node.children[action] = child
                for a in cands:
                    if a in node.children:
                        node.children[a].avail += 1
                quiet_apply(state, action)
                path.append(child)
                break
            log_avail: dict[Action, float] = {}
            for a in cands:
                c = node.children[a]
                c.avail += 1
                log_avail[a] = math.log(c.avail)
            c_ = self.exploration
            action = max(cands, key=lambda a: (
                node.children[a].reward / node.children[a].visits
                + c_ * math.sqrt(log_avail[a] / node.children[a].visits)))
            node = node.children[action]
            path.append(node)
            quiet_apply(state, action)
            depth += 1
        _rollout(state, self.horizon)
        result = rewards(state, self.scale)
        for n in path:
            n.visits += 1
            n.reward += result[n.mover]


register("strong", StrongAgent)

__all__ = ["StrongAgent", "candidates", "rewards"]
