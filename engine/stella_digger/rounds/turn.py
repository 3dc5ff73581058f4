"""Action selection (R7): Mine, Refill Hand, Buy Gadgets, Install Large Drill, Exchange, Pass."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import chain, repeat
from operator import itemgetter

from engine.core.errors import IllegalDecision
from engine.stella_digger.actions import Action, Buy, Drill, Exchange, Mine, Pass, Refill, shared
from engine.stella_digger.board import DIRECTIONS, PRINTED, STEP, TERRAIN
from engine.stella_digger.components import (
    ALL_GADGETS,
    CARD_COLOUR,
    COLOURS,
    DRILL_COST,
    GADGET_COST,
    card_key,
    gadget_type,
)
from engine.stella_digger.events import EventLog
from engine.stella_digger.rounds.steps import DECISIONS, DecisionStep, push, wrong_kind
from engine.stella_digger.rules.crystals import gain, give_back, holding, holds, multisets
from engine.stella_digger.rules.plays import check_play, play_options, take_play
from engine.stella_digger.state import Drill as PlacedDrill
from engine.stella_digger.state import Frame, Player, State

# -- Install Large Drill (R10) --------------------------------------------------------------


def drill_problem(state: State, sq: str, direction: str) -> str | None:
    """Why a Large Drill can't go on ``sq`` aiming ``direction`` (None: it can)."""
    terrain = TERRAIN[sq]
    if terrain in "S#":
        return f"{sq} is {'START' if terrain == 'S' else 'rock'}: no Large Drill stands there."
    if sq in state.blockades:
        return f"{sq} is blockaded."
    if sq in state.tiles:
        return f"{sq} still holds a mining tile."
    if sq in state.drills:
        return f"{sq} already holds a Large Drill."
    for other, drill in state.drills.items():
        if STEP[other, drill.direction] == sq:
            return f"the tip of the Large Drill on {other} aims at {sq}."
    tip = STEP[sq, direction]
    if tip is None:
        return f"a drill on {sq} aiming {direction} would aim off the map."
    if tip not in PRINTED:
        return f"it would aim at {tip}, which has no printed number."
    if tip in state.tiles:
        return f"it would aim at the {'blockade' if tip in state.blockades else 'tile'} on {tip}."
    if tip in state.drills:
        return f"it would aim at the Large Drill on {tip}."
    return None


def drill_spots(state: State) -> tuple[tuple[str, str], ...]:
    """Every (square, direction) drill_problem accepts. Only the squares holding tiles and the
    placed drills matter, so the answer is memoised on them (the map changes once a round)."""
    return _layout(state)[0]


def _layout(state: State) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[Action, ...], ...]]:
    return _drill_layout(frozenset(state.tiles),
                         tuple((sq, d.direction) for sq, d in state.drills.items()))


@lru_cache(maxsize=1024)
def _drill_layout(tiles: frozenset[str], placed: tuple[tuple[str, str], ...]
                  ) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[Action, ...], ...]]:
    """The drill spots for this map, and for each spot its row of Drill decisions: one per
    payment of DRILL_COST crystals anyone could make (see ``_payment_picker``)."""
    drills = {sq for sq, _ in placed}
    blocked = tiles | drills | {STEP[sq, direction] for sq, direction in placed}
    spots = [(sq, d) for sq, aims in _AIMS if sq not in blocked
             for d, tip in aims if tip not in tiles and tip not in drills]
    return tuple(spots), tuple(_drill_row(sq, d) for sq, d in spots)


# Each printed square (START and rock have no printed number and hold no token) with the
# directions in which its tip would aim at another printed square, in map and C1 order.
_AIMS = tuple((sq, tuple((d, tip) for d in DIRECTIONS
                         if (tip := STEP[sq, d]) is not None and tip in PRINTED))
              for sq in PRINTED)


@lru_cache  # at most 4 per square of the map
def _drill_row(sq: str, direction: str) -> tuple[Action, ...]:
    return tuple(map(shared(Drill).__getitem__,
                     zip(repeat(sq), repeat(direction), _all_payments(DRILL_COST))))


_COST = {g: GADGET_COST[gadget_type(g)] for g in ALL_GADGETS}
_CHEAPEST = min(_COST.values())


def gadget_sets(supply: list[str], budget: int) -> list[tuple[tuple[str, ...], int]]:
    """Every non-empty set of gadgets from ``supply`` costing at most ``budget``, with its cost."""
    out: list[tuple[tuple[str, ...], int]] = []

    def extend(start: int, chosen: tuple[str, ...], cost: int) -> None:
        for i in range(start, len(supply)):
            c = cost + _COST[supply[i]]
            if c <= budget:
                picked = chosen + (supply[i],)
                out.append((picked, c))
                if c + _CHEAPEST <= budget:
                    extend(i + 1, picked, c)

    extend(0, (), 0)
    return out


# -- the action decision ------------------------------------------------------------------


def _check_payment(player: Player, pay: tuple[str, ...], cost: int, what: str) -> None:
    if len(pay) != cost:
        raise IllegalDecision(f"{what} costs {cost} crystals; you named {len(pay)}.")
    lacking = holds(player, pay)
    if lacking is not None:
        raise IllegalDecision(f"You don't have enough {lacking} crystals to pay that way.")


def check(state: State, frame: Frame, action: Action) -> None:
    player = state.players[frame.seat]
    if isinstance(action, Mine):
        check_play(player, action)
    elif isinstance(action, Refill):
        for card in set(action.discard):
            if action.discard.count(card) > player.hand.count(card):
                raise IllegalDecision(f"You can't discard {card}: it isn't in your hand"
                                      + (" that many times." if card in player.hand else "."))
    elif isinstance(action, Buy):
        if len(set(action.gadgets)) != len(action.gadgets):
            raise IllegalDecision("Each gadget exists once; name it once.")
        for g in action.gadgets:
            if g not in state.gadget_supply:
                owner = next((p.name for p in state.players if g in p.gadgets), None)
                raise IllegalDecision(f"{g} is not for sale: "
                                      + (f"{owner} owns it." if owner else "it is out of the game."))
        cost = sum(_COST[g] for g in action.gadgets)
        _check_payment(player, action.pay, cost, "That")
    elif isinstance(action, Drill):
        if player.drills_left <= 0:
            raise IllegalDecision("You have no Large Drill left to install.")
        problem = drill_problem(state, action.square, action.direction)
        if problem is not None:
            raise IllegalDecision(f"You can't install a Large Drill there: {problem}")
        _check_payment(player, action.pay, DRILL_COST, "A Large Drill")
    elif isinstance(action, Exchange):
        if action.give == action.get:
            raise IllegalDecision("Exchange two crystals of one colour for one of another colour.")  # P9
        if player.crystals[action.give] < 2:
            raise IllegalDecision(f"You need two {action.give} crystals to exchange.")
    elif not isinstance(action, Pass):
        raise IllegalDecision(wrong_kind(DECISIONS["turn"], action))


def perform(state: State, frame: Frame, action: Action, ev: EventLog) -> None:
    player = state.players[frame.seat]
    name = player.name
    if isinstance(action, Mine):
        play = take_play(player, action)
        player.play, player.mined = play, True
        extra = (f", changed to {play.colour} by a Super Drill" if play.super else "") + (
            f", plus {play.boost} by an Enhanced Power" if play.boost else "")
        ev.say("mine", f"{name} mines with {action.card}{extra}: a {play.colour} play.",
               player=player.id, cards=list(play.cards), colour=play.colour)
    elif isinstance(action, Refill):
        for card in action.discard:
            player.hand.remove(card)
            state.discard.append(card)
        what = f"discards {', '.join(action.discard)} and " if action.discard else ""
        ev.say("refill", f"{name} {what}refills their hand.", player=player.id,
               discard=list(action.discard))
        push(state, Frame("refill", frame.seat))
    elif isinstance(action, Buy):
        give_back(state, player, action.pay)
        for g in action.gadgets:
            state.gadget_supply.remove(g)
            player.gadgets.append(g)
        player.gadgets.sort(key=lambda g: (gadget_type(g), g))
        ev.say("buy", f"{name} buys {', '.join(action.gadgets)}, paying {', '.join(action.pay)}.",
               player=player.id, gadgets=list(action.gadgets), pay=list(action.pay))
    elif isinstance(action, Drill):
        give_back(state, player, action.pay)
        state.drills[action.square] = PlacedDrill(frame.seat, action.direction)
        player.drills_left -= 1
        tip = STEP[action.square, action.direction]
        assert tip is not None
        points = PRINTED[tip]
        player.drill_points += points
        ev.say("drill", f"{name} installs a Large Drill on {action.square} aiming {action.direction} "
               f"at {tip}: {points} point{'s' if points != 1 else ''}.", player=player.id,
               square=action.square, direction=action.direction, points=points)
    elif isinstance(action, Exchange):
        give_back(state, player, (action.give, action.give))
        ev.say("exchange", f"{name} exchanges two {action.give} crystals for a {action.get} one.",
               player=player.id, give=action.give, get=action.get)
        gain(state, frame.seat, action.get, ev, "exchange")
    else:
        ev.say("pass", f"{name} passes.", player=player.id)


# The listings below depend only on small hashable inputs and build immutable actions, so they
# are memoised: a player's hand, holding and the gadget supply repeat a lot within a game.

@lru_cache(maxsize=4096)
def _refills(hand: tuple[str, ...]) -> tuple[Action, ...]:
    """One Refill per distinct sub-multiset of the (sorted) hand to discard."""
    out: list[tuple[str, ...]] = [()]
    for card in sorted(set(hand), key=card_key):
        out = [prefix + (card,) * k for prefix in out for k in range(hand.count(card) + 1)]
    return tuple(map(shared(Refill).__getitem__, zip(out)))


# Payments: every multiset of k crystals in canonical order, and for a holding the positions
# of those it can pay. A drill spot's row of decisions (one per conceivable payment, built once)
# then yields a player's choices with one C-level pick, in canonical order.

@lru_cache
def _all_payments(k: int) -> tuple[tuple[str, ...], ...]:
    return multisets((k,) * len(COLOURS), k)


@lru_cache(maxsize=4096)
def _payment_picker(holding: tuple[int, ...], k: int) -> Callable[[Sequence[Action]], Sequence[Action]]:
    """A function taking a row (one entry per ``_all_payments(k)``) to the entries this
    holding can pay, in the row's order."""
    can_pay = set(multisets(holding, k))
    where = [i for i, pay in enumerate(_all_payments(k)) if pay in can_pay]
    if not where:
        return lambda row: ()
    if len(where) == 1:
        only = where[0]
        return lambda row: (row[only],)
    return itemgetter(*where)


@lru_cache(maxsize=4096)
def _buys(supply: tuple[str, ...], holding: tuple[int, ...]) -> tuple[Action, ...]:
    budget = sum(holding)
    if budget < _CHEAPEST:
        return ()
    out: list[Action] = []
    for combo, cost in _gadget_sets(supply, budget):
        out += _buys_of(combo, multisets(holding, cost))
    return tuple(out)


@lru_cache(maxsize=8192)
def _buys_of(gadgets: tuple[str, ...], pays: tuple[tuple[str, ...], ...]) -> tuple[Action, ...]:
    return tuple(map(shared(Buy).__getitem__, zip(repeat(gadgets), pays)))


@lru_cache(maxsize=1024)
def _gadget_sets(supply: tuple[str, ...], budget: int) -> list[tuple[tuple[str, ...], int]]:
    return gadget_sets(list(supply), budget)


@lru_cache(maxsize=256)
def _exchanges(holding: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(Exchange(give, get) for give, n in zip(COLOURS, holding, strict=True) if n >= 2
                 for get in COLOURS if get != give)


_PASS = Pass()


def legal(state: State, frame: Frame) -> list[Action]:
    player = state.players[frame.seat]
    counts = holding(player)
    out: list[Action] = list(play_options(player, Mine))
    out += _refills(tuple(sorted(player.hand)))
    out += _buys(tuple(state.gadget_supply), counts)
    if player.drills_left > 0 and sum(counts) >= DRILL_COST:
        out += chain.from_iterable(map(_payment_picker(counts, DRILL_COST), _layout(state)[1]))
    out += _exchanges(counts)
    out.append(_PASS)
    return out


def prompt(state: State, frame: Frame) -> str:
    player = state.players[frame.seat]
    colours = ", ".join(CARD_COLOUR[c] for c in player.hand) or "no cards"
    return (f"{player.name} must choose an action: mine, refill, buy gadgets, install a Large "
            f"Drill, exchange crystals or pass (hand: {colours}).")


DECISIONS["turn"] = DecisionStep(
    decision="action",
    settle=lambda state, frame, ev: None,  # Pass and Refill are always open: never forced
    legal=legal,
    check=check,
    perform=perform,
    default=lambda state, frame: Pass(),
    prompt=prompt,
)
