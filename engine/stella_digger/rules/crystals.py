"""Crystals: gaining from the supply (or from the richest other player, R10), paying, limits
(R11) and the multisets of colours a player could pay, return or lose."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter
from typing import Any

from engine.core.errors import IllegalDecision
from engine.stella_digger.components import (
    COLOUR_INDEX,
    COLOURS,
    CRYSTAL_LIMIT,
    HAND_LIMIT,
    gadget_type,
)
from engine.stella_digger.events import EventLog
from engine.stella_digger.rounds.steps import DECISIONS, SKIP, DecisionStep, wrong_kind
from engine.stella_digger.state import Frame, Player, State


def drones(player: Player) -> int:
    gadgets = player.gadgets
    return sum(1 for g in gadgets if gadget_type(g) == "support-drone") if gadgets else 0


def hand_limit(player: Player) -> int:
    """R11: 4 cards, +1 per Support Drone."""
    return HAND_LIMIT + drones(player)


def crystal_limit(player: Player) -> int:
    """R11: 6 crystals, +1 per Support Drone."""
    return CRYSTAL_LIMIT + drones(player)


def total(player: Player) -> int:
    return sum(player.crystals.values())


def excess(player: Player) -> int:
    return max(0, total(player) - crystal_limit(player))


def gain(state: State, seat: int, colour: str, ev: EventLog, why: str) -> bool:
    """One crystal of ``colour`` to ``seat``: from the supply, else from the other player holding
    most of it (tie: closest to the start player, R1), else not gained (R10)."""
    player = state.players[seat]
    if state.supply[colour] > 0:
        state.supply[colour] -= 1
        player.crystals[colour] += 1
        ev.say("crystal", f"{player.name} gains a {colour} crystal ({why}).",
               player=player.id, colour=colour, source="supply")
        return True
    donors = [s for s in state.turn_order() if s != seat and state.players[s].crystals[colour] > 0]
    if not donors:
        ev.say("crystal", f"{player.name} would gain a {colour} crystal ({why}), but there is none "
               "left anywhere.", player=player.id, colour=colour, source=None)
        return False
    donor = max(donors, key=lambda s: (state.players[s].crystals[colour], -donors.index(s)))
    state.players[donor].crystals[colour] -= 1
    player.crystals[colour] += 1
    ev.say("crystal", f"{player.name} gains a {colour} crystal ({why}), taken from "
           f"{state.players[donor].name}: the supply had none.",
           player=player.id, colour=colour, source=state.players[donor].id)
    return True


def give_back(state: State, player: Player, colours: tuple[str, ...]) -> None:
    """Crystals from a player to the common supply (payments, returns, losses)."""
    for colour in colours:
        player.crystals[colour] -= 1
        state.supply[colour] += 1


def holds(player: Player, colours: tuple[str, ...]) -> str | None:
    """None if the player holds all these crystals, else the first colour they lack."""
    need: dict[str, int] = {}
    for colour in colours:
        need[colour] = need.get(colour, 0) + 1
    for colour, n in need.items():
        if player.crystals[colour] < n:
            return colour
    return None


@lru_cache(maxsize=4096)
def multisets(holding: tuple[int, ...], k: int) -> tuple[tuple[str, ...], ...]:
    """Distinct multisets of ``k`` colours from counts per colour (C1 order), canonical order."""
    out: list[tuple[str, ...]] = []

    def pick(i: int, left: int, acc: tuple[str, ...]) -> None:
        if left == 0:
            out.append(acc)
            return
        if i == len(COLOURS):
            return
        for take in range(min(holding[i], left), -1, -1):
            pick(i + 1, left - take, acc + (COLOURS[i],) * take)

    pick(0, k, ())
    return tuple(sorted(out, key=lambda t: [COLOUR_INDEX[c] for c in t]))


_COUNTS = itemgetter(*COLOURS)


def holding(player: Player) -> tuple[int, ...]:
    """The player's crystals as counts in C1 order (the key the listings are memoised on)."""
    return _COUNTS(player.crystals)  # type: ignore[no-any-return]


def choices(player: Player, k: int) -> tuple[tuple[str, ...], ...]:
    """Every distinct multiset of ``k`` crystals the player could hand over (canonical order)."""
    if k <= 0:
        return ((),)
    return multisets(holding(player), k)


def most_held_first(player: Player, k: int) -> tuple[str, ...]:
    """R21 default for paying/returning/losing: from the colours held most, then C1 order."""
    left = dict(player.crystals)
    out: list[str] = []
    for _ in range(min(k, sum(left.values()))):
        colour = max(COLOURS, key=lambda c: (left[c], -COLOUR_INDEX[c]))
        left[colour] -= 1
        out.append(colour)
    return tuple(out)


def least_held_first(player: Player, k: int) -> tuple[str, ...]:
    """R21 default for gold colours: the colours held least, then C1 order."""
    held = dict(player.crystals)
    out: list[str] = []
    for _ in range(k):
        colour = min(COLOURS, key=lambda c: (held[c], COLOUR_INDEX[c]))
        held[colour] += 1
        out.append(colour)
    return tuple(out)


def giving_step(decision: str, cls: type[Any], amount: Callable[[State, Frame], int],
                why: Callable[[int, Player], str], done: str, prompt: str) -> DecisionStep:
    """A decision to hand exactly ``amount`` crystals of the player's choice to the supply
    (returns over the limit R11, losses to a monster R17). ``why(k, player)`` explains a wrong
    count; ``done`` and ``prompt`` are phrases ("returns {colours} (over the crystal limit)")."""

    def settle(state: State, frame: Frame, ev: EventLog) -> Any:
        k = amount(state, frame)
        if k == 0:
            return SKIP
        options = choices(state.players[frame.seat], k)
        return cls.canonical(options[0]) if len(options) == 1 else None

    def check(state: State, frame: Frame, action: Any) -> None:
        if not isinstance(action, cls):
            raise IllegalDecision(wrong_kind(DECISIONS[frame.step], action))
        player = state.players[frame.seat]
        k = amount(state, frame)
        if len(action.colours) != k:
            raise IllegalDecision(why(k, player))
        lacking = holds(player, action.colours)
        if lacking:
            raise IllegalDecision(f"You don't have that many {lacking} crystals.")

    def perform(state: State, frame: Frame, action: Any, ev: EventLog) -> None:
        player = state.players[frame.seat]
        give_back(state, player, action.colours)
        ev.say(decision, f"{player.name} {done.format(colours=', '.join(action.colours))}.",
               player=player.id, colours=list(action.colours))

    return DecisionStep(
        decision, settle,
        legal=lambda state, frame: [cls.canonical(c) for c in choices(
            state.players[frame.seat], amount(state, frame))],
        check=check, perform=perform,
        default=lambda state, frame: cls(most_held_first(state.players[frame.seat],
                                                         amount(state, frame))),  # R21
        prompt=lambda state, frame: (f"{state.players[frame.seat].name} must "
                                     f"{prompt.format(n=amount(state, frame))}."),
    )
