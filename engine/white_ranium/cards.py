"""Symbol cards (C6, R15, R17, R19): turning the top of a pile, playing from a hand, and what
happens to a played card in each mode (option ``cards``: standard, luck, strategy)."""

from __future__ import annotations

from ..core.rng import Rng
from .components import SYMBOL_CARD_VALUE, SYMBOL_CARDS
from .state import Player, State


def value(card: str) -> int:
    return SYMBOL_CARD_VALUE[card]


def own_cards(player: Player) -> tuple[str, ...]:
    """The five symbol cards of the player's first colour (R6, R22)."""
    return SYMBOL_CARDS[player.colours[0]]


def turn_top(state: State, player: Player) -> str:
    """Standard and luck (R15, R17): turn the top card of the player's pile and settle it."""
    rng = Rng(state)
    if not player.pile:  # only a scenario can leave a pile empty: rebuild it first
        player.pile, player.discard = player.discard, []
        rng.shuffle(player.pile)
    card = player.pile.pop(0)
    if state.options.cards == "luck":  # R17: back into the pile, and the pile is shuffled
        player.pile.append(card)
        rng.shuffle(player.pile)
    else:  # R17: to the discard pile; an empty pile is at once rebuilt from it
        player.discard.append(card)
        if not player.pile:
            player.pile, player.discard = player.discard, []
            rng.shuffle(player.pile)
    return card


def take_from_hand(player: Player, card: str) -> None:
    """Strategy: the card leaves the hand (a fight commit or a placement card)."""
    player.hand.remove(card)


def played(player: Player, card: str) -> None:
    """Strategy (R17): the card goes to the discard pile; an empty hand takes all five back."""
    player.discard.append(card)
    if not player.hand:
        player.hand = sorted(own_cards(player), key=value)
        player.discard = []


def lowest(hand: list[str]) -> str:
    """The defaults' 'lowest card in hand'."""
    return min(hand, key=value)


def deal(state: State, player: Player) -> None:
    """R6: the player takes the five cards of their first colour, as a shuffled face-down pile
    (standard, luck) or as a hand (strategy)."""
    cards = list(own_cards(player))
    player.discard = []
    if state.options.cards == "strategy":
        player.hand, player.pile = cards, []
    else:
        Rng(state).shuffle(cards)
        player.pile, player.hand = cards, []
