"""White Ranium's event sentences (issue 30, games/white_ranium/events.py): over seeded whole
games (the engine alone), every kind of event the engine emits is said by the game in English
as the engine says it (cards as players read them: ``red 4`` for ``red-4``), and in Japanese
and German in the catalogs' words, the names standing where the engine put them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

import pytest

import games
import texts
from engine import Event
from engine.core.rng import Rng, seed_state
from engine.white_ranium.ai import random_decision
from games.white_ranium.events import SAYS, sentence

from ..conftest import G

PRESENT = games.get("white-ranium")
#: names that look like the engine's own words, to show a name is read whole
NAMES = {"p0": "Ann's crew", "p1": "Bob moved", "p2": "Cy: 3", "p3": "Dee"}
#: (players, card mode, seed): between them every kind of event (the test checks it)
GAMES = ((2, "strategy", 3), (3, "luck", 1), (4, "standard", 2), (3, "strategy", 5))


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _game(n: int, cards: str, seed: int) -> Iterator[Event]:
    """A whole random game's events; the first time a turn may end early, it does."""
    players = [f"p{i}" for i in range(n)]
    state, events = G.setup(players, {"cards": cards}, seed, {p: NAMES[p] for p in players})
    yield from events
    rng, ended = Rng(_Seed(seed + 1)), False
    for _ in range(2000):
        owed = G.owed(state)
        if not owed:
            return
        player = owed[rng.below(len(owed))].player
        legal = [str(a) for a in G.legal(state, player)]
        action = "end" if "end" in legal and not ended else random_decision(G, state, player, rng)
        ended = ended or action == "end"
        yield from G.apply(state, player, action)


@lru_cache(maxsize=1)
def events() -> dict[tuple[str, bool], list[Event]]:
    """Up to 12 events of each kind (public and private apart) over the seeded games."""
    found: dict[tuple[str, bool], list[Event]] = {}
    for game in GAMES:
        for e in _game(*game):
            some = found.setdefault((e.kind, e.to is None), [])
            if len(some) < 12:
                some.append(e)
    return found


def _read(text: str) -> str:
    """The engine's sentence with its cards as players read them."""
    return re.sub(r"\b(white|red|blue|yellow)-(\d)\b", r"\1 \2", text)


def test_the_games_cover_every_kind_the_game_says() -> None:
    kinds = {kind for kind, _public in events()}
    assert kinds == set(SAYS)
    assert ("commit", False) in events()  # the fighter's own, private


def test_english_says_what_the_engine_says() -> None:
    with texts.using("en"):
        for (kind, _public), some in events().items():
            for e in some:
                said = PRESENT.event_text(e)
                if kind == "setup":  # the mode in words: "played luck (the turned card ...)"
                    assert said.split(" The symbol cards")[0] == e.text.split(" The symbol")[0]
                    assert "'" not in said.rpartition("played ")[2]
                else:
                    assert said == _read(e.text), kind


@pytest.mark.parametrize("lang", ["ja", "de"])
def test_japanese_and_german_say_every_event_in_their_words(lang: str) -> None:
    for (kind, _public), some in events().items():
        for e in some:
            with texts.using("en"):
                english = PRESENT.event_text(e)
            with texts.using(lang):
                said = PRESENT.event_text(e)
            assert said != english and said != e.text, (kind, said)
            for name in NAMES.values():  # a name in the engine's sentence stays whole
                assert (name in e.text) <= (name in said), (kind, said)
            for word in ("crew", "White Ranium", "turn", "fight card", "markers"):
                assert word not in said.replace("Ann's crew", ""), (kind, said)


def test_a_sentence_of_another_form_is_shown_as_the_engine_wrote_it() -> None:
    odd = Event("move", "Somebody did something new.", None, {"crew": "red", "frm": "A1",
                                                               "to": "A2"})
    with texts.using("de"):
        assert sentence(odd) == "Somebody did something new."
        assert sentence(Event("dance", "ann dances.", None, {})) == "ann dances."
