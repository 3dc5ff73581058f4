"""Out of Mine!'s event sentences in the language being written (``Presentation.event_text``):
one per ``event.kind`` (engine/out_of_mine/flow.py, game.py, setup.py), built from
``event.data``.

The engine's data names players by id only, so a player's name (and the lists that join names:
the seats, the boards, the digs revealed) is read from the engine's own English sentence by its
fixed pattern below; a sentence that does not match its pattern (an engine that changed its
words) is shown as the engine wrote it. Notation (a dig, a card's contents ``blue:1,red:2``)
stays as it is in every language."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.out_of_mine.components import ROUNDS
from texts import N_, _, ngettext

#: the engine's sentence of each kind that names players, as a pattern with named groups
PATTERNS: dict[str, re.Pattern[str]] = {
    "start": re.compile(r"Out of Mine! begins\. Seats: (?P<seats>.*)\. Boards: (?P<boards>.*)\.",
                        re.S),
    "side": re.compile(r"(?P<name>.*) plays side \S+\.", re.S),
    "forced": re.compile(r"(?P<name>.*) got board \d+ back after playing (?P<previous>\S+), so "
                         r"they play \S+\.", re.S),
    "open": re.compile(r"(?P<name>.*) opened their card: their clock runs\.", re.S),
    "commit": re.compile(r"(?P<name>.*) has committed their dig\.", re.S),
    "draw": re.compile(r"INTO THE MINE! (?P<cards>.*)", re.S),
    "reveal": re.compile(r"OUT OF MINE! Every dig is revealed: (?P<digs>.*)", re.S),
    "score": re.compile(r"(?P<name>.*) scores -?\d+: (?P<base>-?\d+) for the spaces \((?P<empty>\d+)"
                        r" empty\)(?:, (?P<call>[+-]\d+) call)?(?:, (?P<elves>[+-]\d+) elves)?"
                        r"(?:, (?P<finds>[+-]\d+) finds)?(?:; the call cut (?P<cut>\d+) "
                        r"tile\(s\))?\. Total -?\d+\.", re.S),
    "call": re.compile(r"(?P<names>.*) called OUT OF MINE! \(\+2\)\.", re.S),
    "exchange": re.compile(r"Board \d+ \((?P<name>.*)'s\) goes back to the box; board \d+ "
                           r"comes into play\. Boards now: (?P<boards>.*)", re.S),
    "end": re.compile(r"The game is over\. (?P<names>.*) wins? with (?P<totals>.*)\.", re.S),
}
#: in the engine's lists, what joins two entries ("Ann: card 3 (...); Bob: card 7 (...)")
CARD_ENTRY = re.compile(r"(?:^|; )(?P<name>.+?): card (?P<card>\d+) \((?P<text>[^()]*)\)")
DIG_ENTRY = re.compile(r"(?:^|; )(?P<name>.+?) \(card (?P<card>\d+|None), (?P<side>\w+)\): "
                       r"(?P<dig>dig\b[^;]*)")

#: the race's draw: nobody's card is shown (R6)
FACE_DOWN = N_("Every player has a face-down card: opening yours starts your clock, then dig.")


def _match(event: Any, key: str) -> dict[str, str] | None:
    found = PATTERNS[key].fullmatch(event.text)
    return found.groupdict() if found else None


def _start(event: Any) -> str | None:
    m = _match(event, "start")
    if not m:
        return None
    return _("Out of Mine! begins. Seats: {seats}. Boards: {boards}.").format(**m)


def _round(event: Any) -> str | None:
    return _("Round {round} of {rounds} begins.").format(round=event.data["round"],
                                                          rounds=ROUNDS)


def _side(event: Any) -> str | None:
    side = event.data["side"]
    if event.data.get("forced"):
        m = _match(event, "forced")
        if not m:
            return None
        return _("{player} got board {board} back after playing {previous}, so they "
                       "play {side}.").format(player=m["name"], board=side[:-1],
                                              previous=m["previous"], side=side)
    m = _match(event, "side")
    if not m:
        return None
    return _("{player} plays side {side}.").format(player=m["name"], side=side)


def _reshuffle(event: Any) -> str | None:
    return _("The deck was empty: the discard pile is shuffled into a new deck.")


def _draw(event: Any) -> str | None:
    if "cards" not in event.data:  # R6: the race's cards stay face down until opened
        return _(FACE_DOWN)
    m = _match(event, "draw")
    if not m:
        return None
    entries = [e.groupdict() for e in CARD_ENTRY.finditer(m["cards"])]
    if len(entries) != len(event.data["cards"]):
        return None
    return _("INTO THE MINE!") + " " + _("; ").join(
        _("{player}: card {card} ({tiles})").format(player=e["name"], card=e["card"],
                                                    tiles=e["text"]) for e in entries)


def _reveal(event: Any) -> str | None:
    m = _match(event, "reveal")
    if not m:
        return None
    entries = [e.groupdict() for e in DIG_ENTRY.finditer(m["digs"])]
    if len(entries) != len(event.data["digs"]):
        return None
    return _("OUT OF MINE! Every dig is revealed:") + " " + _("; ").join(
        _("{player} (card {card}, {side}): {dig}").format(
            player=e["name"], card=e["card"], side=e["side"], dig=e["dig"]) for e in entries)


def _score(event: Any) -> str | None:
    m = _match(event, "score")
    if not m:
        return None
    parts = _("{base} for the spaces ({empty} empty)").format(base=m["base"], empty=m["empty"])
    words = {"call": N_("{points} call"), "elves": N_("{points} elves"),
             "finds": N_("{points} finds")}
    for key, word in words.items():
        if m[key]:
            parts += ", " + _(word).format(points=m[key])
    cut = "; " + _("the call cut {n} tile(s)").format(n=m["cut"]) if m["cut"] else ""
    return _("{player} scores {score}: {parts}{cut}. Total {total}.").format(
        player=m["name"], score=event.data["score"], parts=parts, cut=cut,
        total=event.data["total"])


def _call(event: Any) -> str | None:
    m = _match(event, "call")
    if not m:
        return None
    return _("{players} called OUT OF MINE! (+2).").format(players=m["names"])


def _exchange(event: Any) -> str | None:
    m = _match(event, "exchange")
    if not m:
        return None
    return _("Board {gone} ({player}'s) goes back to the box; board {new} comes into "
                   "play. Boards now: {boards}").format(
                       gone=event.data["retired"], player=m["name"], new=event.data["new"],
                       boards=m["boards"])


def _end(event: Any) -> str | None:
    m = _match(event, "end")
    if not m:
        return None
    return ngettext("The game is over. {players} wins with {totals}.",
                          "The game is over. {players} win with {totals}.",
                          len(event.data["winners"])).format(players=m["names"],
                                                             totals=m["totals"])


def _open(event: Any) -> str | None:
    m = _match(event, "open")
    if not m:
        return None
    return _("{player} opened their card: their clock runs.").format(player=m["name"])


def _card(event: Any) -> str | None:
    from engine.out_of_mine.components import CARDS

    card = event.data["card"]
    return _("INTO THE MINE! Your card {card}: {tiles}.").format(card=card,
                                                                 tiles=CARDS[card].text())


def _commit(event: Any) -> str | None:
    m = _match(event, "commit")
    if not m:
        return None
    return _("{player} has committed their dig.").format(player=m["name"])


def _dig(event: Any) -> str | None:
    return _("Your dig is in: {dig}").format(dig=event.data["dig"])


#: each kind the engine emits and its sentence (None: the engine's own)
SENTENCES: dict[str, Callable[[Any], str | None]] = {
    "start": _start, "round": _round, "side": _side, "reshuffle": _reshuffle, "draw": _draw,
    "reveal": _reveal, "score": _score, "call": _call, "exchange": _exchange, "end": _end,
    "open": _open, "card": _card, "commit": _commit, "dig": _dig,
}


def text(event: Any) -> str:
    """``event``'s sentence in the language being written; the engine's English for a kind
    this file does not know or a sentence that does not read as its pattern."""
    sentence = SENTENCES.get(event.kind)
    said = sentence(event) if sentence is not None else None
    return said if said is not None else str(event.text)
