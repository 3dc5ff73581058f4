"""Action selection (R7): Mine, Refill Hand, Buy Gadgets, Install Large Drill, Exchange, Pass."""

from __future__ import annotations

from functools import lru_cache

from ..core.errors import IllegalDecision
from .actions import Action, Buy, Drill, Exchange, Mine, Pass, Refill
from .board import DIRECTIONS, PRINTED, STEP, TERRAIN
from .components import (
    ALL_GADGETS,
    CARD_COLOUR,
    COLOURS,
    DRILL_COST,
    GADGET_COST,
    card_key,
    gadget_type,
)
from .crystals import gain, give_back, holds, multisets
from .events import EventLog
from .plays import check_play, play_options, take_play
from .state import Drill as PlacedDrill
from .state import Frame, Player, State
from .steps import DECISIONS, DecisionStep, push, wrong_kind

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
    return _drill_spots(frozenset(state.tiles),
                        tuple((sq, d.direction) for sq, d in state.drills.items()))


@lru_cache(maxsize=1024)
def _drill_spots(tiles: frozenset[str], placed: tuple[tuple[str, str], ...]
                 ) -> tuple[tuple[str, str], ...]:
    drills = {sq for sq, _ in placed}
    aimed = {STEP[sq, direction] for sq, direction in placed}
    out = []
    for sq in PRINTED:  # START and rock have no printed number and hold no token
        if sq in tiles or sq in drills or sq in aimed:
            continue
        for d in DIRECTIONS:
            tip = STEP[sq, d]
            if tip is not None and tip in PRINTED and tip not in tiles and tip not in drills:
                out.append((sq, d))
    return tuple(out)


_COST = {g: GADGET_COST[gadget_type(g)] for g in ALL_GADGETS}


def gadget_sets(supply: list[str], budget: int) -> list[tuple[tuple[str, ...], int]]:
    """Every non-empty set of gadgets from ``supply`` costing at most ``budget``, with its cost."""
    out: list[tuple[tuple[str, ...], int]] = []

    def extend(start: int, chosen: tuple[str, ...], cost: int) -> None:
        for i in range(start, len(supply)):
            c = cost + _COST[supply[i]]
            if c <= budget:
                picked = chosen + (supply[i],)
                out.append((picked, c))
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
    return tuple(Refill.canonical(d) for d in out)


@lru_cache(maxsize=4096)
def _buys(supply: tuple[str, ...], holding: tuple[int, ...]) -> tuple[Action, ...]:
    out: list[Action] = []
    for combo, cost in _gadget_sets(supply, sum(holding)):
        out += [Buy.canonical(combo, pay) for pay in multisets(holding, cost)]
    return tuple(out)


@lru_cache(maxsize=1024)
def _gadget_sets(supply: tuple[str, ...], budget: int) -> list[tuple[tuple[str, ...], int]]:
    return gadget_sets(list(supply), budget)


@lru_cache(maxsize=16384)
def _drills(sq: str, direction: str, holding: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(Drill.canonical(sq, direction, pay) for pay in multisets(holding, DRILL_COST))


@lru_cache(maxsize=256)
def _exchanges(holding: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(Exchange(give, get) for give, n in zip(COLOURS, holding, strict=True) if n >= 2
                 for get in COLOURS if get != give)


_PASS = Pass()


def legal(state: State, frame: Frame) -> list[Action]:
    player = state.players[frame.seat]
    holding = tuple(player.crystals[c] for c in COLOURS)
    out: list[Action] = list(play_options(player, Mine))
    out += _refills(tuple(sorted(player.hand)))
    out += _buys(tuple(state.gadget_supply), holding)
    if player.drills_left > 0 and sum(holding) >= DRILL_COST:
        for sq, d in drill_spots(state):
            out += _drills(sq, d, holding)
    out += _exchanges(holding)
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
