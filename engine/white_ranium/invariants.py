"""Invariants checked after every decision by the simulator and the property tests, and by
``GAME.validate`` on every load: conservation of units, markers, cards; limits; a shape the
rules reach. ``violations`` returns sentences (empty: all good); ``check`` raises the first."""

from __future__ import annotations

from collections import Counter

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
from .state import State

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
