"""Mining Colony's decisions in players' words, for buttons, select options and autocomplete
(issue 28: no notation in anything a player clicks): ``take 2`` -> "Zone 2: tile t5-02, red
worker, purple crystal", ``put crystal/purple C1 from=staging`` -> "Staged purple crystal on
C1". The notation stays the value (``/game do``, the log). A decision still being built ends in
" …" and keeps it. Tile ids stay as they are: the pictures draw them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.mining_colony.events import building, listed, words

from ..base import Worded


def _zone(view: Mapping[str, Any], zone: str) -> str:
    found = (view.get("zones") or {}).get(zone) or {}
    tiles = [f"tile {tile}" for tile in found.get("tiles") or []]
    things = ", ".join(tiles + ([listed(list(found["items"]))] if found.get("items") else []))
    return f"Zone {zone}: {things or 'empty'}"


def _bid(card: str, bottom: str | None) -> str:
    under = (bottom or "").split(",") if bottom else []
    if not under:
        return f"Bid {card}"
    return f"Bid {card}; under the deck: {', then '.join(under)}"


def _place(args: list[str]) -> str:
    label = f"Tile {args[0]}"
    if len(args) > 1:
        label += f" on {args[1]}"
    if len(args) > 2 and args[2] != "0":
        label += f", turned {args[2]}°"
    return label


def numbered_place(number: int, text: str) -> str:
    """A numbered placement as the select offers it: "7: on C3, turned 90°"."""
    _, _, square, *turn = text.split()
    return f"{number}: on {square}" + (f", turned {turn[0]}°" if turn and turn[0] != "0" else "")


#: The numbered placements' words: the select's placeholder and the picture's line above them.
PICK_NUMBER = "Pick the number you see on the picture…"


def places_title(tile: str, count: int) -> str:
    return f"Tile {tile}: {count} places it fits, numbered"


def _build(args: list[str], via: str | None) -> str:
    label = f"{words(args[0]).capitalize()} on {args[1]}" if len(args) > 1 else \
        f"{words(args[0]).capitalize()}"
    if via:
        label += " from " + " and ".join(via.split(","))
    return label


def choice_label(view: Mapping[str, Any], text: str) -> str:
    worded = Worded.of(text)
    if worded is None:
        return text
    verb, args, named = worded.verb, worded.args, worded.named
    staged = named.get("from") == "staging"
    label: str
    if verb == "play" and args:
        label = _bid(args[0], named.get("bottom"))
    elif verb == "refresh":
        under = named.get("bottom")
        label = "Refresh (1 credit)" + (f": {', then '.join(under.split(','))} under the deck"
                                        if under else "")
    elif verb == "take" and args:
        label = _zone(view, args[0])
    elif verb == "place" and args:
        label = _place(args)
    elif verb == "put" and args:
        label = ("Staged " if staged else "") + words(args[0])
        label = label[:1].upper() + label[1:] + (f" on {args[1]}" if len(args) > 1 else "")
    elif verb == "stage" and args:
        label = f"Stage the {words(args[0])}"
    elif verb == "discard" and args:
        thing = f"tile {args[0]}" if args[0].startswith("t") else words(args[0])
        label = f"Discard the {'staged ' if staged else ''}{thing}"
    elif verb == "buy" and args:
        label = f"{building(args[0]).capitalize()} token" + (f" on {args[1]}" if len(args) > 1
                                                              else "")
    elif verb == "build" and args:
        label = _build(args, named.get("via"))
    elif verb == "exchange" and args:
        item, _, colour = args[0].partition(">")
        source = "staged " if staged else ""
        label = f"Swap the {source}{words(item)} for a {colour} one (1 credit)" if colour else \
            f"Swap the {source}{words(item)} (1 credit)"
    elif verb == "done":
        label = "End my development turn"
    else:
        return text
    return worded.done(label)
