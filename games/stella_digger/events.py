"""Stella Digger's event sentences in the language being written (``Presentation.event_text``).

The engine writes each event's sentence in English (its log and tests read them) with the
event's facts in ``event.data``. Players' names are not in the data (only their ids), so a
sentence's names, and the few phrases the data leaves out (why a crystal was gained, what a
play was changed to), are read back from the engine's sentence by one pattern per form; the
rest comes from the data. A sentence no pattern reads (an engine change) is shown as the
engine wrote it, never half translated. Cards (``blue-4``) and squares (``C3``) stay as they
are; colours, gadgets, directions and reasons are the catalog's words."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from engine.stella_digger.components import tile_info
from texts import DEFAULT, N_, _, ngettext, using

from .texts import colour, direction, gadget_item

#: why a crystal was gained, a Red Tear taken (R20): the engine's phrases, in the catalog
TEAR_WHY = (N_("was defeated by a monster"), N_("lost a card to an accident"))
PHRASES = {w: w for w in (N_("gold tile"), N_("played a card"), N_("Refining Capsule"),
                          N_("exchange"), *TEAR_WHY)}
#: why the game ended (R18), by the ``end`` event's ``reason``
END_REASON = {"vp3-exhausted": N_("the 3-VP tiles ran out"),
              "core-mined": N_("the core is mined out"),
              "no-target": N_("no target could be chosen"),
              "last-standing": N_("one player is left standing")}


def _phrase(text: str) -> str:
    if text.startswith("tile "):  # a crystal of a tile won: "tile C3"
        return _("tile {square}").format(square=text[5:])
    return _(PHRASES[text]) if text in PHRASES else text


def _list(text: str, each: Callable[[str], str]) -> str:
    return _(", ").join(each(w) for w in text.split(", "))


#: how a captured piece of the English sentence is put into the translated one
CONVERT: dict[str, Callable[[str], str]] = {
    "colour": colour, "changed": colour, "give": colour, "get": colour, "safety": colour,
    "colours": lambda s: _list(s, colour), "pay": lambda s: _list(s, colour),
    "gadgets": lambda s: _list(s, gadget_item), "direction": direction, "why": _phrase,
    "tear_why": _phrase, "won": lambda s: _(" and ").join(s.split(" and ")),
}
#: what each placeholder matches in the engine's English sentence (default: any words)
PIECE = dict.fromkeys(("deck", "round", "n", "total", "vp", "tears", "of", "count", "points",
                       "power", "loss"), r"\d+")
PIECE |= dict.fromkeys(("card", "boost", "square", "other", "tip"), r"\S+")
PIECE |= dict.fromkeys(("colour", "changed", "give", "get", "safety", "direction"), r"\w+")
PIECE["tear_why"] = "|".join(map(re.escape, TEAR_WHY))  # after a name: never a guess

#: a sentence: its msgid, or (its ``ngettext`` for a count, the placeholder counted)
Form = str | tuple[Callable[[int], str], str]

#: each kind's sentences, in the order they are tried: the catalog's msgid is the engine's
#: English sentence with placeholders (so English reads exactly as the engine wrote it)
FORMS: dict[str, tuple[Form, ...]] = {
    "setup": (N_("A new game of Stella Digger: {order} (in turn order). {start} is the start "
                 "player."),),
    "round": (N_("Round {round} begins. {name} is the start player."),),
    "target": (N_("{name} moves the marker to {square}: the target this round with {others}."),
               N_("{name} moves the marker to {square}: the target this round.")),
    "no-target": (N_("No mining tile can be chosen as the target."),),
    "draw": (N_("{name} draws a {colour} card from deck {deck}."),),
    "drew": (N_("You drew {card} from deck {deck}."),),
    "no-cards": (N_("{name} can't draw: no cards are left in the decks or the discard pile."),),
    "alarm": (N_("Deck {deck} is empty: an accident card moves to the Alarm, face down."),),
    "rebuild": (N_("All decks were empty: the {n} discarded cards are shuffled into three new "
                   "decks. The accident cards will be reset after this round's accidents."),),
    "mine": (N_("{name} mines with {card}, changed to {changed} by a Super Drill, plus {boost} "
                "by an Enhanced Power: a {colour} play."),
             N_("{name} mines with {card}, changed to {changed} by a Super Drill: a {colour} "
                "play."),
             N_("{name} mines with {card}, plus {boost} by an Enhanced Power: a {colour} play."),
             N_("{name} mines with {card}: a {colour} play.")),
    "refill": (N_("{name} discards {cards} and refills their hand."),
               N_("{name} refills their hand.")),
    "buy": (N_("{name} buys {gadgets}, paying {pay}."),),
    "drill": ((lambda n: ngettext(
        "{name} installs a Large Drill on {square} aiming {direction} at {tip}: {points} point.",
        "{name} installs a Large Drill on {square} aiming {direction} at {tip}: {points} points.",
        n), "points"),),
    "exchange": (N_("{name} exchanges two {give} crystals for a {get} one."),),
    "pass": (N_("{name} passes."),),
    "accident": (N_("Accident! The {colour} card is revealed: everyone with a {colour} card "
                    "loses one, from their play first."),),
    "accident-reset": (N_("The accident cards are gathered and shuffled: {safety} is the new "
                          "Safety Forecast."),),
    "lose": (N_("{name} loses {card} to the {colour} accident from their play."),
             N_("{name} loses {card} to the {colour} accident from their hand.")),
    "tear": (N_("{name} {tear_why}, but no Red Tear tile is left."),
             N_("{name} {tear_why} and takes a Red Tear ({tears} of {of}).")),
    "eliminated": (N_("{name} suffers serious injuries and is out of the game."),),
    "foreman": (N_("The Foreman marker passes to {name}."), N_("{name} takes the Foreman marker.")),
    "reveal": (N_("{square} is revealed: {tile} (connected)."),
               N_("{square} is revealed: {tile}.")),
    "arrow": (N_("The arrow on {square} turns to point {direction}."),),
    "connect": (N_("{square} and {other} are connected: they are mined together."),
                N_("The arrow on {square} finds no tile: it stays unconnected.")),
    "monster": ((lambda n: ngettext(
        "A monster on {square} attacks! Combat power {power}: play a card or decline; anyone "
        "below {power} loses {loss} crystal.",
        "A monster on {square} attacks! Combat power {power}: play a card or decline; anyone "
        "below {power} loses {loss} crystals.", n), "loss"),),
    "fight": (N_("{name} fights with {card}, changed to {changed}, plus {boost}."),
              N_("{name} fights with {card}, changed to {changed}."),
              N_("{name} fights with {card}, plus {boost}."),
              N_("{name} fights with {card}.")),
    "decline": (N_("{name} declines to fight."),),
    "monster-won": (N_("{name} defeats the monster with {total} and keeps it ({vp} VP); {name} "
                       "takes the Foreman marker."),
                    N_("Nobody beat the monster: it goes back to the box.")),
    "defeated": (N_("{name} is defeated in combat."),),
    "lose-crystals": (N_("{name} loses {colours} to the monster."),),
    "return": (N_("{name} returns {colours} (over the crystal limit)."),),
    "crystal": (N_("{name} gains a {colour} crystal ({why}), taken from {donor}: the supply "
                   "had none."),
                N_("{name} would gain a {colour} crystal ({why}), but there is none left "
                   "anywhere."),
                N_("{name} gains a {colour} crystal ({why}).")),
    "win": (N_("{name} wins {squares} with {total}."),),
    "no-winner": (N_("Accidents took every played card: nobody wins the target this round."),),
    "blockade": (N_("Nobody mined: {square} is blockaded with a 3-VP tile."),),
    "marker": (N_("The marker goes back to {square}."),),
    "performance": (N_("{name} has {count} tiles: a 3-VP tile."),
                    N_("{name} has 1 tile: a 1-VP tile."),
                    N_("{name} exchanges three 1-VP tiles for a 3-VP tile.")),
    "end": (N_("The game is over ({reason}). Scores: {scores}. Winner: {won}."),
            N_("The game is over ({reason}). Scores: {scores}. Shared victory: {won}.")),
}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@cache
def pattern(msgid: str) -> re.Pattern[str]:
    """The English sentence a msgid stands for, its placeholders as named groups (a second
    use of one must read the same)."""
    out, seen, at = [], set(), 0
    for found in _PLACEHOLDER.finditer(msgid):
        out.append(re.escape(msgid[at:found.start()]))
        key = found.group(1)
        out.append(f"(?P={key})" if key in seen else f"(?P<{key}>{PIECE.get(key, '.+?')})")
        seen.add(key)
        at = found.end()
    out.append(re.escape(msgid[at:]))
    return re.compile("^" + "".join(out) + "$", re.S)


def tile_words(code: str) -> str:
    """A face-up tile as the ``reveal`` sentence names it (R16's connected mark aside)."""
    info = tile_info(code)
    if info.kind == "monster":
        return _("a monster (power {power}, takes {loss} crystals, worth {vp} VP)").format(
            power=info.power, loss=info.loss, vp=info.vp)
    if info.kind == "gold":
        return _("a gold tile ({n} crystals of any colours)").format(n=info.crystals)
    return ngettext("a {colour} tile ({n} crystal)", "a {colour} tile ({n} crystals)",
                    info.crystals).format(colour=colour(info.colour or ""), n=info.crystals)


def english(form: Form) -> tuple[str, ...]:
    """The English sentences a form stands for (both of a count's)."""
    if isinstance(form, str):
        return (form,)
    with using(DEFAULT):
        return (form[0](1), form[0](2))


def event_text(event: Any) -> str:
    """``event``'s sentence in the language being written; the engine's own if no form reads
    it."""
    text = str(event.text)
    data = event.data or {}
    for form in FORMS.get(event.kind, ()):
        got = next((m.groupdict() for m in (pattern(f).match(text) for f in english(form)) if m),
                   None)
        if got is None:
            continue
        try:
            values = {k: CONVERT.get(k, str)(v) for k, v in got.items()}
            if "tile" in values:  # the tile from the data, not the engine's English words
                values["tile"] = tile_words(str(data["tile"]))
            if "reason" in values:
                values["reason"] = (_(END_REASON[data["reason"]]) if data.get("reason")
                                    in END_REASON else values["reason"])
            if isinstance(form, tuple):
                return form[0](int(got[form[1]])).format(**values)
            return _(form).format(**values)
        except (KeyError, ValueError, TypeError):
            return text
    return text
