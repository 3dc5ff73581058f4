"""White Ranium's decisions in players' words, for buttons, select options and autocomplete
(issue 28: no notation in anything a player clicks): ``rotate C2`` -> "Turn the card on C2
around", ``loader 2 forward`` -> "Space loader 2 one place clockwise", ``move C5 crew=blue`` ->
"Blue crew: move to C5". The notation stays the value (``/game do``, the log). A decision still
being built ends in " …" and keeps it. Board places (``C2``) are drawn on the map."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Worded

#: the verbs that take one board place, and their words around it
PLACE_VERBS = {
    "rotate": "Turn the card on {} around",
    "flip-long": "Flip the card on {} over its long side",
    "flip-short": "Flip the card on {} over its short side",
    "move": "Move to {}",
    "tunnel": "Secret tunnel to {} (3 ore)",
    "transport": "Transporter: send the enemy crews here to {} (2 ore)",
    "place": "Put the White Ranium on {}",
}
DIRECTIONS = {"forward": "one place clockwise", "back": "one place anticlockwise"}


def _card(card: str) -> str:
    """``red-4`` -> "red 4"."""
    colour, _, value = card.partition("-")
    return f"{colour} {value}" if value else card


def _label(verb: str, args: list[str], done: str) -> str | None:
    one = args[0] if args else None
    if verb in PLACE_VERBS and one:
        return PLACE_VERBS[verb].format(one)
    if verb == "swap" and args:
        return f"Swap the cards on {' and '.join(args)}"
    if verb == "done":
        return done
    if verb == "colour" and one:
        return f"The {one} crew"
    if verb == "collect":
        return "Collect the White Ranium"
    if verb == "steal" and one:
        return f"Steal from the {one} crew"
    if verb == "loader" and one:
        return f"Space loader {one}" + (f" {DIRECTIONS.get(args[1], args[1])}"
                                         if len(args) > 1 else "")
    if verb == "deliver" and one:
        count = args[1] if len(args) > 1 else ""
        units = f"{count} unit{'s' if count != '1' else ''}" if count else "units"
        return f"Deliver {units} at {one}"
    if verb == "end":
        return "End the turn"
    if verb == "fight" and one:
        return f"Fight with {_card(one)}"
    if verb == "card" and one:
        return f"Play {_card(one)}"
    return None


def choice_label(view: Mapping[str, Any], text: str) -> str:
    worded = Worded.of(text)
    if worded is None:
        return text
    named = worded.named
    done = "No more swaps" if view.get("phase") == "swap" else "Done"
    label = _label(worded.verb, worded.args, done)
    if label is None:
        return text
    if named.get("crew"):  # two players: each action names the crew that acts
        label = f"{named['crew'].capitalize()} crew: {label[:1].lower()}{label[1:]}"
    return worded.done(label)


#: the verbs whose choice is a place on the mine, picked by the number drawn on it
TARGET_VERBS = ("move", "tunnel", "transport", "place", "deliver", "rotate", "flip-long",
                "flip-short")
#: The numbered targets' words: the select's placeholder and the picture's title.
PICK_NUMBER = "Pick the number you see on the map…"


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
    return f"{verb_label.rstrip('…')}: {count} places, numbered"
