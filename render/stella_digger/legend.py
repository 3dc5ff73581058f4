"""The map's legend (the rules topic ``legend``): a round picture of a made-up table, with
numbered callouts on each kind of thing it draws, and a key under it saying what each one is.

The table is drawn by the round picture's own code (``map_image``), so the legend always shows
the squares, tiles, drills, decks, target, marker and panels exactly as players see them."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from engine.stella_digger.board import SQUARES, TERRAIN
from engine.stella_digger.components import ALL_GADGETS
from texts import _, language

from ..callouts import Callout, annotated
from ..encode import png
from . import panel
from .board import map_image
from .grid import marker_xy
from .layout import HEADER_H, WIDTH, square_box

SEATS = ("s1", "s2", "s3", "s4")
#: What the made-up table shows on its squares (every other square holds a face-down tile).
SQUARE_CODES = {
    "A1": "start", "B1": "empty", "C1": "drill:s2:left", "A2": "empty", "B2": "pink:1",
    "A3": "empty", "B3": "empty", "C2": "tunnel", "C3": "green:2>right", "D3": "purple:2>left",
    "B4": "gold:2", "A4": "blue:1", "C4": "blue:2", "A5": "blockade", "B5": "tunnel",
    "A6": "monster:6/2/3",
}
OWNED = {"s1": ["super-drill/blue"], "s2": ["support-drone/pink", "refining-capsule/pink"],
         "s3": [], "s4": ["enhanced-power/green"]}


def legend_view() -> dict[str, Any]:
    """A made-up table of four players in round 4 (a view dict, as the engine gives)."""
    codes = {sq: {"S": "start", "#": "rock", "=": "tunnel"}.get(TERRAIN[sq], "hidden") for sq in SQUARES}
    codes.update(SQUARE_CODES)
    backs = {sq: TERRAIN[sq] for sq in SQUARES if codes[sq] == "hidden"}
    players: dict[str, Any] = {}
    for i, pid in enumerate(SEATS):
        players[pid] = {
            "name": ("Ann", "Bob", "Cleo", "Dan")[i], "seat": i, "hand": None,
            "hand_colours": (["blue", "pink", "pink"], ["green", "purple", "purple", "blue", "pink"],
                             ["green", "green", "blue", "purple"], ["pink", "blue", "green"])[i],
            "hand_size": (3, 5, 4, 3)[i],
            "crystals": ({"blue": 2, "green": 1}, {"pink": 3}, {"purple": 1, "green": 1}, {"blue": 1})[i],
            "gadgets": OWNED[pid], "drills_left": (3, 2, 3, 3)[i], "drill_points": (0, 1, 0, 0)[i],
            "vp_tiles": ({"3": 1, "1": 0}, {"3": 0, "1": 1}, {}, {"3": 0, "1": 2})[i],
            "performance": ["blue:1"] if i == 0 else [], "monsters": 0, "monster_vp": 0, "tears": 0,
            "out": False, "mined": i == 0,
            "play": {"cards": ["green-3"], "colour": "green", "super": None, "boost": None} if i == 0 else None,
            "limits": {"hand": 5 if i == 1 else 4, "crystals": 7 if i == 1 else 6}, "score": None,
        }
    owned = {g for gs in OWNED.values() for g in gs}
    return {
        "game": "stella-digger", "version": 0, "viewer": None, "round": 4, "seats": list(SEATS),
        "names": {pid: p["name"] for pid, p in players.items()}, "start_player": "s1",
        "marker": "C3", "target": ["C3", "D3"], "to_act": {"player": "s2", "decision": "action"},
        "ended": False, "end_reason": None, "winners": [], "options": {"red_tears": False},
        "map": codes, "backs": backs, "groups": [["C3", "D3"]],
        "decks": [{"count": 9, "top": "blue"}, {"count": 12, "top": "pink"}, {"count": 0, "top": None}],
        "discard": ["blue-1", "blue-2", "blue-2", "pink-3", "purple-4"],
        "accidents": {"safety": "purple", "danger": 2, "alarm": 1, "revealed": []},
        "supply": {"blue": 5, "green": 6, "pink": 4, "purple": 7, "vp3": 17, "vp1": 6, "tears": 0},
        "gadget_supply": [g for g in ALL_GADGETS if g not in owned], "fight": None,
        "players": players,
    }


def _sq(square: str, corner: str = "bl") -> tuple[int, int]:
    left, top, right, bottom = square_box(square)
    return (left + 14 if "l" in corner else right - 14), (top + 14 if "t" in corner else bottom - 14)


def callouts() -> list[Callout]:
    """The numbered marks, in the key's order: where each goes and what it says."""
    board, supply = panel.table_boxes()
    row = panel.player_box(0)
    pile = panel.discard_box(len(SEATS))
    pin_x, pin_y = marker_xy("C3")
    c3_left, c3_top = square_box("C3")[:2]
    d3_left = square_box("D3")[0]
    return [
        Callout(*_sq("A1", "tl"), _("START: the way into the asteroid. Passages (START, tunnels, "
                "dug-out squares, Large Drills) lead from it to the tiles you can target.")),
        Callout(*_sq("E1"), _("Face-down tile. The letter on its back is its zone: a shallow, "
                "b middle, c deep, Y core; deeper tiles hold more crystals.")),
        Callout(*_sq("C4"), _("Face-up tile: its colour (each colour has its own shape) and, in "
                "the corner, the crystals it holds.")),
        Callout(*_sq("B4"), _("Gold tile: matches cards of every colour; the winner picks the "
                "colours of its crystals.")),
        Callout(*_sq("A6", "tl"), _("Monster: its combat power in the middle, crystals lost by a "
                "player who fails (−) and the points for beating it (VP).")),
        Callout((c3_left + d3_left + 88) // 2 + 8, c3_top + 72, _("Connected tiles: an arrow joins "
                "each to the next; joined tiles (the bridge) are targeted together and every "
                "colour in them counts.")),
        Callout(pin_x - 8, pin_y + 12, _("This round's target (bright blue frame) and the "
                "marker (the pin): where the digging is now.")),
        Callout(*_sq("F7"), _("Core squares (yellow frame): the game ends when, after tiles "
                "are won, neither of them holds a tile.")),
        Callout(*_sq("B3"), _("Dug-out square: a passage. Its number is what a Large Drill "
                "aimed at it scores.")),
        Callout(*_sq("B5", "tl"), _("Tunnel: always a passage; a Large Drill aimed at it scores 1.")),
        Callout(*_sq("A5", "tl"), _("Blockade: nobody mined this target, so a 3-VP tile closed "
                "it. It is no passage and no target any more.")),
        Callout(*_sq("C1", "tl"), _("Large Drill: its owner's seat colour and number; the tip "
                "points at the square whose number it scored.")),
        Callout(*_sq("C5", "tl"), _("Deck of drill cards on a rock square: the top card's colour "
                "shows; the number is how many cards are left.")),
        Callout(WIDTH * 44 // 100, HEADER_H // 2, _("Header: the round, its target, who must "
                "decide what now, and where every mark is explained (this legend).")),
        Callout(row[2] - 24, row[1] + 22, _("A player: seat number and colour, the start "
                "player's hard hat, and 'to act' on the one whose turn it is.")),
        Callout(row[0] + 250, row[1] + 50, _("Crystals by colour (held / limit), VP tiles won "
                "(3 and 1) and, with that option, red tears.")),
        Callout(row[0] + 236, row[1] + 128, _("Hand: card backs show only their colours. Play: "
                "the card(s) played this round.")),
        Callout(row[0] + 160, row[1] + 164, _("Gadgets owned (SD Super Drill, EP Enhanced "
                "Power, RC Refining Capsule, DR Support Drone), Large Drills left, drill points.")),
        Callout(board[2] - 18, board[1] + 16, _("Accident cards: Safety (face up), the Danger "
                "and Alarm piles, and those revealed this round.")),
        Callout(supply[0] + 138, supply[1] + 100, _("Supply: crystals and VP tiles left, and "
                "the gadgets for sale: a row per kind, a column per colour (bright: for sale).")),
        Callout(pile[2] - 16, pile[1] + 21, _("Discard pile, by colour; a small number on a card "
                "says how many of it.")),
    ]


def legend_image() -> Image.Image:
    """The annotated round picture with its key below, in the language being written."""
    return _legend_image(language())


@lru_cache(maxsize=3)
def _legend_image(lang: str) -> Image.Image:
    return annotated(map_image(legend_view()), callouts(), _("WHAT THE MAP SHOWS"))


def legend_png() -> bytes:
    """PNG bytes of the legend in the language being written (drawn once per process and
    language)."""
    return _legend_png(language())


@lru_cache(maxsize=3)
def _legend_png(lang: str) -> bytes:
    return png(_legend_image(lang))
