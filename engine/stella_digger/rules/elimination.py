"""Red Tears (optional, R20): a tear per card lost to an accident and per monster defeat."""

from __future__ import annotations

from engine.stella_digger.events import EventLog
from engine.stella_digger.state import State


def add_tear(state: State, seat: int, ev: EventLog, why: str) -> None:
    if not state.options.red_tears or state.players[seat].out:
        return
    player = state.players[seat]
    if state.tears <= 0:
        ev.say("tear", f"{player.name} {why}, but no Red Tear tile is left.", player=player.id)
        return
    state.tears -= 1
    player.tears += 1
    ev.say("tear", f"{player.name} {why} and takes a Red Tear ({player.tears} of "
           f"{len(state.players)}).", player=player.id, tears=player.tears)
    if player.tears >= len(state.players):
        eliminate(state, seat, ev)


def eliminate(state: State, seat: int, ev: EventLog) -> None:
    """Serious injuries: out at once. Cards to the discard pile, crystals to the supply,
    gadgets and unplaced drills out of the game; the Foreman marker passes clockwise (P16)."""
    from engine.stella_digger.rounds.ending import end_game

    player = state.players[seat]
    player.out = True
    for play in (player.play, player.fight):
        if play is not None:
            state.discard.extend(play.cards)
    state.discard.extend(player.hand)
    player.hand, player.play, player.fight = [], None, None
    for colour, n in player.crystals.items():
        state.supply[colour] += n
        player.crystals[colour] = 0
    state.box_gadgets.extend(player.gadgets)
    player.gadgets = []
    player.drills_left = 0
    player.performance = []
    ev.say("eliminated", f"{player.name} suffers serious injuries and is out of the game.",
           player=player.id)
    left = [s for s, p in enumerate(state.players) if not p.out]
    if state.start == seat and left:
        n = len(state.players)
        state.start = next((seat + i) % n for i in range(1, n) if not state.players[(seat + i) % n].out)
        ev.say("foreman", f"The Foreman marker passes to {state.players[state.start].name}.",
               player=state.players[state.start].id)
    if len(left) == 1:
        end_game(state, "last-standing", ev)
