"""The bid step (R6): play a card (sealed until the reveal), refresh for 1 credit, and put or
discard staged items before playing (R11, R12)."""

from __future__ import annotations

from itertools import permutations

from ..core.errors import IllegalDecision
from . import flow, items
from .actions import Action, Discard, Play, Put, Refresh
from .events import EventLog
from .state import Player, State


def _order(p: Player, bottom: tuple[int, ...] | None, others: list[int]) -> tuple[int, ...]:
    if bottom is None:
        return tuple(sorted(others))  # unnamed: ascending
    if sorted(bottom) != sorted(others):
        raise IllegalDecision(f"bottom= must name the other cards of your hand, "
                              f"{', '.join(map(str, sorted(others)))}, in the order wanted.")
    return bottom


def check_bid(state: State, p: Player, action: Action) -> Action:
    if isinstance(action, Play):
        if action.card not in p.hand:
            raise IllegalDecision(f"{action.card} is not in your hand "
                                  f"({', '.join(map(str, p.hand))}).")
        others = [c for c in p.hand if c != action.card]
        return Play(action.card, _order(p, action.bottom, others) or None)
    if isinstance(action, Refresh):
        if p.credits < 1:
            raise IllegalDecision("A refresh costs 1 credit; you have none (R6).")
        return Refresh(_order(p, action.bottom, p.hand) or None)
    if isinstance(action, Put):
        if not action.staged:
            raise IllegalDecision("Before your bid only staged items may be put in the colony "
                                  "(add from=staging).")
        items.check_put(p, action.item, action.square, True)
        return action
    if isinstance(action, Discard):
        if not action.staged:
            raise IllegalDecision("Before your bid only staged items may be discarded "
                                  "(add from=staging).")
        items.check_discard(p, action.thing, True)
        return action
    raise IllegalDecision(f"Now you bid: play a card (like 'play {max(p.hand, default=0)}'), "
                          "refresh, or put or discard a staged item.")


def perform_bid(state: State, p: Player, action: Action, ev: EventLog) -> None:
    if isinstance(action, Play):
        flow.play(state, p, action.card, action.bottom or (), ev)
    elif isinstance(action, Refresh):
        flow.refresh(state, p, action.bottom or (), ev)
    elif isinstance(action, Put):
        items.put(state, p, action.item, action.square, True, ev)
    else:
        assert isinstance(action, Discard)
        items.discard(state, p, action.thing, True, ev)


_PLAYS: dict[tuple[int, ...], list[Action]] = {}
_REFRESHES: dict[tuple[int, ...], list[Action]] = {}


def _plays(hand: tuple[int, ...]) -> list[Action]:
    """Every play of a hand (shared: the same hand lists the same decisions)."""
    found = _PLAYS.get(hand)
    if found is None:
        found = [Play(card, order or None) for card in hand
                 for order in permutations(c for c in hand if c != card)]
        _PLAYS[hand] = found
    return found


def _refreshes(hand: tuple[int, ...]) -> list[Action]:
    found = _REFRESHES.get(hand)
    if found is None:
        found = [Refresh(order or None) for order in permutations(hand)]
        _REFRESHES[hand] = found
    return found


def legal_bid(state: State, p: Player) -> list[Action]:
    hand = tuple(sorted(p.hand))
    out = list(_plays(hand))
    if p.credits >= 1:
        out.extend(_refreshes(hand))
    if p.staging:
        out.extend(Put(item, sq, True) for item, sq in items.puts(p, True))
        out.extend(Discard(item, True) for item in sorted(set(p.staging)))
    return out


def default_bid(p: Player) -> Play:
    """Defaults table: the middle card by number (of two, the lower), others ascending."""
    hand = sorted(p.hand)
    card = hand[(len(hand) - 1) // 2]
    others = tuple(c for c in hand if c != card)
    return Play(card, others or None)
