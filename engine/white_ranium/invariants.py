"""Invariants checked after every decision by the simulator and the property tests, and by
``GAME.validate`` on every load: conservation of units, markers, cards; limits; a shape the
rules reach. ``violations`` returns sentences (empty: all good); ``check`` raises the first."""

from __future__ import annotations

from collections import Counter

from ..core.errors import GameError
from .board import PLACES
from .components import (
    COLOURS,
    CREWS_IN_PLAY,
    DECK_IDENTITIES,
    GOAL,
    MAX_DELIVERY,
    ORE,
    SYMBOL_CARD_VALUE,
    SYMBOL_CARDS,
    SYMBOLS,
    identity,
)
from .state import Frame, State

_PHASES = ("swap", "colours", "play", "ended")
PLACE_SET = frozenset(PLACES)
_FRAMES = ("fight", "free", "place")


def _card_ok(card: int) -> bool:
    """Exactly two faces (a colour and at least one exit each), one orientation, a symbol."""
    return (isinstance(card, int) and 0 <= card < 1 << 15 and card & 15 != 0
            and card >> 6 & 15 != 0 and (card >> 12 == 0 or card >> 12 in SYMBOLS))


def violations(state: State) -> list[str]:
    out: list[str] = []
    n = len(state.players)
    if not 2 <= n <= 4:
        return [f"{n} players"]
    ids = [p.id for p in state.players]
    if len(set(ids)) != n or not all(ids):
        return ["the players' ids are not distinct"]
    seats = _seats_and_turns(state)
    if seats:
        return seats  # the checks below index by seat
    if state.phase not in _PHASES or (state.phase == "ended") != state.ended:
        out.append(f"phase {state.phase!r} with ended={state.ended}")
    # the board: 36 cards, each two faces and one orientation; the deck's cards once each
    if len(state.board) != 36 or not all(_card_ok(c) for c in state.board):
        out.append("the board is not 36 cards of two faces each")
    elif state.deck and sorted(identity(c) for c in state.board) != list(DECK_IDENTITIES):
        out.append("the 36 mine cards are not each on the board exactly once")
    # crews
    expected = list(CREWS_IN_PLAY[n])
    if [c.colour for c in state.crews] != expected:
        out.append(f"the crews in play are {[c.colour for c in state.crews]}, not {expected}")
    for crew in state.crews:
        if not 0 <= crew.at < 36 or crew.held < 0:
            out.append(f"the {crew.colour} crew is off the board or holds {crew.held} units")
    # ranium: board + crews + supply is constant
    if len(set(state.ranium)) != len(state.ranium) or state.ranium != sorted(state.ranium) \
            or any(not 0 <= p < 36 for p in state.ranium):
        out.append("the ranium places are not a sorted list of distinct places")
    total = len(state.ranium) + sum(c.held for c in state.crews) + state.supply_ranium
    if total != state.units or state.supply_ranium < 0:
        out.append(f"{total} units of White Ranium in play, held and in the supply, "
                   f"not {state.units}")
    placing = sum(f.left for f in state.stack if f.kind == "place")
    if state.supply_ranium < placing:
        out.append("more units to place than the supply holds")
    # markers: the supply is what was not taken (never below 0, R21)
    taken = sum(p.markers for p in state.players)
    if state.supply_markers != max(0, state.marker_total - taken) or any(
            p.markers < 0 for p in state.players):
        out.append(f"markers not conserved: supply {state.supply_markers}, taken {taken}")
    goal = GOAL[n]
    leaders = [p.id for p in state.players if p.markers >= goal]
    if state.ended and (len(state.winners) != 1 or state.winners[0] not in leaders):
        out.append("the game ended without one winner at the goal")
    if not state.ended and leaders and state.phase == "play":
        out.append("a player reached the goal and the game goes on")
    # loaders: three distinct places on the track
    if len(state.loaders) != 3 or len(set(state.loaders)) != 3 or any(
            not 1 <= x <= 24 for x in state.loaders):
        out.append(f"the space loaders stand on {state.loaders}")
    # symbol cards
    out += _symbol_cards(state)
    # the turn
    if state.phase == "play":
        if not 0 <= state.ore <= ORE or not 0 <= state.turn < n:
            out.append(f"ore {state.ore}, turn {state.turn}")
        for p in state.players:
            if not 0 <= p.delivered <= MAX_DELIVERY:
                out.append(f"{p.name} delivered {p.delivered} units this turn")
        owners = Counter(c.seat for c in state.crews)
        if any(owners[s] != (2 if n == 2 else 1) for s in range(n)):
            out.append("a player does not own their crews")
    for frame in state.stack:
        if frame.kind not in _FRAMES or not 0 <= frame.seat < n:
            out.append(f"a {frame.kind} step for seat {frame.seat}")
    if not state.ended and state.phase == "play" and not state.stack and state.ore <= 0:
        out.append("nobody owes a decision and the game has not ended")
    if state.ended and state.stack:
        out.append("the game ended with steps still to run")
    if not 0 <= state.swaps_left <= 2:
        out.append(f"{state.swaps_left} swaps left")
    for trail in (state.trail, state.last_trail):
        if len(trail) > TRAIL_MAX or not all(_step_ok(s) for s in trail):
            out.append("a turn's trail of moves is not crews between places and loaders "
                       "between loader places")
    return out


TRAIL_MAX = 200  # moves a turn can make: 4 ore, free actions, transports of three crews
#: a bound, not a rule: far above any game's, so that no forged number is believed (issue 25).
#: The round has none of its own: R21 gives a game no other end than the markers, so a long
#: game between weak players is legal at any round; each turn takes at least one decision
#: (``end`` at the least), so a round never passes the version by more than one (a scenario
#: starts at round 1, version 0).
VERSION_MAX = 100_000
STACK_MAX = 16


def _seats_and_turns(state: State) -> list[str]:
    """Every seat a frame, a chooser, the start or the turn names is a seat; the numbers of
    the turn are within the rules' bounds in every phase (R1, R6, R7, R18), so that a state
    that loads always has someone owing a decision, or is over."""
    from .setup import choice_order

    out: list[str] = []
    n = len(state.players)
    early = state.phase in ("swap", "colours")
    if not 0 <= state.start < n:
        return [f"the start seat {state.start} is not a seat"]
    if not 0 <= state.version <= VERSION_MAX or not 0 <= state.round <= state.version + 1 or (
            early != (state.round == 0)):
        out.append(f"round {state.round} at version {state.version}")
    if early != (state.turn == -1) or not -1 <= state.turn < n:
        out.append(f"the turn names seat {state.turn} in the {state.phase} phase")
    if not 0 <= state.ore <= ORE or early and state.ore:
        out.append(f"ore {state.ore}")
    for p in state.players:
        if not 0 <= p.delivered <= MAX_DELIVERY or early and p.delivered:
            out.append(f"{p.name} delivered {p.delivered} units this turn")
    if (state.phase == "swap") != (state.swaps_left > 0):
        out.append(f"{state.swaps_left} swaps left in the {state.phase} phase")
    order = choice_order(n, state.start)
    if state.phase == "swap" and state.choosers != order or state.phase == "colours" and (
            not state.choosers or state.choosers != order[len(order) - len(state.choosers):]) \
            or not early and state.choosers:
        out.append(f"the seats still to choose a colour are {state.choosers} (R6)")
    for seat, p in enumerate(state.players):
        owned = sorted(c.colour for c in state.crews if c.seat == seat)
        if len(set(p.colours)) != len(p.colours) or sorted(p.colours) != owned:
            out.append(f"{p.name}'s colours are not the crews they own (R6)")
    if any(not -1 <= c.seat < n for c in state.crews):
        out.append("a crew is owned by no seat")
    if len(state.stack) > STACK_MAX or state.stack and state.phase != "play":
        out.append(f"{len(state.stack)} steps to run in the {state.phase} phase")
    for frame in state.stack:
        out += _frame(state, frame)
    for log in (state.turn_log, state.last_turn_log):
        if len(log) > TRAIL_MAX or any(not _logged(state, entry) for entry in log):
            out.append("a turn's log names someone not seated or a decision that is not one")
    fight = state.last_fight
    if fight is not None:
        a = SYMBOL_CARD_VALUE.get(fight.attacker_card, -99)
        d = SYMBOL_CARD_VALUE.get(fight.defender_card, -99)
        if fight.attacker not in COLOURS or fight.defender not in COLOURS or not (
                a - state.units <= fight.attacker_value <= a
                and d - state.units <= fight.defender_value <= d) or fight.winner != (
                fight.attacker if fight.attacker_value > fight.defender_value else
                fight.defender if fight.defender_value > fight.attacker_value else None):
            out.append("the last fight's cards, values and winner do not agree (R14)")
    if any(w not in [p.id for p in state.players] for w in state.winners):
        out.append("a winner is not seated")
    return out


def _frame(state: State, frame: Frame) -> list[str]:
    n = len(state.players)
    if frame.kind not in _FRAMES or not 0 <= frame.seat < n:
        return [f"a {frame.kind} step for seat {frame.seat}"]
    if frame.kind == "fight":
        a, d = state.crew(frame.attacker), state.crew(frame.defender)
        if a is None or d is None or a is d or a.seat != frame.seat or (
                frame.attacker_card is not None and frame.defender_card is not None):
            return ["a fight between crews not in play, or with both cards already played"]
        for crew, card in ((a, frame.attacker_card), (d, frame.defender_card)):
            owner = state.players[crew.seat] if 0 <= crew.seat < n else None
            if card is not None and (owner is None or not owner.colours
                                     or card not in SYMBOL_CARDS[owner.colours[0]]):
                return ["a fight card that is not its player's (R14)"]
    elif frame.kind == "place" and (not 1 <= frame.left <= state.units or (
            frame.card is not None and frame.card not in SYMBOL_CARD_VALUE)):
        return [f"a placing step with {frame.left} units to place (R19)"]
    return []


def _logged(state: State, entry: list[str]) -> bool:
    from .actions import parse

    if len(entry) != 2 or entry[0] not in [p.id for p in state.players]:
        return False
    try:
        parse(entry[1])
    except GameError:
        return False
    return True


def _step_ok(step: list[str]) -> bool:
    if len(step) != 4:
        return False
    kind, who, a, b = step
    if kind == "crew":
        return who in COLOURS and a in PLACE_SET and b in PLACE_SET
    return (kind == "loader" and who in ("1", "2", "3")
            and all(x.isdigit() and 1 <= int(x) <= 24 for x in (a, b)))


def _symbol_cards(state: State) -> list[str]:
    out: list[str] = []
    if state.phase in ("swap", "colours"):
        return out
    committed: Counter[str] = Counter()
    for frame in state.stack:
        for card in (frame.attacker_card, frame.defender_card):
            if card is not None:
                committed[card] += 1
    strategy = state.options.cards == "strategy"
    for p in state.players:
        if not p.colours:
            out.append(f"{p.name} has no colour in play")
            continue
        mine = Counter(SYMBOL_CARDS[p.colours[0]])
        cards = Counter(p.pile + p.discard + p.hand) + Counter(
            {c: k for c, k in committed.items() if c in mine})
        if cards != mine:
            out.append(f"{p.name}'s symbol cards are not their five: {sorted(cards.elements())}")
        if strategy and p.pile or not strategy and p.hand:
            out.append(f"{p.name} has cards where the '{state.options.cards}' cards never go")
        if any(c not in SYMBOL_CARD_VALUE for c in p.pile + p.discard + p.hand):
            out.append(f"{p.name} holds an unknown symbol card")
    return out


def check(state: State) -> None:
    found = violations(state)
    if found:
        raise AssertionError(found[0])
