"""Out of Mine!'s event sentences (games/out_of_mine/events.py, issue 30): every kind the engine
emits over seeded whole games reads in English as the engine wrote it, and in Japanese and German
as the catalog's words, never the engine's English; the names and the notation pass through."""

from __future__ import annotations

from typing import Any

import pytest

import games
import texts
from engine import Event, get_game
from engine.core.rng import Rng, seed_state
from engine.out_of_mine import ai
from games.out_of_mine import events

from ..conftest import FULL_1A, stamp_all, table

G = get_game("out-of-mine")
#: a race on sides 1a and 4a with cards 1 and 4 (as test_rules_dig.py's race table)
RACE: dict[str, Any] = {"boards": {"ann": "1a", "bob": "4a"}, "deck": [1, 4]}
PRESENT = games.get("out-of-mine")
#: names that look like the engine's own separators ("c: d", "x (y)"), so a sentence that
#: reads names back by its pattern is tested on the hard ones
NAMES = ["Ann", "c: d", "Bob Lee", "x; y"]


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _games() -> list[Event]:
    """Every event of twelve seeded whole games (options varied, 2-4 players; some players
    dig the easy AI's way, so boards get complete and calls happen), and of a scenario's
    call (R10)."""
    found: list[Event] = []
    for seed in range(12):
        options = {"race": seed % 2 == 0, "elves": seed % 3 == 0, "finds": seed % 4 < 2}
        players = NAMES[:2 + seed % 3]
        state, evs = G.new_game_with_events(players, options, seed)
        found += evs
        rng = Rng(_Holder(seed + 1))
        while G.owed(state):
            owed = G.owed(state)
            who = owed[rng.below(len(owed))].player
            if who == "Ann":
                action = ai.heuristic(G, G.view(state, who), who, None, rng)
            else:
                action = ai.random_decision(G, state, who, rng)
            found += G.apply(state, who, action)
    return found + _call_events()


@pytest.fixture(scope="module")
def played() -> list[Event]:
    return _games()


def test_english_sentences_are_the_engines(played: list[Event]) -> None:
    kinds = {e.kind for e in played}
    assert {"start", "round", "side", "draw", "open", "card", "commit", "dig", "reveal",
            "score", "call", "exchange", "end"} <= kinds
    with texts.using("en"):
        for e in played:
            assert PRESENT.event_text(e) == e.text, e.kind


def test_every_kind_has_its_sentence_and_none_falls_back(played: list[Event]) -> None:
    assert {e.kind for e in played} <= set(events.SENTENCES)
    fell = [e.text for e in played if events.SENTENCES[e.kind](e) is None]
    assert not fell


@pytest.mark.parametrize("lang", ["ja", "de"])
def test_japanese_and_german_say_every_kind_in_their_words(played: list[Event],
                                                           lang: str) -> None:
    with texts.using(lang):
        for e in played:
            said = PRESENT.event_text(e)
            assert said != e.text, (lang, e.kind, said)
            for name in NAMES:  # a name in the engine's sentence is in the translation too
                if e.text.startswith(name + " "):
                    assert name in said, (lang, e.kind, said)
            if e.kind == "dig":
                assert e.data["dig"] in said  # the notation stays as it is


def _call_events() -> list[Event]:
    """A race's call that cuts a slower board's tiles (R6, R10): the events of its reveal."""
    state, _result = table(options={"race": True}, actions=[("ann", "open"), ("bob", "open")],
                           **RACE)
    slow = "dig green-i:C1,C2,C3@50.0 red-i:E1,E2,E3,E4@150.0 time=160.0"
    found = G.apply(state, "ann", G.parse(stamp_all(FULL_1A, 100.0, 10.0)))
    return found + G.apply(state, "bob", G.parse(slow))


def test_a_call_and_a_cut_read_in_every_language() -> None:
    evs = _call_events()
    call = next(e for e in evs if e.kind == "call")
    scores = [e for e in evs if e.kind == "score"]
    with texts.using("en"):
        assert PRESENT.event_text(call) == call.text
        assert [PRESENT.event_text(e) for e in scores] == [e.text for e in scores]
    with texts.using("de"):
        assert "OUT OF MINE!" in PRESENT.event_text(call)
        assert PRESENT.event_text(call) != call.text
        assert all(PRESENT.event_text(e) != e.text for e in scores)


def test_a_sentence_the_engine_words_differently_is_shown_as_the_engine_wrote_it() -> None:
    odd = Event("open", "Ann flipped a card over.", None, {"player": "ann"})
    with texts.using("ja"):
        assert PRESENT.event_text(odd) == "Ann flipped a card over."
    unknown = Event("mystery", "Something new.", None, {})
    with texts.using("de"):
        assert PRESENT.event_text(unknown) == "Something new."


def test_a_reshuffle_and_a_forced_side_read_in_german() -> None:
    reshuffle = Event("reshuffle", "The deck was empty: the discard pile is shuffled into a "
                      "new deck.", None, {"cards": 12})
    forced = Event("side", "Ann got board 3 back after playing 3a, so they play 3b.", None,
                   {"player": "ann", "side": "3b", "forced": True})
    with texts.using("en"):
        assert [PRESENT.event_text(e) for e in (reshuffle, forced)] == [reshuffle.text,
                                                                         forced.text]
    with texts.using("de"):
        said = PRESENT.event_text(forced)
        assert said != forced.text and "Ann" in said and "3a" in said and "3b" in said
        assert PRESENT.event_text(reshuffle) != reshuffle.text

