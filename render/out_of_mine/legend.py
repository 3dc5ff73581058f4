"""Out of Mine!'s legend (the rules topic ``legend``): the reveal picture of a made-up round,
drawn by board.py itself from a public view, with numbered callouts on each kind of thing it
draws and a numbered key under it (render/callouts.py, as Stella Digger's). The callouts are
placed from the renderers' layout (``panel_corners``, ``BOARD_AT``, ``square_centre``), never
by hand-counted pixels."""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.out_of_mine.components import COLS, ROWS, SIDES
from texts import _

from ..cached import per_language
from ..callouts import Callout, annotated
from ..encode import png
from .board import BOARD_AT, CELL, _compose, panel_corners, reveal_panels
from .grid import square_centre, tile_words

#: Each player's scored round: side, card, tiles (as the notation writes them) and cut tiles.
ROUNDS: dict[str, dict[str, Any]] = {
    "ann": {"board": "8a", "card": 18, "cut": [], "empty": 2, "base": 8, "call": 2,
            "elves": 2, "finds": 2, "score": 14, "time": 109.5,
            "tiles": ["white-l/rat:A3,A4,B3,C3,D3", "red-l:C1,C2,D1,E1", "blue/silver:C4,C5",
                      "blue:E2,E3", "yellow/silver:E4", "red-l:F3,G3,G4,G5"]},
    "dan": {"board": "2a", "card": 20, "empty": 0, "base": 9, "call": 0, "elves": 0,
            "finds": 1, "score": 10, "time": 131.0,
            "tiles": ["red-i:A2,A3,A4,A5", "green-i:B5,C5,D5", "green-i/silver:C2,C3,C4",
                      "green-i:E2,E3,E4", "blue/silver:E5,F5", "yellow/silver:G1"],
            "cut": ["blue:G2,G3", "yellow/silver:G4", "yellow:G5"]},
}
NAMES = {"ann": "Ann", "dan": "Dan"}


def legend_view() -> dict[str, Any]:
    """A made-up table of two players after round 1 (a public view: every board revealed)."""
    players = {}
    for seat, (pid, rec) in enumerate(ROUNDS.items()):
        players[pid] = {
            "name": NAMES[pid], "seat": seat, "board": int(rec["board"][0]), "side": None,
            "previous": rec["board"], "grid": None, "elves": {}, "card": None,
            "card_info": None, "has_card": False, "opened": False, "committed": False,
            "dig": None, "total": rec["score"], "calls": 1 if rec["call"] else 0,
            "empty": rec["empty"], "rounds": [{"round": 1, **rec}], "score": None}
    return {"game": "out-of-mine", "version": 0, "viewer": None, "round": 2, "rounds": 7,
            "phase": "side", "seats": list(ROUNDS), "names": dict(NAMES),
            "options": {"elves": True, "finds": True, "race": True}, "to_act": [],
            "ended": False, "winners": [], "pile": 5, "retired": [], "deck": 36, "discard": [],
            "last_round": None, "players": players}


def callouts(view: dict[str, Any] | None = None) -> list[Callout]:
    """The numbered marks, in the key's order: where each goes and what it says."""
    view = view or legend_view()
    panels = reveal_panels(view)
    corners = dict(zip(view["seats"], panel_corners(panels), strict=True))
    width = panels[0].width

    def on(pid: str, sq: str, dx: int = 0, dy: int = 0) -> tuple[int, int]:
        x, y = square_centre(sq, CELL)
        return corners[pid][0] + BOARD_AT[0] + x + dx, corners[pid][1] + BOARD_AT[1] + y + dy

    def tile(pid: str, colour: str, cut: bool = False) -> tuple[int, int]:
        rec = ROUNDS[pid]
        for kind, squares in tile_words(rec["cut"] if cut else rec["tiles"]):
            if kind.startswith(colour):
                return on(pid, squares[0], -6, -6)
        raise ValueError(colour)

    def ground(pid: str, rock: bool) -> tuple[int, int]:
        side = ROUNDS[pid]["board"]
        covered = {sq for _, sqs in tile_words(ROUNDS[pid]["tiles"] + ROUNDS[pid]["cut"])
                   for sq in sqs}
        for r, line in reversed(list(enumerate(SIDES[side].grid))):  # from row 1 up
            for c, ch in enumerate(line):
                sq = f"{COLS[c]}{ROWS - r}"
                if (ch == "#") == rock and sq not in covered and sq not in SIDES[side].elves:
                    return on(pid, sq)
        raise ValueError(side)

    elf = next(iter(SIDES[ROUNDS["ann"]["board"]].elves))
    element = tile_words(["white-l/rat:A3,A4,B3,C3,D3"])[0][1][-1]
    ann, dan = corners["ann"], corners["dan"]
    return [
        Callout(dan[0] + width - 20, 22, _("Title: the round shown (a reveal: every board as "
                "dug, with its score).")),
        Callout(ann[0] + width - 90, ann[1] + 18, _("A player: the seat number and stripe in "
                "the seat's colour, the name, and the total so far.")),
        Callout(*ground("ann", rock=True), _("Brown, hatched: rock (never dug).")),
        Callout(*ground("ann", rock=False), _("Dark, plain: a gallery square left uncovered "
                "(an empty square costs points).")),
        Callout(*tile("ann", "yellow"), _("Yellow crystal: dots, the letter Y on one of its "
                "squares.")),
        Callout(*tile("ann", "blue"), _("Blue crystal: stripes, the letter B.")),
        Callout(*tile("dan", "green"), _("Green crystal: diagonal lines, the letter G.")),
        Callout(*tile("ann", "red"), _("Red crystal: cross-hatch, the letter R.")),
        Callout(*tile("ann", "white"), _("White crystal: plain with rings, the letter W.")),
        Callout(*on("ann", element, 12, 12), _("A word on a dark chip: the tile's element (Au "
                "gold, Ag silver, worm woodworm, rat).")),
        Callout(*tile("dan", "yellow", cut=True), _("Faded, with a grey edge: a tile cut by the "
                "call.")),
        Callout(*on("ann", elf, -10, -10), _("Small disc with a capital letter, on the edge "
                "toward the rock: an elf of that colour.")),
        Callout(dan[0] + width - 30, dan[1] + panels[1].height - 30, _("Under the board: the "
                "side, the card and time, then the round's score parts (call, elves, finds).")),
    ]


@per_language  # drawn once per language (the words drawn are the language's)
def _legend_image() -> Image.Image:
    view = legend_view()
    top = _compose(reveal_panels(view), _("Out of Mine! · round {round} revealed").format(round=1))
    return annotated(top, callouts(view), _("WHAT A BOARD SHOWS"))


@per_language
def _legend_png() -> bytes:
    return png(_legend_image())


def legend_image() -> Image.Image:
    """The annotated reveal picture with its key below, in the language being written (drawn
    once per process and language)."""
    return _legend_image()


def legend_png() -> bytes:
    """PNG bytes of the legend in the language being written (drawn once per process and
    language)."""
    return _legend_png()


def _clear() -> None:
    _legend_image.cache_clear()  # type: ignore[attr-defined]
    _legend_png.cache_clear()  # type: ignore[attr-defined]


# ``cache_clear`` as an ``lru_cache``'d function has it (tests draw the legend anew)
legend_image.cache_clear = legend_png.cache_clear = _clear  # type: ignore[attr-defined]
