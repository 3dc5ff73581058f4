"""Views (the rulings' hidden information): everything is public but the order of face-down
piles and a strategy fight card committed and not yet revealed. ``build_view(state, EVERYONE)``
is the referee's full view, the scenario summary."""

from __future__ import annotations

from typing import Any

from .board import BASE_PLACE, PLACES
from .components import GOAL, card_str
from .flow import owed
from .state import State

EVERYONE = "\x00everyone"  # the summary's viewer: sees every commit


def _fight(state: State, viewer: str | None) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """The fight waiting for commits as ``viewer`` may see it, and the committed cards that
    still count as in hand in that view (crew colour -> card)."""
    top = state.stack[-1] if state.stack else None
    if top is None or top.kind != "fight":
        return None, {}
    committed: dict[str, str] = {}
    unseen: dict[str, str] = {}
    for colour, card in ((top.attacker, top.attacker_card), (top.defender, top.defender_card)):
        if card is None:
            continue
        crew = state.crew(colour)
        owner = state.players[crew.seat].id if crew is not None else None
        if viewer in (EVERYONE, owner):
            committed[colour] = card
        else:
            committed[colour] = "hidden"
            unseen[colour] = card
    return {"attacker": top.attacker, "defender": top.defender, "committed": committed}, unseen


def build_view(state: State, viewer: str | None) -> dict[str, Any]:
    n = len(state.players)
    fight, unseen = _fight(state, viewer)
    hidden_in_hand: dict[int, list[str]] = {}
    for colour, card in unseen.items():
        crew = state.crew(colour)
        if crew is not None:
            hidden_in_hand.setdefault(crew.seat, []).append(card)
    owes = owed(state)
    players: dict[str, Any] = {}
    for seat, p in enumerate(state.players):
        entry: dict[str, Any] = {
            "name": p.name, "seat": seat, "colours": list(p.colours), "markers": p.markers,
            "ranium": sum(c.held for c in state.crews_of(seat)), "pile": len(p.pile),
            "discard": sorted(p.discard), "hand": sorted(p.hand + hidden_in_hand.get(seat, [])),
            "delivered": p.delivered,
        }
        if state.ended:
            entry["score"] = {"total": p.markers}
        players[p.id] = entry
    top = state.stack[-1] if state.stack else None
    placing = None
    if top is not None and top.kind == "place":
        placing = {"player": state.players[top.seat].id, "left": top.left, "card": top.card}
    last = state.last_fight
    return {
        "game": state.game, "version": state.version,
        "viewer": None if viewer == EVERYONE else viewer,
        "seats": [p.id for p in state.players], "names": {p.id: p.name for p in state.players},
        "options": {"cards": state.options.cards},
        "phase": state.phase, "round": state.round,
        "start_player": state.players[state.start].id,
        "turn": state.players[state.turn].id if state.phase == "play" else None,
        "ore": state.ore, "swaps_left": state.swaps_left,
        "to_act": ({"player": state.players[owes[0][0]].id, "decision": owes[0][1]}
                   if owes else None),
        "owed": [{"player": state.players[s].id, "decision": k} for s, k in owes],
        "ended": state.ended, "winners": list(state.winners),
        "board": {PLACES[i]: card_str(c) for i, c in enumerate(state.board)},
        "ranium": sorted(PLACES[p] for p in state.ranium),
        "loaders": {str(i + 1): place for i, place in enumerate(state.loaders)},
        "crews": {c.colour: {"player": state.players[c.seat].id if c.seat >= 0 else None,
                             "at": PLACES[c.at], "base": PLACES[BASE_PLACE[c.colour]],
                             "ranium": c.held} for c in state.crews},
        "supply": {"markers": state.supply_markers, "ranium": state.supply_ranium},
        "players": players,
        "fight": fight,
        "last_fight": None if last is None else {
            "attacker": last.attacker, "defender": last.defender,
            "cards": {last.attacker: last.attacker_card, last.defender: last.defender_card},
            "values": {last.attacker: last.attacker_value, last.defender: last.defender_value},
            "winner": last.winner},
        "placing": placing,
        "goal": GOAL[n],
        "this_turn": [list(x) for x in state.turn_log],
        "last_turn": [list(x) for x in state.last_turn_log],
        "trail": [list(x) for x in state.trail],
        "last_trail": [list(x) for x in state.last_trail],
    }

