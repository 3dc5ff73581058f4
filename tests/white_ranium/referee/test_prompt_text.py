"""White Ranium's turn prompt in players' words (issue 30, games/white_ranium/prompts.py): over
seeded whole games (the engine alone), every kind of decision the engine prompts for, and the
game's end, is said by the game in English as the engine says it (cards in words: ``red 4``
for ``red-4``), and in Japanese and German in the catalog's words (none of its English left),
the player's name standing in it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

import pytest

import games
import texts
from engine.core.rng import Rng, seed_state
from engine.white_ranium.ai import random_decision
from engine.white_ranium.flow import owed
from engine.white_ranium.state import State
from tests.english import english_pieces

from ..conftest import G

PRESENT = games.get("white-ranium")
NAMES = {"p0": "Ann", "p1": "Bob", "p2": "Cy", "p3": "Dee"}
#: (players, card mode, seed): between them every kind of decision (the test checks it)
GAMES = ((2, "strategy", 3), (3, "luck", 1), (4, "standard", 2), (3, "strategy", 5))
KINDS = {"swap", "colour", "action", "free-action", "fight", "card", "place", "over"}


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _said(state: State, player: str | None) -> dict[str, str]:
    """The engine's sentence and the game's in each language, for ``player``."""
    said = {"engine": G.prompt(state, player)}
    for lang in ("en", "ja", "de"):
        with texts.using(lang):
            said[lang] = PRESENT.prompt_text(G, state, player)  # type: ignore[arg-type]
    return said


def _game(n: int, cards: str, seed: int) -> Iterator[tuple[str, str, dict[str, str]]]:
    """(decision kind, player's name, what is said) for every owing player before each decision
    of a whole random game (a turn ended early once), then the end's."""
    players = [f"p{i}" for i in range(n)]
    state, _events = G.setup(players, {"cards": cards}, seed, {p: NAMES[p] for p in players})
    rng, ended = Rng(_Seed(seed + 1)), False
    for _ in range(2000):
        found = owed(state)
        if not found:
            break
        for seat, kind in found:
            yield kind, state.players[seat].name, _said(state, state.players[seat].id)
        player = G.owed(state)[rng.below(len(found))].player
        legal = [str(a) for a in G.legal(state, player)]
        action = "end" if "end" in legal and not ended else random_decision(G, state, player, rng)
        ended = ended or action == "end"
        G.apply(state, player, action)
    assert state.ended
    yield "over", "", _said(state, None)


@lru_cache(maxsize=1)
def prompts() -> dict[str, list[tuple[str, dict[str, str]]]]:
    """Up to 40 prompts of each kind over the seeded games."""
    found: dict[str, list[tuple[str, dict[str, str]]]] = {}
    for game in GAMES:
        for kind, name, said in _game(*game):
            some = found.setdefault(kind, [])
            if len(some) < 40:
                some.append((name, said))
    return found


def _english(lang: str) -> frozenset[str]:
    """The English words of every entry of the game's catalog translated differently in
    ``lang``: each run between placeholders of 12 characters or more."""
    return english_pieces(lang, "white_ranium")


def test_the_games_reach_every_kind_of_decision() -> None:
    assert set(prompts()) == KINDS


def test_english_says_what_the_engine_says() -> None:
    for kind, some in prompts().items():
        for _name, said in some:
            assert said["en"] == re.sub(r"\b(white|red|blue|yellow)-(\d)\b", r"\1 \2",
                                        said["engine"]), kind
    place = [said for _name, said in prompts()["place"]]
    assert any(re.search(r"for (white|red|blue|yellow) \d", s["en"]) for s in place)


def test_a_player_not_owing_reads_the_first_owing_players_decision() -> None:
    state, _events = G.setup(["p0", "p1"], {"cards": "standard"}, 3, {"p0": "Ann", "p1": "Bob"})
    owing = owed(state)[0]
    other = next(p.id for i, p in enumerate(state.players) if i != owing[0])
    with texts.using("de"):
        assert PRESENT.prompt_text(G, state, other) == PRESENT.prompt_text(
            G, state, state.players[owing[0]].id)


@pytest.mark.parametrize("lang", ["ja", "de"])
def test_japanese_and_german_say_every_decision_in_their_words(lang: str) -> None:
    english = _english(lang)
    assert "must choose a fight card in secret." in english  # the prompts' own entries are in
    for kind, some in prompts().items():
        for name, said in some:
            assert said[lang] != said["engine"] and said[lang] != said["en"], (kind, said)
            assert name in said[lang], (kind, said[lang])
            left = [piece for piece in english if piece in said[lang]]
            assert not left, (kind, said[lang], left)
            assert not re.search(r"\b(white|red|blue|yellow)-\d\b", said[lang])  # no notation
