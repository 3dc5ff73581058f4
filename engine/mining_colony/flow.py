"""The round (R4-R18): Discover and the draw by themselves, the simultaneous bids, the reveal,
the takes in excavation order (Zorlord's and the forced ones made at once, R25), the
development turns, the end of a round and of the game (R19, R20, R24)."""

from __future__ import annotations

from .components import RESOURCE_CARDS, ZORLORD
from .events import EventLog, listed
from .scoring import scores, winners
from .state import Player, State, Zone

ROUNDS = 10
CREDIT_CAP = 5


def zone_count(state: State) -> int:
    """C10: one zone per player; solo 2 (R21)."""
    return 2 if state.solo else len(state.players)


def begin_round(state: State, ev: EventLog) -> None:
    """R4 Discover, then R5 draw; every player then owes a bid (R6)."""
    if state.preset_zones is not None:
        state.zones, state.preset_zones = state.preset_zones, None
        state.resource_card = None
    else:
        if not state.resource_deck:  # R19: no resource card left to flip
            end_game(state, ev, "no resource card was left to flip")
            return
        card = state.resource_deck.pop(0)
        state.resource_card = card
        state.zones = []
        for size, wanted in RESOURCE_CARDS[card][:zone_count(state)]:
            zone = Zone()
            pile = state.piles[size]
            if pile:  # R4: an empty pile gives no tile
                zone.tiles.append(pile.pop(0))
            for item in wanted:
                if state.supply[item] > 0:  # R4: a missing item is not placed
                    state.supply[item] -= 1
                    zone.items.append(item)
            state.zones.append(zone)
        state.resource_discard.append(card)
    ev.say("discover", f"Round {state.round}: "
           + (f"resource card {state.resource_card} is flipped. " if state.resource_card else "")
           + "; ".join(f"zone {i}: {listed(z.tiles + z.items) or 'nothing'}"
                       for i, z in enumerate(state.zones, 1)) + ".",
           round=state.round, card=state.resource_card,
           zones=[{"tiles": list(z.tiles), "items": list(z.items)} for z in state.zones])
    for p in state.players:
        draw(p, 3, ev)
    state.phase = "bid"
    state.order = []
    state.turn = 0


def draw(p: Player, n: int, ev: EventLog) -> None:
    """R5: the top cards of the deck into the private hand."""
    n = min(n, len(p.deck))
    p.hand, p.deck = sorted(p.deck[:n]), p.deck[n:]
    p.seen = min(p.seen, len(p.deck))
    ev.tell(p.id, "draw", f"You draw {', '.join(map(str, p.hand))}.", cards=list(p.hand))


def to_bottom(p: Player, cards: list[int]) -> None:
    """R6: cards under the deck in the order named (the last named at the very bottom)."""
    p.deck.extend(cards)
    p.seen += len(cards)


def play(state: State, p: Player, card: int, bottom: tuple[int, ...], ev: EventLog) -> None:
    p.hand = []
    p.bid = card
    to_bottom(p, list(bottom))
    ev.say("bid", f"{p.name} has bid.", player=p.id)
    ev.tell(p.id, "bid", f"You bid {card}"
            + (f"; {', '.join(map(str, bottom))} go under your deck." if bottom else "."),
            card=card, bottom=list(bottom))
    if all(q.bid is not None for q in state.players):
        reveal(state, ev)


def refresh(state: State, p: Player, bottom: tuple[int, ...], ev: EventLog) -> None:
    p.credits -= 1
    p.refreshed += 1
    p.hand = []
    to_bottom(p, list(bottom))
    ev.say("refresh", f"{p.name} pays 1 credit to refresh their hand.", player=p.id)
    draw(p, 3, ev)


def reveal(state: State, ev: EventLog) -> None:
    """R7 (and R22: Zorlord flips): every bid turns face up; the excavation order is set."""
    bids: dict[str, int] = {}
    for p in state.players:
        assert p.bid is not None
        p.played.append(p.bid)
        bids[p.id] = p.bid
    z = state.zorlord
    if z is not None:
        z.bid = z.deck.pop(0)
        z.played.append(z.bid)
        bids[ZORLORD] = z.bid
    state.order = sorted(bids, key=bids.__getitem__, reverse=True)  # R8
    names = {p.id: p.name for p in state.players} | {ZORLORD: "Zorlord"}
    ev.say("reveal", "Bids revealed: " + ", ".join(f"{names[i]} {bids[i]}" for i in state.order)
           + ".", bids=bids, order=list(state.order))
    if z is not None and state.round == ROUNDS:  # R22: the round-10 bonus
        p = state.players[0]
        if sum(p.deck) > sum(z.deck):
            p.credits += 4
            ev.say("bonus", f"{p.name}'s unplayed cards ({sum(p.deck)}) beat Zorlord's "
                   f"({sum(z.deck)}): {p.name} gains 4 credits.", player=p.id, credits=4)
    state.phase = "take"
    state.turn = 0
    run_takes(state, ev)


def open_zones(state: State) -> list[int]:
    return [i for i, z in enumerate(state.zones) if z.taken_by is None]


def run_takes(state: State, ev: EventLog) -> None:
    """Make the takes nobody decides (R22, R25): Zorlord's, and any take with one answer."""
    while state.phase == "take":
        taker = state.order[state.turn]
        left = open_zones(state)
        if taker == ZORLORD:
            assert state.zorlord is not None and state.zorlord.bid is not None
            zone = (0 if state.zorlord.bid % 2 else 1) if state.turn == 0 else left[0]
        elif len(left) == 1:
            zone = left[0]
        else:
            return
        take(state, taker, zone, ev)


def take(state: State, taker: str, zone: int, ev: EventLog) -> None:
    """R8: everything in the zone goes to the taker's pending area (Zorlord: his supply)."""
    z = state.zones[zone]
    got = z.tiles + z.items
    if taker == ZORLORD:
        assert state.zorlord is not None
        state.zorlord.supply.extend(got)
        state.zorlord.supply.sort()
        name = "Zorlord"
    else:
        p = state.player(taker)
        p.pending_tiles.extend(z.tiles)
        p.pending_tiles.sort()
        p.pending_items.extend(z.items)
        p.pending_items.sort()
        name = p.name
    z.tiles, z.items, z.taken_by = [], [], taker
    ev.say("take", f"{name} takes zone {zone + 1}: {listed(got) or 'nothing'}.",
           player=taker, zone=zone + 1, got=got)
    state.turn += 1
    if state.turn == len(state.order):
        state.phase = "develop"
        state.turn = 0
        skip_zorlord(state)
        ev.say("develop", f"Development: {developer(state).name} goes first.")


def skip_zorlord(state: State) -> None:
    while state.turn < len(state.order) and state.order[state.turn] == ZORLORD:
        state.turn += 1


def developer(state: State) -> Player:
    return state.player(state.order[state.turn])


def end_turn(state: State, p: Player, ev: EventLog) -> None:
    """R15: pending tiles and items are discarded for credits; credits above 5 are lost; the
    next player in excavation order begins."""
    from .items import discard

    for tile in list(p.pending_tiles):
        discard(state, p, tile, False, ev)
    for item in list(p.pending_items):
        discard(state, p, item, False, ev)
    if p.credits > CREDIT_CAP:
        ev.say("cap", f"{p.name} keeps {CREDIT_CAP} of {p.credits} credits.", player=p.id,
               lost=p.credits - CREDIT_CAP)
        p.credits = CREDIT_CAP
    ev.say("done", f"{p.name} ends their development turn.", player=p.id)
    state.turn += 1
    skip_zorlord(state)
    if state.turn >= len(state.order):
        end_round(state, ev)


def end_round(state: State, ev: EventLog) -> None:
    """R18: played cards leave the game, zones empty; after round 10 the game ends."""
    for p in state.players:
        p.bid = None
        p.refreshed = 0
    if state.zorlord is not None:
        state.zorlord.bid = None
    state.zones = []
    if not state.solo:
        table = scores(state)
        state.history.append([table[p.id]["total"] for p in state.players])
    if state.round == ROUNDS:
        end_game(state, ev, "ten rounds were played")
        return
    state.round += 1
    begin_round(state, ev)


def _finish(state: State) -> None:
    state.ended = True
    state.phase = "ended"


def end_game(state: State, ev: EventLog, reason: str) -> None:
    """R19, R20 (R24 in solo: the round ends without a win, Zorlord wins)."""
    _finish(state)
    state.end_reason = reason
    if state.solo:
        state.winners = [ZORLORD]
        ev.say("end", f"The game ends ({reason}): the colony is not complete, Zorlord wins.",
               winners=[ZORLORD], reason=reason)
        return
    state.winners = winners(state)
    table = scores(state)
    names = {p.id: p.name for p in state.players}
    ev.say("end", f"The game ends ({reason}). "
           + ", ".join(f"{names[i]} {table[i]['total']}" for i in table)
           + f". {names[state.winners[0]]} wins.", winners=list(state.winners), scores=table,
           reason=reason)


def solo_win(state: State, p: Player, ev: EventLog) -> None:
    """R24: the whole colony developed and seven structures: the player wins at once."""
    _finish(state)
    state.end_reason = "the colony is complete"
    state.winners = [p.id]
    ev.say("end", f"{p.name}'s colony is complete with a structure of every colour: "
           f"{p.name} beats Zorlord!", winners=[p.id], reason=state.end_reason)
