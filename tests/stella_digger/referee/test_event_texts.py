"""The engine's event sentences as players read them (issue 30): ``Presentation.event_text``
says each event in the catalogs' language, from its kind and data (games/stella_digger/events.py).
English reads as the engine wrote it; Japanese and German are the catalogs' sentences, with the
players' names, cards and squares kept."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

import texts
from engine.core.events import Event
from engine.stella_digger.game import GAME
from games.stella_digger import PRESENTATION
from games.stella_digger.events import FORMS, english

#: names with spaces and an " and " in them: the sentences' patterns must still find them
NAMES = ("Ann Lee", "Bob", "Cleo and Dan", "Eve")
#: kinds whose English is said in other words than the engine's (the same facts)
REWORDED = {"buy": "gadgets named, not their codes", "end": "the reason in words"}
CARD = re.compile(r"\b(?:blue|green|pink|purple)-[1-4]\b")


def _game(seed: int, players: int, red_tears: bool) -> Iterator[Any]:
    ids = [f"p{i}" for i in range(players)]
    state, events = GAME.new_game_with_events(ids, {"red_tears": red_tears}, seed,
                                              dict(zip(ids, NAMES, strict=False)))
    yield from events
    rng = random.Random(seed)
    for _step in range(3000):
        owed = GAME.owed(state)
        if not owed:
            return
        player = owed[0].player
        legal = GAME.legal(state, player)
        yield from GAME.apply(state, player, rng.choice(legal) if legal else
                              GAME.default(state, player))


@cache
def events_by_kind() -> dict[str, list[Any]]:
    """Every event of twelve seeded whole games (2-4 players, with and without Red Tears)."""
    found: dict[str, list[Any]] = {}
    for seed in range(12):
        for event in _game(seed, 2 + seed % 3, seed % 2 == 0):
            found.setdefault(event.kind, []).append(event)
    return found


def _english_words(kind: str) -> set[str]:
    """The English runs of a kind's sentences (between placeholders), 8 characters or more."""
    words = set()
    for form in FORMS[kind]:
        for msgid in english(form):
            words |= {w.strip() for w in re.split(r"\{\w+\}", msgid) if len(w.strip()) >= 8}
    return words


def test_every_kind_the_engine_emits_has_its_sentences() -> None:
    kinds = events_by_kind()
    assert len(kinds) >= 35  # a whole game's worth: setup to end, fights, accidents, tears
    assert set(kinds) <= set(FORMS), f"kinds without sentences: {set(kinds) - set(FORMS)}"


def test_english_reads_as_the_engine_wrote_it() -> None:
    for kind, events in events_by_kind().items():
        for event in events:
            shown = PRESENTATION.event_text(event)
            if kind in REWORDED:
                assert shown.split(" ")[0] == event.text.split(" ")[0], (kind, shown)
                assert CARD.findall(shown) == CARD.findall(event.text)
            else:
                assert shown == event.text, (kind, shown)


def test_a_bought_gadget_is_named_and_the_end_gives_its_reason() -> None:
    buy = events_by_kind()["buy"][0]
    shown = PRESENTATION.event_text(buy)
    assert "/" not in shown.split(", paying")[0] and any(
        n in shown for n in ("Super Drill (", "Enhanced Power (", "Refining Capsule (",
                             "Support Drone ("))
    end = events_by_kind()["end"][0]
    assert "The game is over (" in PRESENTATION.event_text(end)


@pytest.mark.parametrize("lang", ["ja", "de"])
def test_japanese_and_german_say_every_kind_in_the_catalogs_words(lang: str) -> None:
    for kind, events in events_by_kind().items():
        english = _english_words(kind)
        for event in events[:40]:
            with texts.using(lang):
                shown = PRESENTATION.event_text(event)
            assert shown != event.text, (lang, kind, shown)
            left = [w for w in english if w in shown]
            assert not left, (lang, kind, shown, left)
            for name in NAMES:  # the names and the cards stay as they are
                if event.text.startswith(name + " "):
                    assert name in shown, (lang, kind, shown)
            assert sorted(CARD.findall(shown)) == sorted(CARD.findall(event.text)), (kind, shown)


def test_colours_and_reasons_are_the_catalogs_words() -> None:
    draw = Event("draw", "Ann Lee draws a blue card from deck 2.", None,
                 {"player": "p0", "deck": 2, "colour": "blue"})
    with texts.using("de"):
        assert PRESENTATION.event_text(draw) == "Ann Lee zieht eine Karte in blau von Stapel 2."
    with texts.using("ja"):
        assert PRESENTATION.event_text(draw) == "Ann Lee は山札 2 から青のカードを引く。"


def test_a_sentence_no_form_reads_is_shown_as_the_engine_wrote_it() -> None:
    """An engine change never shows half a translation: the English stays whole."""
    odd = Event("draw", "Ann Lee draws two cards at once.", None, {"player": "p0"})
    unknown = Event("quake", "The asteroid shakes.", None, {})
    with texts.using("ja"):
        assert PRESENTATION.event_text(odd) == odd.text
        assert PRESENTATION.event_text(unknown) == unknown.text


def test_no_cards_left_to_draw_is_said_too() -> None:
    """``no-cards`` (no card anywhere to draw) is too rare for the seeded games."""
    event = Event("no-cards", "Cleo and Dan can't draw: no cards are left in the decks or the "
                  "discard pile.", None, {"player": "p2"})
    assert PRESENTATION.event_text(event) == event.text
    with texts.using("de"):
        assert PRESENTATION.event_text(event).startswith("Cleo and Dan kann nicht ziehen")
