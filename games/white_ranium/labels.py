"""White Ranium's decisions in players' words, for buttons, select options and autocomplete
(issue 28: no notation in anything a player clicks): ``rotate C2`` -> "Turn the card on C2
around", ``loader 2 forward`` -> "Space loader 2 one place clockwise", ``move C5 crew=blue`` ->
"Blue crew: move to C5". The notation stays the value (``/game do``, the log). A decision still
being built ends in " …" and keeps it. Board places (``C2``) are drawn on the map. Every text is
in the catalogs (``white_ranium`` domain), said in the language being written."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.white_ranium.words import card, colour
from texts import DEFAULT, N_, _, language, ngettext

from ..base import Worded

#: the verbs that take one board place, and their words around it
PLACE_VERBS = {
    "rotate": N_("Turn the card on {place} around"),
    "flip-long": N_("Flip the card on {place} over its long side"),
    "flip-short": N_("Flip the card on {place} over its short side"),
    "move": N_("Move to {place}"),
    "tunnel": N_("Secret tunnel to {place} (3 ore)"),
    "transport": N_("Transporter: send the enemy crews here to {place} (2 ore)"),
    "place": N_("Put the White Ranium on {place}"),
}
DIRECTIONS = {"forward": N_("Space loader {loader} one place clockwise"),
              "back": N_("Space loader {loader} one place anticlockwise")}


def _label(verb: str, args: list[str], done: str) -> str | None:
    one = args[0] if args else None
    if verb in PLACE_VERBS and one:
        return _(PLACE_VERBS[verb]).format(place=one)
    if verb == "swap" and args:
        return _("Swap the cards on {places}").format(places=_(" and ").join(args))
    if verb == "done":
        return done
    if verb == "colour" and one:
        return _("The {colour} crew").format(colour=colour(one))
    if verb == "collect":
        return _("Collect the White Ranium")
    if verb == "steal" and one:
        return _("Steal from the {colour} crew").format(colour=colour(one))
    if verb == "loader" and one:
        way = args[1] if len(args) > 1 else None
        if way in DIRECTIONS:
            return _(DIRECTIONS[way]).format(loader=one)
        return _("Space loader {loader}").format(loader=one) + (f" {way}" if way else "")
    if verb == "deliver" and one:
        if len(args) > 1 and args[1].isdigit():
            n = int(args[1])
            return ngettext("Deliver {count} unit at {place}", "Deliver {count} units at {place}",
                            n).format(count=n, place=one)
        return _("Deliver units at {place}").format(place=one)
    if verb == "end":
        return _("End the turn")
    if verb == "fight" and one:
        return _("Fight with {card}").format(card=card(one))
    if verb == "card" and one:
        return _("Play {card}").format(card=card(one))
    return None


def choice_label(view: Mapping[str, Any], text: str) -> str:
    worded = Worded.of(text)
    if worded is None:
        return text
    named = worded.named
    done = _("No more swaps") if view.get("phase") == "swap" else _("Done")
    label = _label(worded.verb, worded.args, done)
    if label is None:
        return text
    if named.get("crew"):  # two players: each action names the crew that acts
        if language() == DEFAULT:  # "White crew: deliver ..."; German nouns keep their capital
            label = label[:1].lower() + label[1:]
        label = _("{colour} crew: {action}").format(colour=colour(named["crew"]).capitalize(),
                                                    action=label)
    return worded.done(label)


#: the verbs whose choice is a place on the mine, picked by the number drawn on it
TARGET_VERBS = ("move", "tunnel", "transport", "place", "deliver", "rotate", "flip-long",
                "flip-short")
#: The numbered targets' words: the select's placeholder and the picture's title.
PICK_NUMBER = N_("Pick the number you see on the map…")


def targets(texts: list[str]) -> list[str] | None:
    """The places of ``texts`` when they are one verb's choices of a place (two players: a
    place once for each of their crews at the most), at most 25; None otherwise."""
    words = [t.split() for t in texts]
    if not words or any(len(w) < 2 for w in words):
        return None
    verbs = {w[0] for w in words}
    places = [w[1] for w in words]
    if len(verbs) != 1 or verbs.pop() not in TARGET_VERBS or len(places) > 25 or \
            any(places.count(p) > 2 for p in places):
        return None
    return places


def numbered_target(number: int, view: Mapping[str, Any], text: str) -> str:
    """A numbered target as the select offers it: "7: Move to C5"."""
    return f"{number}: {choice_label(view, text)}"


def targets_title(verb_label: str, count: int) -> str:
    return ngettext("{verb}: {count} place, numbered", "{verb}: {count} places, numbered",
                    count).format(verb=verb_label.rstrip("…"), count=count)
