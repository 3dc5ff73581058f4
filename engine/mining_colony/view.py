"""What a player may see ("Hidden information" in mining-colony.md). Every picture and message is
built from a view; ``summary`` is the same shape with nothing hidden (tests, scenarios).

Public: colonies, staging and pending areas, credits, zones, supply, piles' and decks' counts,
who has bid, refreshes, revealed and played cards, each player's cards still held (as a set),
Zorlord's flipped cards and supply. Private to the owner: the hand, the bid before the reveal,
the cards they put under their deck (in order). Hidden from everyone: deck, pile and
resource-deck orders.
"""

from __future__ import annotations

from typing import Any

from .components import SQUARES, SUPPLY_KEYS, ZORLORD
from .scoring import scores
from .state import Colony, Player, State

EVERYONE = object()  # the omniscient viewer of ``summary``
PHASE_WORD = {"bid": "excavate", "take": "excavate", "develop": "develop", "ended": "ended"}


def owed_pairs(state: State) -> list[tuple[str, str]]:
    """(player, decision) for every decision owed now, seat order (R25)."""
    if state.ended:
        return []
    if state.phase == "bid":
        return [(p.id, "bid") for p in state.players if p.bid is None]
    return [(state.order[state.turn], "take" if state.phase == "take" else "develop")]


def colony_codes(colony: Colony) -> dict[str, str]:
    out = {}
    for sq in SQUARES:
        building = colony.building(sq)
        if building is None:
            out[sq] = "undeveloped"
            continue
        thing = colony.items.get(sq) or colony.structures.get(sq)
        out[sq] = f"{building}:{thing}" if thing else building
    return out


def tile_squares(colony: Colony) -> dict[str, list[str]]:
    from .components import PLACEMENTS

    out = {}
    for tile, where in sorted(colony.tiles.items()):
        sq, rot = where.split()
        out[tile] = sorted(PLACEMENTS[tile[1]][(sq, int(rot))])
    return out


def _player(state: State, seat: int, p: Player, viewer: object,
            table: dict[str, dict[str, int]]) -> dict[str, Any]:
    everyone = viewer is EVERYONE
    own = everyone or viewer == p.id
    sealed = state.phase == "bid"
    held = p.deck + p.hand + ([p.bid] if sealed and p.bid is not None else [])
    colony = p.colony
    return {
        "name": p.name, "seat": seat, "credits": p.credits,
        "hand": sorted(p.hand) if own else None,
        "hand_size": len(p.hand),
        "deck": list(p.deck) if everyone else None,
        "deck_size": len(p.deck),
        "bottom": p.deck[len(p.deck) - p.seen:] if own and p.seen else ([] if own else None),
        "cards_left": sorted(held),
        "played": list(p.played),
        "bid": p.bid if (own or not sealed) else None,
        "has_bid": p.bid is not None,
        "refreshed": p.refreshed,
        "pending": {"tiles": sorted(p.pending_tiles), "items": sorted(p.pending_items)},
        "staging": sorted(p.staging),
        "colony": colony_codes(colony),
        "tiles": tile_squares(colony),
        "placements": dict(sorted(colony.tiles.items())),
        "tokens": dict(sorted(colony.tokens.items())),
        "structures": sorted(colony.structures.values()),
        "used": sorted(colony.used),
        "score": table.get(p.id) if state.ended else None,
        "live": table.get(p.id),
    }


def build_view(state: State, viewer: object) -> dict[str, Any]:
    everyone = viewer is EVERYONE
    owed = owed_pairs(state)
    table = scores(state)
    view: dict[str, Any] = {
        "game": "mining-colony", "version": state.version,
        "viewer": None if everyone or viewer is None else viewer,
        "round": state.round, "phase": PHASE_WORD[state.phase],
        "step": state.phase,
        "to_act": {"player": owed[0][0], "decision": owed[0][1]} if owed else None,
        "waiting": [pid for pid, _ in owed],
        "order": list(state.order) if state.phase != "bid" else [],
        "ended": state.ended, "end_reason": state.end_reason,
        "winners": list(state.winners),
        "options": {"side": state.options.side, "difficulty": state.options.difficulty,
                    "free_undeveloped": state.options.free_undeveloped},
        "seats": [p.id for p in state.players],
        "names": {p.id: p.name for p in state.players},
        "resource_card": state.resource_card,
        "resource_deck": len(state.resource_deck),
        "resource_discard": list(state.resource_discard),
        "zones": {str(i): {"tiles": list(z.tiles), "items": list(z.items),
                           "taken_by": z.taken_by} for i, z in enumerate(state.zones, 1)},
        "piles": {size: len(pile) for size, pile in sorted(state.piles.items())},
        "supply": {key: state.supply.get(key, 0) for key in SUPPLY_KEYS},
        "players": {p.id: _player(state, seat, p, viewer, table)
                    for seat, p in enumerate(state.players)},
        "history": [list(row) for row in state.history],
    }
    z = state.zorlord
    if z is not None:
        view["zorlord"] = {"deck": list(z.deck) if everyone else None, "deck_size": len(z.deck),
                           "cards_left": sorted(z.deck), "bid": z.bid,
                           "played": list(z.played), "supply": sorted(z.supply)}
        view["solo"] = {"difficulty": state.options.difficulty,
                        "free_undeveloped": state.options.free_undeveloped,
                        "result": None if not state.ended else
                        ("loss" if state.winners == [ZORLORD] else "win")}
    return view
