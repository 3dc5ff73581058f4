"""What the owing player must decide (the turn prompt's and the status's line), in the
language being written (``Presentation.prompt_text``). Built from the state, one sentence per
decision step of the engine (engine/stella_digger/rounds/ and rules/: each step's ``prompt``),
the player's name from the state; squares (``C3``) stay as the board prints them, colours are
the catalog's words. A step this file does not know (an engine change) reads as the engine
wrote it, never half translated."""

from __future__ import annotations

from collections.abc import Callable

from engine.stella_digger.board import READING_INDEX
from engine.stella_digger.components import CARD_COLOUR
from engine.stella_digger.rounds.decks import open_decks, top_colour
from engine.stella_digger.rounds.flow import owed
from engine.stella_digger.rules.crystals import excess, total
from engine.stella_digger.rules.reach import target_options
from engine.stella_digger.state import Frame, State
from texts import _, ngettext

from .texts import colour, colours


def _name(state: State, frame: Frame) -> str:
    return state.players[frame.seat].name


def _turn(state: State, frame: Frame) -> str:
    """R7: a player's action; the hand's colours are public (R2), never the numbers."""
    hand = [CARD_COLOUR[c] for c in state.players[frame.seat].hand]
    held = colours(hand) if hand else _("no cards")
    return _("{name} must choose an action: mine, refill their hand, buy gadgets, install a "
             "Large Drill, exchange crystals or pass (hand: {colours}).").format(
        name=_name(state, frame), colours=held)


def _deck(state: State, deck: int) -> str:
    n = len(state.decks[deck - 1])
    top = top_colour(state, deck - 1)
    return ngettext("deck {deck} ({colour} on top, {n} card)",
                    "deck {deck} ({colour} on top, {n} cards)", n).format(
        deck=deck, colour=colour(top or ""), n=n)


def _draw(state: State, frame: Frame) -> str:
    """The game preparation's draws (R4) and Refill Hand's (R9)."""
    decks = _(", ").join(_deck(state, d) for d in open_decks(state))
    return _("{name} must draw a card from {decks}.").format(name=_name(state, frame), decks=decks)


def _target(state: State, frame: Frame) -> str:
    """R4, R5: the start player chooses the target tile."""
    squares = _(", ").join(sorted(target_options(state), key=READING_INDEX.__getitem__))
    return _("{name} must choose the target: {squares}.").format(
        name=_name(state, frame), squares=squares)


def _fight(state: State, frame: Frame) -> str:
    """R17: a monster attacks."""
    return _("{name} must fight the monster on {square} with a card, or decline.").format(
        name=_name(state, frame), square=frame.square)


def _lose_crystals(state: State, frame: Frame) -> str:
    """R17: the monster takes as many crystals as the player holds, up to its loss."""
    n = min(frame.n, total(state.players[frame.seat]))
    return ngettext("{name} must choose {n} crystal to lose to the monster.",
                    "{name} must choose {n} crystals to lose to the monster.", n).format(
        name=_name(state, frame), n=n)


def _lose(state: State, frame: Frame) -> str:
    """R12: an accident takes a card of its colour."""
    return _("{name} must choose which {colour} card the accident takes.").format(
        name=_name(state, frame), colour=colour(frame.colour or ""))


def _gold(state: State, frame: Frame) -> str:
    """R13: a gold tile's crystals, of any colours."""
    return ngettext("{name} must choose the colour of {n} crystal from the gold tile.",
                    "{name} must choose the colours of {n} crystals from the gold tile.",
                    frame.n).format(name=_name(state, frame), n=frame.n)


def _capsule(state: State, frame: Frame) -> str:
    """R13: Refining Capsules."""
    return _("{name} must choose which Refining Capsule gives a crystal.").format(
        name=_name(state, frame))


def _return(state: State, frame: Frame) -> str:
    """R11: crystals over the limit go back."""
    n = excess(state.players[frame.seat])
    return ngettext("{name} must return {n} crystal: they hold more than their limit.",
                    "{name} must return {n} crystals: they hold more than their limit.",
                    n).format(name=_name(state, frame), n=n)


#: each decision step's sentence (engine/stella_digger/rounds/steps.py's ``DECISIONS``)
STEPS: dict[str, Callable[[State, Frame], str]] = {
    "turn": _turn, "refill": _draw, "setup_draw": _draw, "target": _target,
    "fight_play": _fight, "lose_crystals": _lose_crystals, "lose": _lose, "gold": _gold,
    "capsule": _capsule, "return": _return,
}


def prompt_text(game: object, state: State, player: str) -> str:
    """What the owing player must decide (the same public words whoever asks)."""
    frame = owed(state)
    if frame is None:
        return _("The game is over.")
    step = STEPS.get(frame.step)
    return step(state, frame) if step else str(game.prompt(state, player))  # type: ignore[attr-defined]
