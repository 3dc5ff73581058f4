"""White Ranium's legend (the rules topic ``legend``): the mine picture of a made-up table, drawn
by board.py itself from a public view, with numbered callouts on each kind of thing it draws
and a numbered key under it (render/callouts.py, as Stella Digger's). The callouts are placed
from board.py's layout (``_cell``, ``_loader_box``, the panel's column), never by hand-counted
pixels on the picture."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from engine import get_game
from engine.white_ranium.scenario import scenario_state
from texts import _, language, using

from ..callouts import BADGE_R, MARGIN, Callout, annotated
from ..encode import png
from .board import BOARD_H, PANEL_X, TOP, WIDTH, _cell, _image, _loader_box

#: The made-up table: the notation's example (ann delivers 2 units at D6 along the red run,
#: cy is to place them), played by the engine.
TABLE: dict[str, Any] = {
    "game": "white-ranium", "players": ["ann", "bob", "cy"], "seed": 5,
    "options": {"cards": "standard"},
    "setup": {"start_player": "ann", "swaps_left": 0,
              "colours": {"ann": "red", "bob": "blue", "cy": "yellow"},
              "board": {"D4": "red-urdl/red-urdl", "D5": "red-ud/blue-rl:3",
                        "D6": "red-ud/yellow-rl"},
              "ranium": ["B2", "E2", "E5"], "crews": {"blue": "E3"},
              "held": {"red": 2, "blue": 1}, "markers": {"ann": 0}, "supply": {"markers": 9},
              "loaders": {"1": 2, "2": 10, "3": 18},
              "piles": {"cy": ["yellow-5", "yellow-4", "yellow-2", "yellow-3", "yellow-6"]}},
    "actions": [["ann", "deliver D6 2"]],
}
NAMES = {"ann": "Ann", "bob": "Bob", "cy": "Cy"}


def legend_view() -> dict[str, Any]:
    """The public view (no viewer) of the made-up table, with a loader's move and a jump
    added to the turn's trail so that every kind of arrow is drawn."""
    state, _ = scenario_state(TABLE)
    assert state is not None
    view: dict[str, Any] = get_game("white-ranium").view(state, None)
    view["names"] = dict(NAMES)
    view["trail"] = [*view["trail"], ["loader", "1", "2", "4"], ["crew", "blue", "F1", "E3"]]
    return view


def _card(place: str, where: str) -> tuple[int, int]:
    """A badge on a card: "glyph" under its top right corner, "symbol" under its top left
    chip, "face" on its lower right, "frame" on its lower left edge."""
    x0, y0, x1, y1 = _cell(place)
    return {"glyph": (x1 - 11, y0 + 36), "symbol": (x0 + 10, y0 + 36),
            "face": (x1 - 12, y1 - 12), "frame": (x0 + 2, y1 - 14)}[where]


def callouts(view: dict[str, Any] | None = None) -> list[Callout]:
    """The numbered marks, in the key's order: where each goes and what it says."""
    view = view or legend_view()
    crews = view["crews"]
    red = _cell(crews["red"]["at"])
    blue = _cell(crews["blue"]["at"])
    base = _cell(crews["blue"]["base"])
    ranium = _cell(view["ranium"][0])
    loader = _loader_box(view["loaders"]["2"])
    panel_w = WIDTH - PANEL_X - 6
    return [
        Callout(PANEL_X - 40, TOP // 2, _("Title: the round and whose turn it is.")),
        Callout(*_card("A1", "face"), _("A card's visible face: its tunnels in their colour, "
                                        "the colour's letter on the hub (W white, R red, B "
                                        "blue, Y yellow).")),
        Callout(*_card("B1", "glyph"), _("Top right corner: a small glyph of the card's other "
                                         "(hidden) face, drawn as a card is: its tunnels and "
                                         "its letter on the hub.")),
        Callout(*_card("A6", "symbol"), _("Lilac chip, top left: the card's symbol (a number).")),
        Callout(*_card("D6", "frame"), _("Yellow frame: a place this turn's (or the last "
                                         "turn's) decisions named.")),
        Callout(red[0] + 8, red[3] - 10, _("Pawn: a crew, in its colour with its letter (a "
                                           "tunnel hub is a plain disc).")),
        Callout(blue[2] - 2, blue[1] + 14, _("Octagon with a number beside a pawn: the White "
                                             "Ranium that crew carries.")),
        Callout(ranium[0] + 30, ranium[3] - 10, _("White octagon in a card's lower left "
                                                  "corner: White Ranium lying there.")),
        Callout((base[0] + base[2]) // 2 - 14, (base[1] + base[3]) // 2 + 26,
                _("Ring in a colour: that crew's base camp.")),
        Callout(loader[0] - 10, loader[3] + 14, _("Yellow chip on the rim: a space loader "
                                                  "(1-3), on the loader track.")),
        Callout(red[2] + 12, red[1] - 30, _("Arrow with a number: a move of this turn (or the "
                                            "last), in order, along the tunnels taken; a "
                                            "loader's along the rim.")),
        Callout(_cell("E2")[2] - 8, _cell("E2")[3] - 8, _("Dashed straight arrow: a jump "
                                                          "(secret tunnel, transporter, a thief "
                                                          "sent to its base).")),
        Callout(PANEL_X + 140, TOP + 12, _("Ore: the squares still lit are the ore left this "
                                           "turn.")),
        Callout(PANEL_X + panel_w - 60, TOP + 26 + 30, _("A player: the stripe in the colours "
                                                         "of the crews they play (discs on the "
                                                         "right), their markers (filled: won), "
                                                         "White Ranium held, their pile or "
                                                         "hand.")),
        Callout(PANEL_X + panel_w - 20, TOP + 26 + 3 * 62 + 8, _("Supply, a fight or "
                                                                 "placement in progress, and "
                                                                 "the decisions of this turn "
                                                                 "(or the last).")),
        Callout(WIDTH - 20, TOP + BOARD_H + 20, _("Under the mine: the same marks in a line, "
                                                  "and the rules topic legend (this "
                                                  "picture).")),
    ]


def legend_image() -> Image.Image:
    """The annotated mine picture with its key below, in the language being written."""
    return _legend_image(language())


@lru_cache(maxsize=4)
def _legend_image(lang: str) -> Image.Image:
    with using(lang):
        view = legend_view()
        return annotated(_image(view), callouts(view), _("WHAT THE MINE PICTURE SHOWS"))


#: the width of a key's text in ``annotated`` (render/callouts.py: two columns, a badge each;
#: its lines break at spaces and between Japanese characters: ``render.theme.wrap``)
KEY_W = (WIDTH - 3 * MARGIN) // 2 - 2 * BADGE_R - 14


def legend_png() -> bytes:
    """PNG bytes of the legend in the language being written (drawn once per process and
    language)."""
    return _legend_png(language())


@lru_cache(maxsize=4)
def _legend_png(lang: str) -> bytes:
    return png(_legend_image(lang))


def _clear() -> None:
    _legend_image.cache_clear()
    _legend_png.cache_clear()


# ``cache_clear`` as an ``lru_cache``'d function has it (tests draw the legend anew)
legend_image.cache_clear = legend_png.cache_clear = _clear  # type: ignore[attr-defined]
