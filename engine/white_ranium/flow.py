"""Who owes what (R24) and everything automatic between decisions: the last colour choice,
dealing symbol cards, turn starts with the loaders' move (R8), turning placement cards, a
single legal placement or card, the reveal of a fight, and the turn passing on (R7)."""

from __future__ import annotations

from .board import INNER_READING, PLACES
from .cards import deal, played, take_from_hand, turn_top, value
from .components import CREWS_IN_PLAY, LOADER_STEPS, ORE, SYMBOL_CARD_VALUE
from .events import EventLog
from .fights import reveal
from .state import Frame, State

#: loader place (1-24) -> where a turn's start takes it (R8)
_LOADER_TURN = tuple((n - 1 + LOADER_STEPS) % 24 + 1 for n in range(25))


def owed(state: State) -> list[tuple[int, str]]:
    """(seat, decision kind) of every decision owed now; [] when ended. Only a strategy fight
    has two: the attacker's, then the defender's (R24's order, so ``to_act`` names the attacker
    while both owe), answered in either order (R15)."""
    if state.ended:
        return []
    if state.phase == "swap":
        return [(state.start, "swap")]
    if state.phase == "colours":
        return [(state.choosers[0], "colour")]
    if state.stack:
        top = state.stack[-1]
        if top.kind == "fight":
            out = []
            for colour, card in ((top.attacker, top.attacker_card),
                                 (top.defender, top.defender_card)):
                crew = state.crew(colour)
                if card is None and crew is not None:
                    out.append((crew.seat, "fight"))
            return out
        if top.kind == "free":
            return [(top.seat, "free-action")]
        return [(top.seat, "card" if top.card is None else "place")]
    return [(state.turn, "action")]


def colour_choices(state: State) -> list[str]:
    """R6: the colours in play (C10) nobody has chosen yet, C1 order."""
    taken = {c for p in state.players for c in p.colours}
    return [c for c in CREWS_IN_PLAY[len(state.players)] if c not in taken]


def choose_colour(state: State, seat: int, colour: str, ev: EventLog) -> None:
    player = state.players[seat]
    player.colours.append(colour)
    crew = state.crew(colour)
    assert crew is not None
    crew.seat = seat
    state.choosers.pop(0)
    ev.say("colour", f"{player.name} chose {colour}.", player=player.id, colour=colour)
    if not state.choosers:  # R6: each takes the five symbol cards of their first colour
        for p in state.players:
            deal(state, p)


def free_places(state: State, card: str) -> list[int]:
    """R19: inner-ring cards with the card's symbol and no unit; if none, every free one."""
    symbol = SYMBOL_CARD_VALUE[card]
    free = [p for p in INNER_READING if p not in state.ranium]
    marked = [p for p in free if state.board[p] >> 12 == symbol]
    return marked or free


def place_unit(state: State, frame: Frame, place: int, ev: EventLog) -> None:
    state.ranium.append(place)
    state.ranium.sort()
    state.supply_ranium -= 1
    frame.left -= 1
    frame.card = None
    ev.say("place", f"White Ranium placed on {PLACES[place]}.", place=PLACES[place])


def play_placement_card(state: State, frame: Frame, card: str, ev: EventLog) -> None:
    """Strategy (R19): the placer plays a card from hand."""
    player = state.players[frame.seat]
    take_from_hand(player, card)
    played(player, card)
    frame.card = card
    ev.say("card", f"{player.name} plays {card} to place White Ranium (symbol {value(card)}).",
           player=player.id, card=card)


def start_turn(state: State, seat: int, ev: EventLog) -> None:
    """R7, R8, R18: a new turn: 4 ore, every loader moves two places, delivery counts reset."""
    state.turn = seat
    if seat == state.start:
        state.round += 1
    state.loaders = [_LOADER_TURN[n] for n in state.loaders]
    state.ore = ORE
    for p in state.players:
        p.delivered = 0
    state.last_turn_log = state.turn_log
    state.turn_log = []
    state.last_trail = state.trail
    state.trail = []
    ev.say("turn", f"Round {state.round}: {state.players[seat].name}'s turn. The space loaders "
           f"move to {', '.join(map(str, state.loaders))}.", player=state.players[seat].id,
           round=state.round, loaders=list(state.loaders))


def advance(state: State, ev: EventLog) -> None:
    """Run everything automatic until a decision is owed or the game has ended (R24)."""
    while not state.ended:
        if state.phase == "swap":
            if state.swaps_left > 0:
                return
            state.phase = "colours"
            continue
        if state.phase == "colours":
            if state.choosers:
                choices = colour_choices(state)
                if len(choices) > 1:
                    return
                choose_colour(state, state.choosers[0], choices[0], ev)  # R24
                continue
            state.phase = "play"
            start_turn(state, state.start, ev)
            continue
        if state.stack:
            if not _settle(state, state.stack[-1], ev):
                return
            continue
        if state.ore > 0:
            return
        start_turn(state, (state.turn + 1) % len(state.players), ev)


def _settle(state: State, top: Frame, ev: EventLog) -> bool:
    """Do what is automatic in the top frame; False if it now waits for a decision."""
    strategy = state.options.cards == "strategy"
    if top.kind == "fight":
        for side in ("attacker", "defender"):  # R24: a single card in hand is played at once
            crew = state.crew(getattr(top, side))
            assert crew is not None
            hand = state.players[crew.seat].hand
            if getattr(top, side + "_card") is None and len(hand) == 1:
                commit(state, top, side, hand[0], ev)
        if top.attacker_card is None or top.defender_card is None:
            return False
        state.stack.pop()
        reveal(state, top, ev)
        return True
    if top.kind == "free":
        return False
    if top.left <= 0:
        state.stack.pop()
        return True
    if top.card is None:
        player = state.players[top.seat]
        if not strategy:
            top.card = turn_top(state, player)
            ev.say("card", f"{player.name} turns {top.card} to place White Ranium "
                   f"(symbol {value(top.card)}).", player=player.id, card=top.card)
        elif len(player.hand) == 1:
            play_placement_card(state, top, player.hand[0], ev)
        else:
            return False
    assert top.card is not None
    places = free_places(state, top.card)
    if not places:  # only a scenario can fill the ring: the unit stays in the supply
        top.left -= 1
        top.card = None
        return True
    if len(places) == 1:
        place_unit(state, top, places[0], ev)
        return True
    return False


def commit(state: State, frame: Frame, side: str, card: str, ev: EventLog) -> None:
    """Strategy (R15): a fight card leaves the hand, sealed until the reveal."""
    crew = state.crew(getattr(frame, side))
    assert crew is not None
    player = state.players[crew.seat]
    take_from_hand(player, card)
    setattr(frame, side + "_card", card)
    ev.say("commit", f"{player.name} has chosen a fight card.", player=player.id)
    ev.tell(player.id, "commit", f"You chose {card} for the fight.", card=card)
