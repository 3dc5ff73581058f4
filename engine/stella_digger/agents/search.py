"""Stella Digger's hooks for the generic search (``engine/agents/search.py``; exported by
``ai.py``): the decision abstraction, the position's worth, and fast copies and unchecked
decisions for playouts, whose policy is the ``easy`` heuristic (``easy.py``).

Decisions are abstracted so that few are compared: payments are canonical (keep crystal pairs),
Refill Hand offers a few discard sets, Buy the heuristic's set and the two best single gadgets,
Install Large Drill the two best squares, plays skip Super Drill changes that match nothing and
keep the best Enhanced Power card for each card. Small decisions (crystals to return or lose,
gold colours, capsules, accident losses) follow the heuristic.

Playouts run for ``HORIZON`` rounds (then the position is scored: each seat's points so far plus
what its performance area is about to bring, R15, turned into a logistic of its lead over the
best other seat) or to the end, where half the worth is the win itself.
"""

from __future__ import annotations

import math

from engine.stella_digger.actions import (
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
from engine.stella_digger.agents.easy import _gadget_value, give_up, policy, target_colours
from engine.stella_digger.board import PRINTED, STEP
from engine.stella_digger.components import CARD_COLOUR, CARD_NUMBER, DRILL_COST, GADGET_COST
from engine.stella_digger.rounds.scoring import score, winners
from engine.stella_digger.rounds.turn import drill_spots
from engine.stella_digger.rules.crystals import hand_limit, total
from engine.stella_digger.rules.plays import play_options
from engine.stella_digger.rules.reach import target_options
from engine.stella_digger.state import State

HORIZON = 2  # rounds per playout
SCALE = 4.0  # points of lead worth e=2.7 times the odds

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


def search_candidates(state: State) -> list[Action]:
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


def worth(state: State, scale: float = SCALE) -> dict[str, float]:
    """Each player's worth in [0, 1]: a logistic of their lead (estimated points) over the best
    other player; at the end, half of it is the win itself (a shared win split); 0 for a player
    out of the game."""
    won = winners(state) if state.ended else []
    est = _estimate(state)
    out: dict[str, float] = {}
    for seat, p in enumerate(state.players):
        if p.out:
            out[p.id] = 0.0
            continue
        guess = _logistic(est[seat] - max(e for s, e in enumerate(est) if s != seat), scale)
        if state.ended:
            guess = 0.5 * guess + (0.5 / len(won) if p.id in won else 0.0)
        out[p.id] = guess
    return out


__all__ = ["HORIZON", "SCALE", "search_candidates", "worth"]
