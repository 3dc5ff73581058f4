"""The engine's events in players' words (issue 30): ``sentence(event)`` says each event of
engine/white_ranium in the language being written, keyed by ``event.kind`` and built from
``event.data``.

The engine's data names players by id only, so a player's name is read from the engine's own
sentence: each kind's English catalog text is the engine's sentence word for word (cards in
notation), so that text, said with the event's data and a mark where a name goes, is the form
the engine's sentence must have; the name is what stands at the mark. An event whose sentence
has none of its kind's forms (an engine changed since) is shown as the engine wrote it."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from render.white_ranium.words import card as card_words
from render.white_ranium.words import colour
from texts import DEFAULT, _, ngettext, using

from .texts import MODES

#: a sentence said with the event's data, the names standing in it and how a card is written
Say = Callable[[Mapping[str, Any], Mapping[str, str], Callable[[str], str]], str]
_NAMES = ("player", "seats")  # the names an event's sentence may hold
_MARK = {name: f"\x00{i}\x00" for i, name in enumerate(_NAMES)}


def _notation(card: str) -> str:
    """A card as the engine writes it (``red-4``): the English forms' cards."""
    return card


def _setup(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("White Ranium: seats clockwise {seats}; {player} starts. The symbol cards are "
             "played {mode}.").format(seats=n["seats"], player=n["player"],
                                      mode=_mode(d, card is _notation))


def _mode(d: Mapping[str, Any], notation: bool) -> str:
    """The way the symbol cards are played: in words, or as the engine names it
    (``'standard'``)."""
    mode = str(d.get("mode", ""))
    return _(MODES[mode]) if mode in MODES and not notation else f"'{mode}'"


def _turn(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("Round {round}: {player}'s turn. The space loaders move to {places}.").format(
        round=d["round"], player=n["player"], places=_(", ").join(map(str, d["loaders"])))


def _no_swap(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player} makes no more swaps.").format(player=n["player"])


def _swap(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    first, second = d["places"]
    return _("{player} swapped the cards on {first} and {second}.").format(
        player=n["player"], first=first, second=second)


def _colour(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player} chose {colour}.").format(player=n["player"], colour=colour(d["colour"]))


def _plays(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player} plays {card} to place White Ranium (symbol {symbol}).").format(
        player=n["player"], card=card(d["card"]), symbol=_symbol(d["card"]))


def _turns(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player} turns {card} to place White Ranium (symbol {symbol}).").format(
        player=n["player"], card=card(d["card"]), symbol=_symbol(d["card"]))


def _symbol(notation: str) -> str:
    return notation.rpartition("-")[2]


def _committed(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player} has chosen a fight card.").format(player=n["player"])


def _chose(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("You chose {card} for the fight.").format(card=card(d["card"]))


def _rotate(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player} turned {place} by 180 degrees.").format(player=n["player"],
                                                             place=d["place"])


def _flip_long(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player} turned {place} over its long side.").format(player=n["player"],
                                                                 place=d["place"])


def _flip_short(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player} turned {place} over its short side.").format(player=n["player"],
                                                                  place=d["place"])


def _end(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player} ends the turn, leaving {ore} ore unused.").format(player=n["player"],
                                                                        ore=d["ore"])


def _forward(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player} moved space loader {loader} forward to place {place}.").format(
        player=n["player"], loader=d["loader"], place=d["to"])


def _back(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player} moved space loader {loader} back to place {place}.").format(
        player=n["player"], loader=d["loader"], place=d["to"])


def _move(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player} moved the {colour} crew from {start} to {end}.").format(
        player=n["player"], colour=colour(d["crew"]), start=d["frm"], end=d["to"])


def _tunnel(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player} took a secret tunnel with the {colour} crew from {start} to {end}.").format(
        player=n["player"], colour=colour(d["crew"]), start=d["frm"], end=d["to"])


def _collect(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player}'s {colour} crew collected the White Ranium on {place}.").format(
        player=n["player"], colour=colour(d["crew"]), place=d["place"])


def _steal(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player}'s {colour} crew attacks the {other} crew on {place}.").format(
        player=n["player"], colour=colour(d["attacker"]), other=colour(d["defender"]),
        place=d["place"])


def _transport(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    crews = d["crews"]
    return ngettext("{player}'s transporter sent the {colours} crew from {start} to {end}.",
                    "{player}'s transporter sent the {colours} crews from {start} to {end}.",
                    len(crews)).format(player=n["player"],
                                       colours=_(", ").join(colour(c) for c in crews),
                                       start=d["frm"], end=d["to"])


def _deliver(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    units, markers = d["n"], d["markers"]
    return ngettext("{player}'s {colour} crew delivered {count} unit of White Ranium at {place} "
                    "and is back at base:",
                    "{player}'s {colour} crew delivered {count} units of White Ranium at {place} "
                    "and is back at base:", units).format(
        player=n["player"], colour=colour(d["crew"]), count=units, place=d["place"]) + " " + \
        ngettext("{count} marker.", "{count} markers.", markers).format(count=markers)


def _win(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("{player} has {count} markers and wins the game!").format(player=n["player"],
                                                                      count=d["markers"])


def _place(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    return _("White Ranium placed on {place}.").format(place=d["place"])


def _reveal(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    (a, a_card), (b, b_card) = d["cards"].items()
    return _("The fight cards are revealed: {colour} {card}, {other} {other_card}.").format(
        colour=colour(a), card=card(a_card), other=colour(b), other_card=card(b_card))


def _fight(d: Mapping[str, Any], n: Mapping[str, str], card: Callable[[str], str]) -> str:
    a, b, winner = d["attacker"], d["defender"], d.get("winner")
    head = _("Fight: {colour} plays {card} ({value}), {other} plays {other_card} "
             "({other_value}):").format(
        colour=colour(a), card=card(d["cards"][a]), value=d["values"][a], other=colour(b),
        other_card=card(d["cards"][b]), other_value=d["values"][b])
    if winner == a:
        tail = _("the {colour} crew takes a unit and is teleported to its base.")
    elif winner == b:
        tail = _("the {colour} crew wins and its player takes a free action.")
    else:
        tail = _("a tie, nothing happens.")
    return head + " " + tail.format(colour=colour(winner or a))


#: each kind's sentences (a kind the engine says in several ways has one for each)
SAYS: dict[str, tuple[Say, ...]] = {
    "setup": (_setup,), "turn": (_turn,), "swap": (_no_swap, _swap), "colour": (_colour,),
    "card": (_plays, _turns), "commit": (_committed, _chose), "rotate": (_rotate,),
    "flip-long": (_flip_long,), "flip-short": (_flip_short,), "end": (_end,),
    "loader": (_forward, _back), "move": (_move,), "tunnel": (_tunnel,),
    "collect": (_collect,), "steal": (_steal,), "transport": (_transport,),
    "deliver": (_deliver,), "win": (_win,), "place": (_place,), "reveal": (_reveal,),
    "fight": (_fight,),
}


def _names(say: Say, data: Mapping[str, Any], text: str) -> dict[str, str] | None:
    """The names standing in ``text`` if it is ``say``'s English sentence, else None."""
    with using(DEFAULT):
        form = say(data, _MARK, _notation)
    pattern, names = "", []
    for piece in re.split("(\x00\\d\x00)", form):
        if piece.startswith("\x00"):
            name = _NAMES[int(piece[1])]
            pattern += f"(?P={name})" if name in names else f"(?P<{name}>.+)"
            names.append(name)
        else:
            pattern += re.escape(piece)
    match = re.fullmatch(pattern, text, re.S)
    return None if match is None else {k: v for k, v in match.groupdict().items() if v}


def sentence(event: Any) -> str:
    """``event`` (an ``engine.Event`` of White Ranium) in the language being written; the
    engine's own sentence for one this module does not know the form of."""
    text = str(event.text)
    data = dict(event.data)
    if event.kind == "setup":  # the mode is in the sentence only
        data["mode"] = text.rpartition("played '")[2].rstrip("'.")
    if event.kind == "steal":  # the place is in the sentence only
        data["place"] = text.rpartition(" on ")[2].rstrip(".")
    for say in SAYS.get(event.kind, ()):
        try:
            names = _names(say, data, text)
            if names is not None:
                return say(data, {**_MARK, **names}, card_words)
        except (KeyError, IndexError, TypeError, ValueError):
            continue
    return text
