"""What a player may see (R2). Everything shown to a player is built from a view.

Public: colours of every hand card and of each deck's top card, deck and discard counts, the
discard pile, plays on the table, face-up tiles, everything else on the table, and what everyone
saw happen this round (the square the marker entered its tile from, whether the decks were
rebuilt, the crystal losses a monster fight still owes, the gadget types each player used).
Private to their owner: the numbers in a hand. Secret from everyone: face-down tiles and arrows,
the order of the decks below the top card, the Danger Forecast and Alarm colours, the seed and
RNG state.
"""

from __future__ import annotations

from typing import Any

from engine.stella_digger.board import SQUARES, TERRAIN
from engine.stella_digger.components import CARD_COLOUR, COLOUR_INDEX, card_key
from engine.stella_digger.rounds.decks import top_colour
from engine.stella_digger.rounds.scoring import score
from engine.stella_digger.rules.crystals import crystal_limit, hand_limit
from engine.stella_digger.state import Play, State, Tile

_TERRAIN_WORD = {"S": "start", "#": "rock", "=": "tunnel"}
EVERYONE = object()  # the omniscient viewer of ``summary`` (tests, scenario runner)


def square_code(state: State, sq: str) -> str:
    """The notation document's map code for one square (hidden tiles show only 'hidden')."""
    if sq in state.blockades:
        return "blockade"
    tile = state.tiles.get(sq)
    if tile is not None:
        return tile_code(tile) if tile.face_up else "hidden"
    drill = state.drills.get(sq)
    if drill is not None:
        return f"drill:{state.players[drill.owner].id}:{drill.direction}"
    return _TERRAIN_WORD.get(TERRAIN[sq], "empty")


def _play(play: Play | None) -> dict[str, Any] | None:
    if play is None:
        return None
    return {"cards": list(play.cards), "colour": play.colour, "super": play.super,
            "boost": play.boost}


def tile_code(tile: Tile) -> str:
    """The notation's tile code: its face, and ``>DIRECTION`` for a connected tile."""
    return f"{tile.code}>{tile.arrow}" if tile.arrow else tile.code


def build_view(state: State, viewer: object) -> dict[str, Any]:
    everyone = viewer is EVERYONE
    to_act = None
    if not state.ended and state.stack:
        from engine.stella_digger.rounds.steps import DECISIONS

        frame = state.stack[-1]
        to_act = {"player": state.players[frame.seat].id,
                  "decision": DECISIONS[frame.step].decision}
    fight = None
    for frame in state.stack:
        if frame.step == "fight" and frame.square in state.tiles:
            fight = {"square": frame.square, "monster": state.tiles[frame.square].code,
                     "plays": {p.id: _play(p.fight) for p in state.players if p.fight}}
    # R17: the defeated players' losses still owed, in the order they are settled (top first);
    # the loss is the monster's printed number, a player holding fewer loses them all
    monster_losses = [] if state.ended else [
        {"player": state.players[f.seat].id, "loss": f.n}
        for f in reversed(state.stack) if f.step == "lose_crystals"]
    players = {}
    for seat, p in enumerate(state.players):
        players[p.id] = {
            "name": p.name, "seat": seat,
            "hand": sorted(p.hand, key=card_key) if everyone or viewer == p.id else None,
            "hand_colours": sorted((CARD_COLOUR[c] for c in p.hand),
                                   key=COLOUR_INDEX.__getitem__),
            "hand_size": len(p.hand),
            "crystals": dict(p.crystals), "gadgets": sorted(p.gadgets),
            "drills_left": p.drills_left, "drill_points": p.drill_points,
            "vp_tiles": {"3": p.vp3, "1": p.vp1}, "performance": list(p.performance),
            "monsters": len(p.monsters), "monster_vp": sum(p.monsters), "tears": p.tears,
            "out": p.out, "mined": p.mined, "play": _play(p.play),
            # P10: the gadget types used this round ("enhanced-power", "super-drill": the only
            # ones plays.py records), seen by everyone when played; [] again from the next round
            "gadgets_used": sorted(p.used),
            "limits": {"hand": hand_limit(p), "crystals": crystal_limit(p)},
            "score": score(p) if state.ended else None,
        }
    view: dict[str, Any] = {
        "game": state.game, "version": state.version,
        "viewer": None if everyone or viewer is None else viewer,
        "round": state.round, "seats": [p.id for p in state.players],
        "names": {p.id: p.name for p in state.players},
        "start_player": state.players[state.start].id, "marker": state.marker,
        "marker_from": state.marker_from,  # R14: where the marker goes back to (P5)
        "target": list(state.target), "to_act": to_act, "ended": state.ended,
        "end_reason": state.end_reason, "winners": list(state.winners),
        "options": {"red_tears": state.options.red_tears},
        "map": {sq: square_code(state, sq) for sq in SQUARES},
        "backs": {sq: TERRAIN[sq] for sq, t in state.tiles.items()
                  if not t.face_up and sq not in state.blockades},
        "groups": [list(g) for g in state.groups],
        "decks": [{"count": len(d), "top": top_colour(state, i)} for i, d in enumerate(state.decks)],
        # R9: all decks ran out and were rebuilt this round; the accident reset is still to come
        "decks_rebuilt": state.reset_pending,
        "discard": sorted(state.discard, key=card_key),
        "accidents": {"safety": state.safety, "danger": len(state.danger),
                      "alarm": len(state.alarm), "revealed": list(state.revealed)},
        "supply": {**state.supply, "vp3": state.vp3, "vp1": state.vp1, "tears": state.tears},
        "gadget_supply": list(state.gadget_supply),
        "fight": fight,
        "monster_losses": monster_losses,
        "players": players,
    }
    if everyone:
        view["hidden_tiles"] = {sq: tile_code(t) for sq, t in state.tiles.items()
                                if not t.face_up}
    return view
