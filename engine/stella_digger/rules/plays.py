"""Playing drill cards (R8, R17), the 1-and-4 swap and who wins (R13)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from engine.core.errors import IllegalDecision
from engine.stella_digger.actions import Fight, Mine
from engine.stella_digger.components import (
    ALL_GADGETS,
    CARD_COLOUR,
    CARD_NUMBER,
    COLOURS,
    card_key,
    gadget_type,
)
from engine.stella_digger.state import Play, Player, State


def _owned(player: Player, gadget_type_: str, colour: str) -> bool:
    return f"{gadget_type_}/{colour}" in player.gadgets


def check_play(player: Player, action: Mine | Fight) -> None:
    """R8: the card (and a boost card) in hand, a Super Drill / Enhanced Power of the matching
    colour owned and not used yet this round (gadgets: once per type per round, P10)."""
    if action.card not in player.hand:
        raise IllegalDecision(f"You don't have {action.card} in your hand.")
    colour = CARD_COLOUR[action.card]
    if action.super is not None:
        if not _owned(player, "super-drill", colour):
            raise IllegalDecision(
                f"To change {action.card}'s colour you need the Super Drill of {colour}.")
        if "super-drill" in player.used:
            raise IllegalDecision("You already used a Super Drill this round.")
        if action.super == colour:
            raise IllegalDecision(f"A Super Drill changes the card to another colour; "
                                  f"{action.card} is already {colour}.")
    if action.boost is not None:
        boost_colour = CARD_COLOUR[action.boost]
        if not _owned(player, "enhanced-power", boost_colour):
            raise IllegalDecision(
                f"To add {action.boost} you need the Enhanced Power of {boost_colour}.")
        if "enhanced-power" in player.used:
            raise IllegalDecision("You already used an Enhanced Power this round.")
        needed = 2 if action.boost == action.card else 1
        if player.hand.count(action.boost) < needed:
            raise IllegalDecision(f"You don't have another {action.boost} in your hand to add.")


def take_play(player: Player, action: Mine | Fight) -> Play:
    """Move the played cards from hand to the table (face up) and record used gadgets."""
    player.hand.remove(action.card)
    cards = [action.card]
    if action.boost is not None:
        player.hand.remove(action.boost)
        cards.append(action.boost)
        player.used.append("enhanced-power")
    if action.super is not None:
        player.used.append("super-drill")
    colour = action.super or CARD_COLOUR[action.card]
    return Play(cards, colour, action.super, action.boost)


def play_options(player: Player, cls: type[Mine] | type[Fight]) -> tuple[Mine | Fight, ...]:
    """Every distinct legal play from this hand (R8), in canonical order."""
    # only the Super Drills and Enhanced Powers not used yet this round change the answer (P10)
    powers = tuple(g for g in player.gadgets
                   if g in _POWERS and gadget_type(g) not in player.used) if player.gadgets else ()
    if not powers:  # the common case: one plain play per distinct card
        return tuple(map(_PLAIN[cls.verb].__getitem__,
                         sorted(set(player.hand), key=_CARD_ORDER.__getitem__)))
    return _play_options(tuple(sorted(player.hand)), powers, cls.verb)


_POWERS = frozenset(g for g in ALL_GADGETS if gadget_type(g) in ("super-drill", "enhanced-power"))
_CARD_ORDER = {card: i for i, card in enumerate(sorted(CARD_COLOUR, key=card_key))}
_PLAIN: dict[str, dict[str, Mine | Fight]] = {
    cls.verb: {card: cls.canonical(card, None, None) for card in CARD_COLOUR} for cls in (Mine, Fight)}


@lru_cache(maxsize=8192)
def _play_options(hand: tuple[str, ...], powers: tuple[str, ...], verb: str
                  ) -> tuple[Mine | Fight, ...]:
    cls = Mine if verb == "mine" else Fight
    distinct = sorted(set(hand), key=card_key)
    out: list[Mine | Fight] = []
    for card in distinct:
        colour = CARD_COLOUR[card]
        super_options: list[str | None] = [None]
        if f"super-drill/{colour}" in powers:
            super_options += [c for c in COLOURS if c != colour]
        boost_options: list[str | None] = [None]
        if powers:
            boost_options += [b for b in distinct if f"enhanced-power/{CARD_COLOUR[b]}" in powers
                              and (b != card or hand.count(b) >= 2)]
        for s in super_options:
            for b in boost_options:
                out.append(cls.canonical(card, s, b))
    return tuple(out)


def swapped_values(plays: Iterable[Play]) -> dict[str, bool]:
    """R13: colours whose 1s and 4s swap: at least one 1 and one 4 of that effective colour
    among all cards of the given plays."""
    ones: set[str] = set()
    fours: set[str] = set()
    for play in plays:
        for card in play.cards:
            n = CARD_NUMBER[card]
            if n == 1:
                ones.add(play.colour)
            elif n == 4:
                fours.add(play.colour)
    return {c: True for c in ones & fours}


def play_total(play: Play, swapped: dict[str, bool]) -> int:
    total = 0
    for card in play.cards:
        n = CARD_NUMBER[card]
        if swapped.get(play.colour) and n in (1, 4):
            n = 5 - n
        total += n
    return total


def ranking(state: State, plays: dict[int, Play], matches: set[str] | None) -> list[tuple[int, int]]:
    """Seats with their totals, best first: matching the target colours (``None``: every colour
    matches, a gold tile), then the highest total, then closest to the start player (R1)."""
    swapped = swapped_values(plays.values())
    order = {seat: i for i, seat in enumerate(state.turn_order())}
    scored = [(seat, play_total(play, swapped)) for seat, play in plays.items()]

    def key(item: tuple[int, int]) -> tuple[int, int, int]:
        seat, total = item
        match = matches is None or plays[seat].colour in matches
        return (0 if match else 1, -total, order.get(seat, len(order)))

    return sorted(scored, key=key)
