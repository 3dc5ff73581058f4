"""Mining Colony's decisions in players' words, for buttons, select options and autocomplete
(issue 28: no notation in anything a player clicks): ``take 2`` -> "Zone 2: tile t5-02, red
worker, purple crystal", ``put crystal/purple C1 from=staging`` -> "Staged purple crystal on
C1". The notation stays the value (``/game do``, the log). A decision still being built ends in
" …" and keeps it. Tile ids stay as they are: the pictures draw them. Every label is in the
language being written (issue 30: the catalogs of the domain ``mining_colony``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.mining_colony.words import building, listed, thing
from texts import N_, _

from ..base import Worded


def _zone(view: Mapping[str, Any], zone: str) -> str:
    found = (view.get("zones") or {}).get(zone) or {}
    things = listed(list(found.get("tiles") or []) + list(found.get("items") or []))
    return _("Zone {zone}: {things}").format(zone=zone, things=things or _("empty"))


def _then(cards: str) -> str:
    return _(", then ").join(cards.split(","))


def _bid(card: str, bottom: str | None) -> str:
    if not bottom:
        return _("Bid {card}").format(card=card)
    return _("Bid {card}; under the deck: {cards}").format(card=card, cards=_then(bottom))


def _turned(turn: str) -> str:
    return _(", turned {degrees}°").format(degrees=turn) if turn != "0" else ""


def _place(args: list[str]) -> str:
    if len(args) == 1:
        return _("Tile {tile}").format(tile=args[0])
    return _("Tile {tile} on {square}").format(tile=args[0], square=args[1]) + (
        _turned(args[2]) if len(args) > 2 else "")


def numbered_place(number: int, text: str) -> str:
    """A numbered placement as the select offers it: "7: on C3, turned 90°"."""
    _verb, _tile, square, *turn = text.split()
    return _("{number}: on {square}").format(number=number, square=square) + (
        _turned(turn[0]) if turn else "")


#: The numbered placements' words: the select's placeholder and the picture's line above them.
PICK_NUMBER = N_("Pick the number you see on the picture…")


def places_title(tile: str, count: int) -> str:
    return _("Tile {tile}: {count} places it fits, numbered").format(tile=tile, count=count)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _build(args: list[str], via: str | None) -> str:
    label = _capital(thing(args[0]))
    if len(args) > 1:
        label = _("{structure} on {square}").format(structure=label, square=args[1])
    if via:
        label = _("{structure} from {squares}").format(
            structure=label, squares=_(" and ").join(via.split(",")))
    return label


def _put(args: list[str], staged: bool) -> str:
    item = thing(args[0])
    if len(args) < 2:
        return _capital(_("staged {item}").format(item=item) if staged else item)
    if staged:
        return _("Staged {item} on {square}").format(item=item, square=args[1])
    return _capital(_("{item} on {square}").format(item=item, square=args[1]))


def _discard(args: list[str], staged: bool) -> str:
    if staged:
        return _("Discard the staged {thing}").format(thing=thing(args[0]))
    return _("Discard the {thing}").format(thing=thing(args[0]))


def _exchange(item: str, colour: str, staged: bool) -> str:
    named = thing(item)
    if not colour:
        return (_("Swap the staged {item} (1 credit)") if staged
                else _("Swap the {item} (1 credit)")).format(item=named)
    kind = item.partition("/")[0]
    wanted = thing(f"{kind}/{colour}")
    return (_("Swap the staged {item} for a {wanted} (1 credit)") if staged
            else _("Swap the {item} for a {wanted} (1 credit)")).format(item=named, wanted=wanted)


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
        label = (_("Refresh (1 credit): {cards} under the deck").format(cards=_then(under))
                 if under else _("Refresh (1 credit)"))
    elif verb == "take" and args:
        label = _zone(view, args[0])
    elif verb == "place" and args:
        label = _place(args)
    elif verb == "put" and args:
        label = _put(args, staged)
    elif verb == "stage" and args:
        label = _("Stage the {item}").format(item=thing(args[0]))
    elif verb == "discard" and args:
        label = _discard(args, staged)
    elif verb == "buy" and args:
        token = _capital(_("{building} token").format(building=building(args[0])))
        label = _("{token} on {square}").format(token=token, square=args[1]) if len(args) > 1 \
            else token
    elif verb == "build" and args:
        label = _build(args, named.get("via"))
    elif verb == "exchange" and args:
        item, _sep, colour = args[0].partition(">")
        label = _exchange(item, colour, staged)
    elif verb == "done":
        label = _("End my development turn")
    else:
        return text
    return worded.done(label)
