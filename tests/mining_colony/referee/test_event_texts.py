"""The engine's event sentences as players read them (issue 30): ``event_text`` says in English
what the engine's sentence says, and in Japanese and German a catalog sentence, for every kind
of event seeded whole games emit (engine only)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

import texts
from engine.core.rng import Rng, seed_state
from engine.mining_colony.ai import random_decision
from engine.mining_colony.setup import new_game
from games.mining_colony import PRESENTATION
from games.mining_colony.events import SAYS

from ..conftest import G

#: a name with a space, and one holding the words of a sentence: read whole from the engine's
NAMES = {"p0": "Ann Lee", "p1": "Bo places takes", "p2": "Cy", "p3": "Di Ho"}


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _game(players: int, seed: int) -> Iterator[Any]:
    ids = [f"p{i}" for i in range(players)]
    options = ({"difficulty": 1 + seed % 4, "free_undeveloped": bool(seed % 2)} if players == 1
               else {"side": "advanced" if seed % 2 else "standard"})
    state, setup = new_game(ids, options, seed, {p: NAMES[p] for p in ids})
    yield from setup
    rng = Rng(_Seed(seed))
    while not state.ended:
        owed = G.owed(state)
        who = owed[rng.below(len(owed))].player
        yield from G.apply(state, who, random_decision(G, state, who, rng))


@cache
def events() -> dict[str, list[Any]]:
    """Every event of 12 seeded games (1-4 players), by kind."""
    found: dict[str, list[Any]] = {}
    for players in (1, 2, 3, 4):
        for seed in range(3):
            for event in _game(players, seed):
                found.setdefault(event.kind, []).append(event)
    return found


def _said(text: str) -> list[str]:
    """A sentence's words, sorted, without articles and the word "tile" (the catalog's English
    says "the purple crystal", "the staged ...", "tile t5-06" where the log says "a purple
    crystal", "... from the staging area", "t5-06")."""
    text = text.replace("from the staging area", "staged")
    return sorted(w for w in re.findall(r"[\w'°-]+", text.lower())
                  if w not in {"a", "an", "the", "tile"})


def test_every_kind_the_games_emit_has_its_sentence() -> None:
    kinds = set(events())
    assert kinds <= set(SAYS), f"kinds without a sentence: {kinds - set(SAYS)}"
    assert {"setup", "discover", "draw", "bid", "reveal", "take", "place", "put", "discard",
            "buy", "build", "exchange", "done", "end"} <= kinds  # the games reach them


@pytest.mark.parametrize("kind", sorted(SAYS))
def test_english_says_what_the_engine_says(kind: str) -> None:
    for event in events().get(kind, []):
        with texts.using("en"):
            said = PRESENTATION.event_text(event)
        assert _said(said) == _said(event.text), (event.text, said)


@pytest.mark.parametrize("lang", ["ja", "de"])
@pytest.mark.parametrize("kind", sorted(SAYS))
def test_japanese_and_german_read_the_catalog(kind: str, lang: str) -> None:
    for event in events().get(kind, [])[:40]:
        with texts.using("en"):
            english = PRESENTATION.event_text(event)
        with texts.using(lang):
            said = PRESENTATION.event_text(event)
        assert said != english and said != event.text, (lang, said)
        if lang == "ja":
            assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", said), said
        player = event.data.get("player")
        if player in NAMES:  # the name is read whole from the engine's sentence
            assert NAMES[player] in said, (said, NAMES[player])


def test_a_sentence_the_engine_words_otherwise_stays_the_engines() -> None:
    from engine.core.events import Event

    odd = Event("place", "Something else happened.", None, {"player": "p0", "tile": "t1-01",
                                                            "square": "A1", "rotation": 0})
    with texts.using("de"):
        assert PRESENTATION.event_text(odd) == "Something else happened."
        assert PRESENTATION.event_text(Event("unheard", "As is.", None, {})) == "As is."
