"""Drawing decisions: game preparation draws (R4) and Refill Hand draws (R9)."""

from __future__ import annotations

from engine.core.errors import IllegalDecision
from engine.stella_digger.actions import Action, Draw
from engine.stella_digger.events import EventLog
from engine.stella_digger.rounds.decks import check_draw, draw, open_decks, rebuild, top_colour
from engine.stella_digger.rounds.steps import (
    DECISIONS,
    SKIP,
    DecisionStep,
    Outcome,
    push,
    wrong_kind,
)
from engine.stella_digger.rules.crystals import hand_limit
from engine.stella_digger.state import Frame, State


def _ready_decks(state: State, ev: EventLog) -> bool:
    """Make sure a deck holds a card, rebuilding from the discard pile if all are empty (R9)."""
    if any(state.decks):
        return True
    if state.discard:
        rebuild(state, ev)
        return True
    return False


def _decide_deck(state: State, frame: Frame, ev: EventLog) -> Outcome:
    if not _ready_decks(state, ev):
        ev.say("no-cards", f"{state.players[frame.seat].name} can't draw: no cards are left in "
               "the decks or the discard pile.", player=state.players[frame.seat].id)
        return SKIP
    decks = open_decks(state)
    return _DRAW[decks[0]] if len(decks) == 1 else None


def _check(state: State, frame: Frame, action: Action) -> None:
    if not isinstance(action, Draw):
        raise IllegalDecision(wrong_kind(DECISIONS[frame.step], action))
    check_draw(state, action.deck)


_DRAW: dict[int, Action] = {d: Draw.canonical(d) for d in (1, 2, 3)}


def _legal(state: State, frame: Frame) -> list[Action]:
    return [_DRAW[d] for d in open_decks(state)]


def _prompt(state: State, frame: Frame) -> str:
    player = state.players[frame.seat]
    decks = ", ".join(f"deck {d} ({top_colour(state, d - 1)} on top, {len(state.decks[d - 1])} "
                      "cards)" for d in open_decks(state))
    return f"{player.name} must draw a card from {decks}."


def _first_deck(state: State, frame: Frame) -> Action:
    return _DRAW[open_decks(state)[0]]  # R21 default


# -- Refill Hand draws ----------------------------------------------------------------------

def _settle_refill(state: State, frame: Frame, ev: EventLog) -> Outcome:
    player = state.players[frame.seat]
    if len(player.hand) >= hand_limit(player):
        return SKIP
    return _decide_deck(state, frame, ev)


def _perform_refill(state: State, frame: Frame, action: Action, ev: EventLog) -> None:
    assert isinstance(action, Draw)
    draw(state, frame.seat, action.deck, ev, alarm=True)
    push(state, frame)  # keep drawing until the hand limit


DECISIONS["refill"] = DecisionStep("draw", _settle_refill, _legal, _check, _perform_refill,
                                   _first_deck, _prompt)


# -- game preparation draws (R4) -----------------------------------------------------------

def _settle_setup(state: State, frame: Frame, ev: EventLog) -> Outcome:
    """One card each in turn order, round after round, until every hand is full."""
    order = state.turn_order()
    start = order.index(frame.seat) if frame.seat in order else 0
    for i in range(len(order)):
        seat = order[(start + i) % len(order)]
        if len(state.players[seat].hand) < hand_limit(state.players[seat]):
            frame.seat = seat
            return _decide_deck(state, frame, ev)
    return SKIP


def _perform_setup(state: State, frame: Frame, action: Action, ev: EventLog) -> None:
    assert isinstance(action, Draw)
    draw(state, frame.seat, action.deck, ev, alarm=False)  # P1: setup draws raise no alarm
    order = state.turn_order()
    push(state, Frame("setup_draw", order[(order.index(frame.seat) + 1) % len(order)]))


DECISIONS["setup_draw"] = DecisionStep("draw", _settle_setup, _legal, _check, _perform_setup,
                                       _first_deck, _prompt)
