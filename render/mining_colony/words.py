"""Mining Colony's components in the language being written (issue 30): ``thing("crystal/purple")``
-> "purple crystal" / "紫のクリスタル" / "lila Kristall". The engine keeps its English words for
its log (engine/mining_colony/events.py ``words``); what players read comes from here, marked
for the catalogs. The pictures use it, and the game's texts (games/mining_colony/) import it
(games sit above render). Each whole name is one catalog entry, so a translator writes the
colour and the thing in the order and form their language wants."""

from __future__ import annotations

from collections.abc import Iterable

from texts import N_, _

#: every item, structure and build-over token by its notation (C1-C8)
THINGS = {
    "crystal/purple": N_("purple crystal"), "crystal/yellow": N_("yellow crystal"),
    "crystal/white": N_("white crystal"), "crystal/green": N_("green crystal"),
    "worker/red": N_("red worker"), "worker/blue": N_("blue worker"),
    "worker/orange": N_("orange worker"),
    "ship/red": N_("red ship"), "ship/blue": N_("blue ship"), "ship/orange": N_("orange ship"),
    "outpost/red": N_("red outpost"), "outpost/blue": N_("blue outpost"),
    "outpost/orange": N_("orange outpost"),
    "station/purple": N_("purple science station"),
    "station/yellow": N_("yellow science station"),
    "station/white": N_("white science station"),
    "station/green": N_("green science station"),
    "token/blank": N_("blank token"), "token/dome": N_("dome token"),
    "token/pad": N_("landing pad token"), "token/purple": N_("purple storage unit token"),
    "token/yellow": N_("yellow storage unit token"),
    "token/white": N_("white storage unit token"),
    "token/green": N_("green storage unit token"),
}

#: the buildings a square can hold (C5) and the build-over token types (C8)
BUILDINGS = {
    "blank": N_("blank"), "dome": N_("dome"), "pad": N_("landing pad"),
    "any": N_("multi-coloured storage unit"), "purple": N_("purple storage unit"),
    "yellow": N_("yellow storage unit"), "white": N_("white storage unit"),
    "green": N_("green storage unit"),
}

#: a token type in the supply line of the round picture (short: the line is narrow)
TOKEN_SHORT = {"blank": N_("blank"), "dome": N_("dome"), "pad": N_("pad"),
               "purple": N_("purple"), "yellow": N_("yellow"), "white": N_("white"),
               "green": N_("green")}


def thing(name: str) -> str:
    """A component from its notation; a tile id (``t5-02``, drawn in the pictures) is named
    "tile t5-02"."""
    if name in THINGS:
        return _(THINGS[name])
    if name.startswith("t") and "-" in name:
        return _("tile {tile}").format(tile=name)
    return name


def building(name: str) -> str:
    """``pad`` -> "landing pad", ``purple`` -> "purple storage unit"."""
    return _(BUILDINGS[name]) if name in BUILDINGS else name


def listed(things: Iterable[str]) -> str:
    """Components in words, comma-separated ("tile t3-03, purple crystal")."""
    return _(", ").join(thing(t) for t in things)


def cards(numbers: Iterable[int]) -> str:
    """Card numbers, comma-separated, or "none"."""
    return _(", ").join(map(str, numbers)) or _("none")
