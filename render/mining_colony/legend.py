"""Mining Colony's legend (the rules topic ``legend``): the round picture of a made-up table,
drawn by board.py itself, with numbered callouts on each kind of thing it draws and a numbered
key under it (render/callouts.py, as Stella Digger's). The callouts are placed from board.py's
layout (``layout``, ``square_box``), never by hand-counted pixels."""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.mining_colony.components import PLACEMENTS, STARTING, TILE_PRINT
from render.cached import per_language
from texts import _

from ..callouts import Callout, annotated
from ..encode import png
from .board import GRID, GRID_X, GRID_Y, INFO_X, PANEL_W, board_image, layout, square_box

SIDE = "standard"
#: Ann's colony: the tiles placed (id -> square and turn) and what stands on her squares.
TILES = {"t3-04": "A2 0", "t2-08": "D3 0", "t1-03": "F3 0", "t3-01": "C4 0"}
ON = {"A1": "worker/red", "E1": "ship/blue", "D1": "outpost/orange", "B2": "station/purple",
      "D3": "crystal/white"}
TOKENS = {"F1": "green"}


def _colony(tiles: dict[str, str], on: dict[str, str]) -> tuple[dict[str, str], dict[str, list[str]]]:
    colony = {f"{c}{r}": "undeveloped" for r in range(1, 7) for c in "ABCDEF"}
    colony.update(STARTING[SIDE])
    where: dict[str, list[str]] = {}
    for tile, at in tiles.items():
        sq, turn = at.split()
        cells = PLACEMENTS[tile[1]][(sq, int(turn))]
        where[tile] = list(cells)
        colony.update(zip(cells, TILE_PRINT[tile], strict=True))
    for sq, thing in on.items():
        colony[sq] = f"{colony[sq]}:{thing}"
    return colony, where


def _player(seat: int, name: str, colony: dict[str, str], tiles: dict[str, list[str]],
            **more: Any) -> dict[str, Any]:
    p: dict[str, Any] = {
        "name": name, "seat": seat, "credits": 3, "hand": None, "hand_size": 3, "deck": None,
        "deck_size": 4, "bottom": None, "cards_left": [], "played": [48, 32, 40], "bid": 32,
        "has_bid": True, "refreshed": 0, "pending": {"tiles": [], "items": []}, "staging": [],
        "colony": colony, "tiles": tiles, "placements": {}, "tokens": {}, "structures": [],
        "used": [], "score": None,
        "live": {"total": -9, "structures": 0, "resources": 5, "credits": 0, "cards": 0,
                 "undeveloped": -14, "unplayed": 0},
    }
    p.update(more)
    return p


def legend_view() -> dict[str, Any]:
    """A made-up table of two players in round 4's development (a public view: no hands)."""
    ann_colony, ann_tiles = _colony(TILES, ON)
    bob_colony, bob_tiles = _colony({"t2-06": "B2 0"}, {})
    supply = {f"{kind}/{c}": 5 for kind, cs in (("outpost", ("red", "blue", "orange")),
                                              ("station", ("purple", "yellow", "white", "green")))
              for c in cs}
    supply.update({f"token/{k}": 2 for k in ("blank", "dome", "pad", "purple", "yellow",
                                             "white", "green")})
    return {
        "game": "mining-colony", "version": 0, "viewer": None, "round": 4, "phase": "develop",
        "step": "develop", "to_act": {"player": "ann", "decision": "develop"},
        "waiting": ["ann"], "order": ["ann", "bob"], "ended": False, "end_reason": None,
        "winners": [], "options": {"side": SIDE, "difficulty": 1, "free_undeveloped": False},
        "seats": ["ann", "bob"], "names": {"ann": "Ann", "bob": "Bob"}, "resource_card": "r03",
        "resource_deck": 4, "resource_discard": [],
        "zones": {"1": {"tiles": [], "items": [], "taken_by": "ann"},
                  "2": {"tiles": ["t3-07"], "items": ["crystal/yellow", "worker/blue"],
                        "taken_by": None}},
        "piles": {"1": 2, "2": 3, "3": 2, "4": 2, "5": 3}, "supply": supply,
        "players": {
            "ann": _player(0, "Ann", ann_colony, ann_tiles, tokens=TOKENS,
                           staging=["crystal/green"],
                           pending={"tiles": ["t2-05"], "items": ["station/yellow"]}),
            "bob": _player(1, "Bob", bob_colony, bob_tiles, bid=40, credits=5),
        },
        "history": [],
    }


def _on(view: dict[str, Any], code: str) -> tuple[int, int]:
    """A badge on the top right corner of Ann's first square (A1, B1, ... A2, ...; undeveloped
    ones from F6 back) that is
    ``code``: "start" a bare starting space, "token" one with a build-over token, "kind/:" one
    holding a thing of that kind, else a square of that code (a blank one off the starting row). The thing in
    the square stays seen."""
    p = view["players"][view["seats"][0]]
    start = STARTING[view["options"]["side"]]

    def fits(sq: str, here: str) -> bool:
        if code == "start":
            return sq in start and ":" not in here and sq not in p["tokens"]
        if code == "token":
            return sq in p["tokens"]
        if code.endswith(":"):
            return here.split(":")[-1].startswith(code[:-1])
        return here == code and (code != "blank" or sq not in start)

    order = sorted(p["colony"], key=lambda s: (s[1], s[0]), reverse=code == "undeveloped")
    for sq in order:
        if fits(sq, p["colony"][sq]):
            _, top, right, _ = square_box(view, 0, sq)
            return right - 6, top + 6
    raise KeyError(f"no square holds {code}")  # a bug in the made-up table


def _edge(view: dict[str, Any], tile: str) -> tuple[int, int]:
    """The middle of the left edge of Ann's tile ``tile`` (its first square)."""
    sq = view["players"][view["seats"][0]]["tiles"][tile][0]
    left, top, _, bottom = square_box(view, 0, sq)
    return left, (top + bottom) // 2


def callouts(view: dict[str, Any] | None = None) -> list[Callout]:
    """The numbered marks, in the key's order: where each goes and what it says."""
    view = view or legend_view()
    at = layout(view)
    px, py = at.panels[0]
    zone = at.zones[1]
    info_x = px + INFO_X
    return [
        Callout(at.width - 26, 22, _("Header: the round (of 10), its phase, who must decide "
                "now and the order of play.")),
        Callout(at.width - 26, 64 + 9, _("The resource card and deck, the tile piles (tiles "
                "left by size) and the supply of outposts, stations and build-over tokens.")),
        Callout(zone[2] - 22, zone[3] - 22, _("An excavation zone: its tiles (the name under "
                "each is the tile's id) and items; the one who takes it gets them all.")),
        Callout(px + PANEL_W - 100, py + 22, _("A player: seat number and colour, name, and "
                "the score now (every scored part counted as if the game ended here).")),
        Callout(info_x + 150, py + GRID_Y + 10, _("Credits, the card bid this round (or ? "
                "while sealed), the cards left in the deck and played.")),
        Callout(info_x + 110, py + GRID_Y + 66 + 12, _("Staging: things taken this round, not "
                "yet put on the colony.")),
        Callout(info_x + 150, py + GRID_Y + 66 + 30 + 40, _("Pending: a tile (and things) to "
                "place now; it is drawn as it lies before turning.")),
        Callout(*_on(view, "undeveloped"), _("Dark square: undeveloped (it costs points at the end).")),
        Callout(*_on(view, "blank"), _("Brown square: developed, blank.")),
        Callout(*_on(view, "start"), _("Grey-green square with a dark corner: a starting space.")),
        Callout(*_on(view, "dome"), _("Dome (an arc): a dome; workers live there.")),
        Callout(*_on(view, "pad"), _("Ring with H: a landing pad; ships land there.")),
        Callout(*_on(view, "green"), _("Letter square: a storage unit of that colour (P purple, "
                "Y yellow, W white, G green).")),
        Callout(*_on(view, "any"), _("Four colours and *: a storage unit for any colour.")),
        Callout(*_on(view, "crystal/:"), _("Diamond: a crystal, its letter its colour; on a square it "
                "is stored there (the unit's own letter is not drawn under it).")),
        Callout(*_on(view, "worker/:"), _("Circle: a worker, in its crew colour (R red, B blue, "
                "O orange).")),
        Callout(*_on(view, "ship/:"), _("Triangle: a ship, in its crew colour.")),
        Callout(*_on(view, "outpost/:"), _("House (light edge): an outpost, a structure.")),
        Callout(*_on(view, "station/:"), _("Hexagon (light edge): a science station, a structure.")),
        Callout(*_on(view, "token"), _("Light inner frame: a build-over token.")),
        Callout(*_edge(view, "t3-01"), _("Dark thick lines: the edges of "
                "the tiles (one tile's squares are not separated).")),
        Callout(px + GRID_X + GRID - 20, py + GRID_Y + GRID + 30, _("Under the board: the "
                "structures built and the squares still undeveloped.")),
    ]


@per_language
def legend_image() -> Image.Image:
    """The annotated round picture with its key below, in the language being written (one
    kept per language: a Japanese reader never gets the English picture)."""
    view = legend_view()
    return annotated(board_image(view), callouts(view), _("WHAT THE ROUND PICTURE SHOWS"))


@per_language
def legend_png() -> bytes:
    """PNG bytes of the legend in the language being written (drawn once per language and
    process)."""
    return png(legend_image())
