"""White Ranium's own words used everywhere in its texts: the crew colours (C1) and a symbol
card written for a player ("blue 4"), in the language being written. The notation
(``blue-4``, ``C2``) stays as it is in the log and ``/game do``."""

from __future__ import annotations

from texts import NP_, _, pgettext

#: the four colours (C1): the crews, their base camps, their symbol cards and the tunnel types
#: (in the context "crew colour": a colour said as a name, "Crew Blau", not as an adjective)
COLOURS = {"white": NP_("crew colour", "white"), "red": NP_("crew colour", "red"),
           "blue": NP_("crew colour", "blue"), "yellow": NP_("crew colour", "yellow")}


def colour(name: str) -> str:
    """``blue`` -> "blue" ("青", "Blau"); anything else as it is."""
    return pgettext("crew colour", COLOURS[name]) if name in COLOURS else name


def crew(name: str) -> str:
    """The crew of colour ``name``: "the blue crew" ("青のクルー", "Crew Blau")."""
    return _("the {colour} crew").format(colour=colour(name))


def card(notation: str) -> str:
    """``red-4`` -> "red 4" ("赤4", "Rot 4"); anything else as it is."""
    name, _sep, value = notation.partition("-")
    if not value or name not in COLOURS:
        return notation
    return _("{colour} {value}").format(colour=colour(name), value=value)


def cards(notations: list[str]) -> str:
    """Symbol cards in a list: "red 4, blue 2", or "—" for none."""
    return ", ".join(card(c) for c in notations) or "—"
