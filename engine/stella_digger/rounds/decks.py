"""The three drill decks: drawing (R4, R9), alarms on an emptied deck, rebuilding (R3, R9)."""

from __future__ import annotations

from engine.core.errors import IllegalDecision
from engine.core.rng import Rng
from engine.stella_digger.components import CARD_COLOUR
from engine.stella_digger.events import EventLog
from engine.stella_digger.state import State


def split_three(cards: list[str]) -> list[list[str]]:
    """R3: three decks as even as possible, the larger ones first (11, 11, 10)."""
    n = len(cards)
    sizes = [n // 3 + (1 if i < n % 3 else 0) for i in range(3)]
    out, at = [], 0
    for size in sizes:
        out.append(cards[at:at + size])
        at += size
    return out


def top_colour(state: State, deck: int) -> str | None:
    cards = state.decks[deck]
    return CARD_COLOUR[cards[0]] if cards else None


def open_decks(state: State) -> list[int]:
    """Deck numbers (1-3) that still hold cards."""
    return [i + 1 for i, d in enumerate(state.decks) if d]


def check_draw(state: State, deck: int) -> None:
    if not state.decks[deck - 1]:
        others = ", ".join(str(d) for d in open_decks(state))
        raise IllegalDecision(f"Deck {deck} is empty; draw from deck {others}.")


def draw(state: State, seat: int, deck: int, ev: EventLog, *, alarm: bool) -> None:
    """Draw the top card of ``deck`` (1-3). The colour is public (R2), the number is private.

    With ``alarm`` (Refill Hand, R9), a draw that empties a deck while another deck still holds
    cards moves the top Danger Forecast card to the Alarm, face down."""
    player = state.players[seat]
    card = state.decks[deck - 1].pop(0)
    player.hand.append(card)
    colour = CARD_COLOUR[card]
    ev.say("draw", f"{player.name} draws a {colour} card from deck {deck}.",
           player=player.id, deck=deck, colour=colour)
    ev.tell(player.id, "drew", f"You drew {card} from deck {deck}.", player=player.id, card=card,
            deck=deck)
    if alarm and not state.decks[deck - 1] and any(state.decks) and state.danger:
        state.alarm.append(state.danger.pop(0))
        ev.say("alarm", f"Deck {deck} is empty: an accident card moves to the Alarm, face down.",
               deck=deck, alarm=len(state.alarm))


def rebuild(state: State, ev: EventLog) -> None:
    """R9: the discard pile (not the cards on the table) is shuffled into three new decks; this
    round's accidents are reset after they occur (R12)."""
    cards = list(state.discard)
    state.discard.clear()
    Rng(state).shuffle(cards)
    state.decks = split_three(cards)
    state.reset_pending = True
    ev.say("rebuild", f"All decks were empty: the {len(cards)} discarded cards are shuffled into "
           "three new decks. The accident cards will be reset after this round's accidents.",
           sizes=[len(d) for d in state.decks])
