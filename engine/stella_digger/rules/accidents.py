"""Accident occurrence (R12) and the accident reset after a deck rebuild (R9, R3)."""

from __future__ import annotations

from engine.core.errors import IllegalDecision
from engine.core.rng import Rng
from engine.stella_digger.actions import Action, Lose
from engine.stella_digger.components import CARD_COLOUR, CARD_NUMBER, COLOURS, card_key
from engine.stella_digger.events import EventLog
from engine.stella_digger.rounds.steps import (
    AUTO,
    DECISIONS,
    SKIP,
    DecisionStep,
    Outcome,
    push,
    wrong_kind,
)
from engine.stella_digger.rules.elimination import add_tear
from engine.stella_digger.state import Frame, State


def lay_out(state: State, colours: list[str]) -> None:
    """R3: the top card face up on Safety Forecast, the rest face down on Danger Forecast."""
    state.safety, state.danger = colours[0], colours[1:]
    state.alarm, state.revealed = [], []


def _accidents(state: State, frame: Frame, ev: EventLog) -> None:
    """Reveal the Alarm cards one by one; each hits every player in turn order."""
    if state.alarm:
        colour = state.alarm.pop(0)
        state.revealed.append(colour)
        ev.say("accident", f"Accident! The {colour} card is revealed: everyone with a {colour} "
               "card loses one, from their play first.", colour=colour)
        push(state, *(Frame("lose", seat, colour=colour) for seat in state.turn_order()), frame)
        return
    if state.reset_pending:
        cards = [c for c in COLOURS]
        Rng(state).shuffle(cards)
        lay_out(state, cards)
        state.reset_pending = False
        ev.say("accident-reset", f"The accident cards are gathered and shuffled: {state.safety} is "
               "the new Safety Forecast.", safety=state.safety)


AUTO["accidents"] = _accidents


def candidates(state: State, seat: int, colour: str) -> tuple[list[str], bool]:
    """The cards the accident may take (distinct, canonical order) and whether from the play."""
    player = state.players[seat]
    if player.play is not None and player.play.colour == colour:
        return sorted(set(player.play.cards), key=card_key), True
    return sorted({c for c in player.hand if CARD_COLOUR[c] == colour}, key=card_key), False


def _settle(state: State, frame: Frame, ev: EventLog) -> Outcome:
    assert frame.colour is not None
    cards, _ = candidates(state, frame.seat, frame.colour)
    if not cards:
        return SKIP
    return Lose(cards[0]) if len(cards) == 1 else None


def _check(state: State, frame: Frame, action: Action) -> None:
    assert frame.colour is not None
    if not isinstance(action, Lose):
        raise IllegalDecision(wrong_kind(DECISIONS["lose"], action))
    cards, from_play = candidates(state, frame.seat, frame.colour)
    if action.card not in cards:
        where = "your play" if from_play else "your hand"
        raise IllegalDecision(f"The {frame.colour} accident takes a card from {where}: choose "
                              f"{' or '.join(cards)}.")


def _perform(state: State, frame: Frame, action: Action, ev: EventLog) -> None:
    assert isinstance(action, Lose) and frame.colour is not None
    player = state.players[frame.seat]
    _, from_play = candidates(state, frame.seat, frame.colour)
    if from_play:
        assert player.play is not None
        player.play.cards.remove(action.card)
        if not player.play.cards:
            player.play = None
    else:
        player.hand.remove(action.card)
    state.discard.append(action.card)
    ev.say("lose", f"{player.name} loses {action.card} to the {frame.colour} accident"
           f"{' from their play' if from_play else ' from their hand'}.", player=player.id,
           card=action.card, from_play=from_play)
    add_tear(state, frame.seat, ev, "lost a card to an accident")


def _legal(state: State, frame: Frame) -> list[Action]:
    assert frame.colour is not None
    return [Lose.canonical(c) for c in candidates(state, frame.seat, frame.colour)[0]]


def _default(state: State, frame: Frame) -> Action:
    assert frame.colour is not None
    return Lose(min(candidates(state, frame.seat, frame.colour)[0], key=CARD_NUMBER.__getitem__))


def _prompt(state: State, frame: Frame) -> str:
    return (f"{state.players[frame.seat].name} must choose which {frame.colour} card the accident "
            "takes.")


DECISIONS["lose"] = DecisionStep("lose", _settle, _legal, _check, _perform, _default, _prompt)
