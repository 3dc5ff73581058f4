"""Mining Colony's event sentences in the language being written (issue 30), keyed by the
engine's ``event.kind`` and built from ``event.data`` (engine/mining_colony/: flow.py,
develop.py, items.py, setup.py write them, in English, for the log).

The engine's data names players by id, not by name: the name is read from the engine's sentence,
where it stands before the kind's verb (``VERB``; the last such word, so a name holding the verb
stays whole). A few facts are in the engine's sentence only and are read back from it the same
way (``setup``: the colony side and difficulty; ``develop``: the first developer; ``bonus``: the
two sums; ``reveal`` and ``end``: the names with their bids and scores, which are names and
numbers in any language). Where a sentence cannot be read so, the engine's own sentence is
shown."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from engine.mining_colony.components import ZORLORD
from engine.mining_colony.flow import CREDIT_CAP
from render.mining_colony.words import building, cards, listed, thing
from texts import N_, _, ngettext

from .texts import side_word

#: the engine's end reasons (flow.py ``end_game``), the same words as msgids
REASONS = frozenset({N_("ten rounds were played"), N_("no resource card was left to flip"),
                     N_("the colony is complete")})
#: the word after the player's name in the engine's sentence of each kind
VERB = {"bid": "has", "refresh": "pays", "take": "takes", "place": "places", "put": "puts",
        "stage": "stages", "discard": "discards", "buy": "buys", "build": "builds",
        "exchange": "pays", "cap": "keeps", "done": "ends"}


def _reason(reason: str) -> str:
    return _(reason) if reason in REASONS else reason


def _name(event: Any) -> str | None:
    """The player's name: the engine's sentence up to the kind's verb (None without it)."""
    at = str(event.text).rfind(f" {VERB[event.kind]} ")
    return str(event.text)[:at] if at > 0 else None


def _last_words(text: str, n: int) -> str:
    """``text`` without its last ``n`` words ("Ann Lee goes first." -> "Ann Lee")."""
    return text.rsplit(" ", n)[0]


def _setup(event: Any, data: Mapping[str, Any]) -> str | None:
    side = side_word(_last_words(str(event.text), 2).rsplit(" ", 1)[-1])
    players = len(data.get("players") or ())
    if players == 1:
        difficulty = re.search(r"\d+", event.text)
        if difficulty is None:
            return None
        return _("Mining Colony begins: solo against Zorlord (difficulty {difficulty}), "
                 "{side} colony side.").format(difficulty=difficulty.group(), side=side)
    return _("Mining Colony begins: {n} players, {side} colony side.").format(n=players,
                                                                             side=side)


def _discover(event: Any, data: Mapping[str, Any]) -> str | None:
    zones = _("; ").join(
        _("zone {zone}: {things}").format(
            zone=i, things=listed(z["tiles"] + z["items"]) or _("nothing"))
        for i, z in enumerate(data["zones"], 1))
    if data.get("card"):
        return _("Round {round}: resource card {card} is flipped. {zones}.").format(
            round=data["round"], card=data["card"], zones=zones)
    return _("Round {round}: {zones}.").format(round=data["round"], zones=zones)


def _draw(event: Any, data: Mapping[str, Any]) -> str | None:
    return _("You draw {cards}.").format(cards=cards(data["cards"]))


def _bid(event: Any, data: Mapping[str, Any]) -> str | None:
    if event.to is not None:  # the bidder's own line: the card and the cards under the deck
        if data.get("bottom"):
            return _("You bid {card}; {cards} go under your deck.").format(
                card=data["card"], cards=cards(data["bottom"]))
        return _("You bid {card}.").format(card=data["card"])
    return _("{player} has bid.")


def _refresh(event: Any, data: Mapping[str, Any]) -> str | None:
    return _("{player} pays 1 credit to refresh their hand.")


def _reveal(event: Any, data: Mapping[str, Any]) -> str | None:
    bids = str(event.text).partition(": ")[2].removesuffix(".")  # "Ann 40, Bob 32"
    return _("Bids revealed: {bids}.").format(bids=bids) if bids else None


def _bonus(event: Any, data: Mapping[str, Any]) -> str | None:
    sums = re.findall(r"\((\d+)\)", event.text)[-2:]
    name = _last_words(str(event.text).rpartition(": ")[2], 3)
    if len(sums) != 2 or not name:
        return None
    return _("{player}'s unplayed cards ({sum}) beat Zorlord's ({zorlord}): {player} gains "
             "{credits} credits.").format(player=name, sum=sums[0], zorlord=sums[1],
                                          credits=data["credits"])


def _take(event: Any, data: Mapping[str, Any]) -> str | None:
    return _("{player} takes zone {zone}: {things}.").format(
        player="{player}", zone=data["zone"], things=listed(data.get("got") or []) or _("nothing"))


def _develop(event: Any, data: Mapping[str, Any]) -> str | None:
    name = _last_words(str(event.text).partition(": ")[2], 2)
    return _("Development: {player} goes first.").format(player=name) if name else None


def _place(event: Any, data: Mapping[str, Any]) -> str | None:
    turn = data.get("rotation") or 0
    said = (_("{player} places tile {tile} on {square}, turned {degrees}°.") if turn
            else _("{player} places tile {tile} on {square}."))
    return said.format(player="{player}", tile=data["tile"], square=data["square"], degrees=turn)


def _put(event: Any, data: Mapping[str, Any]) -> str | None:
    said = (_("{player} puts the staged {item} on {square}.") if data.get("staged")
            else _("{player} puts the {item} on {square}."))
    return said.format(player="{player}", item=thing(data["item"]), square=data["square"])


def _stage(event: Any, data: Mapping[str, Any]) -> str | None:
    return _("{player} stages the {item}.").format(player="{player}", item=thing(data["item"]))


def _discard(event: Any, data: Mapping[str, Any]) -> str | None:
    gain = data["credits"]
    said = (ngettext("{player} discards the staged {thing} for {n} credit.",
                     "{player} discards the staged {thing} for {n} credits.", gain)
            if data.get("staged") else
            ngettext("{player} discards the {thing} for {n} credit.",
                     "{player} discards the {thing} for {n} credits.", gain))
    return said.format(player="{player}", thing=thing(data["thing"]), n=gain)


def _buy(event: Any, data: Mapping[str, Any]) -> str | None:
    cost = data["cost"]
    return ngettext("{player} buys a {token} build-over token for {n} credit and places it on "
                    "{square}.",
                    "{player} buys a {token} build-over token for {n} credits and places it "
                    "on {square}.", cost).format(
        player="{player}", token=building(data["token"]), n=cost, square=data["square"])


def _build(event: Any, data: Mapping[str, Any]) -> str | None:
    return _("{player} builds a {structure} on {square}.").format(
        player="{player}", structure=thing(data["structure"]), square=data["square"])


def _exchange(event: Any, data: Mapping[str, Any]) -> str | None:
    return _("{player} pays 1 credit to exchange the {item} for Zorlord's {wanted}.").format(
        player="{player}", item=thing(data["given"]), wanted=thing(data["received"]))


def _cap(event: Any, data: Mapping[str, Any]) -> str | None:
    return _("{player} keeps {cap} of {credits} credits.").format(
        player="{player}", cap=CREDIT_CAP, credits=CREDIT_CAP + data["lost"])


def _done(event: Any, data: Mapping[str, Any]) -> str | None:
    return _("{player} ends their development turn.")


def _end(event: Any, data: Mapping[str, Any]) -> str | None:
    text = str(event.text)
    reason = _reason(str(data.get("reason", "")))
    winners = list(data.get("winners") or ())
    if winners == [ZORLORD]:
        return _("The game ends ({reason}): the colony is not complete, Zorlord wins.").format(
            reason=reason)
    if "scores" not in data:  # a solo win: "...: Ann beats Zorlord!"
        name = _last_words(text.rpartition(": ")[2], 2)
        return _("{player}'s colony is complete with a structure of every colour: {player} "
                 "beats Zorlord!").format(player=name) if name else None
    scores, _dot, last = text.partition("). ")[2].rpartition(". ")
    name = _last_words(last, 1)
    if not scores or not name:
        return None
    return _("The game ends ({reason}). {scores}. {player} wins.").format(
        reason=reason, scores=scores, player=name)


SAYS: dict[str, Callable[[Any, Mapping[str, Any]], str | None]] = {
    "setup": _setup, "discover": _discover, "draw": _draw, "bid": _bid, "refresh": _refresh,
    "reveal": _reveal, "bonus": _bonus, "take": _take, "develop": _develop, "place": _place,
    "put": _put, "stage": _stage, "discard": _discard, "buy": _buy, "build": _build,
    "exchange": _exchange, "cap": _cap, "done": _done, "end": _end,
}


def event_text(event: Any) -> str:
    """``event`` in the language being written; the engine's sentence where this module has
    none for its kind or cannot read it. A sentence of a kind in ``VERB`` names its player
    (``{player}``, filled last, so a name is never read as a placeholder)."""
    say = SAYS.get(event.kind)
    try:
        said = None if say is None else say(event, event.data or {})
        if said is not None and event.kind in VERB and "{player}" in said:
            name = _name(event)
            said = None if name is None else said.replace("{player}", name)
    except (KeyError, TypeError, ValueError, IndexError):
        said = None
    return str(event.text) if said is None else said
