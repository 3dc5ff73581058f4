"""A made-up view that shows every kind of thing the round picture can draw (not a legal
position). Its picture fixes the 256-colour palette the round picture is encoded with, once per
process and the same everywhere, so the bytes depend on the view alone."""

from __future__ import annotations

from typing import Any

from engine.stella_digger.board import DIRECTIONS, SQUARES, TERRAIN
from engine.stella_digger.components import ALL_GADGETS, CARD_COUNTS, COLOURS

_FACES = (
    [f"{c}:{n}" for c in COLOURS for n in (1, 2, 3)]
    + ["gold:2", "gold:3", "monster:5/1/2", "monster:6/2/3", "monster:7/2/4"]
    + [f"{c}:2>{d}" for c, d in zip(COLOURS, DIRECTIONS, strict=True)]
)


def swatch_view() -> dict[str, Any]:
    seats = ["s1", "s2", "s3", "s4"]
    zone_squares = [sq for sq in SQUARES if TERRAIN[sq] in "abcY"]
    fill: list[str] = list(_FACES) + ["blockade", "empty", "hidden", "hidden", "hidden", "hidden"]
    fill += [f"drill:{seats[i]}:{DIRECTIONS[i]}" for i in range(4)]
    codes = {sq: {"S": "start", "#": "rock", "=": "tunnel"}.get(TERRAIN[sq], "hidden") for sq in SQUARES}
    backs = {}
    for sq, code in zip(zone_squares, fill, strict=False):
        codes[sq] = code
    for sq in zone_squares:
        if codes[sq] == "hidden":
            backs[sq] = TERRAIN[sq]
    for z, sq in zip("abcY", [s for s in zone_squares if codes[s] == "hidden"][:4], strict=False):
        backs[sq] = z
    cards = list(CARD_COUNTS)
    players = {}
    for i, pid in enumerate(seats):
        players[pid] = {
            "name": ["Ann", "岩田", "Zoë", "Bob"][i], "seat": i, "hand": None,
            "hand_colours": [COLOURS[(i + k) % 4] for k in range(4)], "hand_size": 4,
            "crystals": {c: (i + k) % 4 for k, c in enumerate(COLOURS)},
            "gadgets": list(ALL_GADGETS[i * 4:i * 4 + 4]), "drills_left": i, "drill_points": i,
            "vp_tiles": {"3": i, "1": 1}, "performance": [], "monsters": i % 2, "monster_vp": 3 * (i % 2),
            "tears": i, "out": i == 3, "mined": True,
            "play": {"cards": [cards[i * 4 + 3], cards[(i * 4 + 6) % 16]], "colour": COLOURS[i],
                     "super": None, "boost": cards[(i * 4 + 6) % 16]},
            "limits": {"hand": 4, "crystals": 6}, "score": None,
        }
    return {
        "game": "stella-digger", "version": 0, "viewer": None, "round": 8, "seats": seats,
        "names": {pid: p["name"] for pid, p in players.items()}, "start_player": "s1",
        "marker": zone_squares[0], "target": zone_squares[:2], "to_act": {"player": "s2", "decision": "fight"},
        "ended": False, "end_reason": None, "winners": [], "options": {"red_tears": True},
        "map": codes, "backs": backs, "groups": [zone_squares[:2]],
        "decks": [{"count": 11, "top": "blue"}, {"count": 0, "top": None}, {"count": 9, "top": "pink"}],
        "discard": cards, "accidents": {"safety": "green", "danger": 1, "alarm": 1, "revealed": ["purple"]},
        "supply": {"blue": 8, "green": 0, "pink": 3, "purple": 5, "vp3": 12, "vp1": 0, "tears": 9},
        "gadget_supply": list(ALL_GADGETS), "fight": {"square": zone_squares[14], "monster": "monster:5/1/2",
                                                      "plays": {}},
        "players": players,
    }


def swatch_views() -> list[dict[str, Any]]:
    """The swatch, plus its variants for what one view can't show at once (yellow tops etc.)."""
    base = swatch_view()
    ended = dict(base, ended=True, winners=["s1"], end_reason="no-target", to_act=None)
    ended["players"] = {pid: dict(p, score={"total": 30 - 3 * i}) for i, (pid, p) in
                        enumerate(base["players"].items())}
    decks = dict(base, decks=[{"count": 3, "top": "green"}, {"count": 5, "top": "purple"},
                              {"count": 0, "top": None}])
    three = dict(base, seats=base["seats"][:3],
                 players={k: v for k, v in base["players"].items() if k != "s4"})
    return [base, ended, decks, three]
