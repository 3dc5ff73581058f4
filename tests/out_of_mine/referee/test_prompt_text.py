"""Out of Mine!'s turn prompt in players' words (issue 30, games/out_of_mine/prompts.py): over
seeded whole games (the engine alone, race on and off), every decision the engine prompts for
(a side, R4; an open, R6; a dig, R7), a player owing nothing and the game's end are said by the
game in English as the engine says them (a board side in words: "board 3, side a" for "3a"),
and in Japanese and German in the catalog's words (none of its English left), the player's
name standing in them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

import pytest

import games
import texts
from engine import get_game
from engine.core.rng import Rng, seed_state
from engine.out_of_mine import ai
from engine.out_of_mine.state import State
from tests.english import english_pieces

G = get_game("out-of-mine")
PRESENT = games.get("out-of-mine")
NAMES = ["Ann", "Bob", "Cy"]
KINDS = {"side", "open", "dig", "nothing", "over"}


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _said(state: State, player: str | None) -> dict[str, str]:
    said = {"engine": G.prompt(state, player)}
    for lang in ("en", "ja", "de"):
        with texts.using(lang):
            said[lang] = PRESENT.prompt_text(G, state, player)  # type: ignore[arg-type]
    return said


def _game(seed: int) -> Iterator[tuple[str, str, dict[str, str]]]:
    """(decision, player's name, what is said) for every player before each decision of a
    seeded whole game ("nothing" for a player owing none), then the end's."""
    options = {"race": seed % 2 == 0, "elves": False, "finds": False}
    players = NAMES[:2 + seed % 2]
    state, _events = G.new_game_with_events(players, options, seed)
    rng = Rng(_Holder(seed + 1))
    while G.owed(state):
        owed = {o.player: o.decision for o in G.owed(state)}
        for p in state.players:
            yield owed.get(p.id, "nothing"), p.name, _said(state, p.id)
        who = list(owed)[rng.below(len(owed))]
        G.apply(state, who, ai.random_decision(G, state, who, rng))
    yield "over", "", _said(state, None)


@lru_cache(maxsize=1)
def prompts() -> dict[str, list[tuple[str, dict[str, str]]]]:
    """Up to 40 prompts of each kind over four seeded games."""
    found: dict[str, list[tuple[str, dict[str, str]]]] = {}
    for seed in range(4):
        for kind, name, said in _game(seed):
            some = found.setdefault(kind, [])
            if len(some) < 40:
                some.append((name, said))
    return found


def _english(lang: str) -> frozenset[str]:
    """The English words of every entry of the game's catalog translated differently in
    ``lang``: each run between placeholders of 12 characters or more."""
    return english_pieces(lang, "out_of_mine")


def test_the_games_reach_every_decision() -> None:
    assert set(prompts()) == KINDS


def test_english_says_what_the_engine_says_with_the_board_side_in_words() -> None:
    for kind, some in prompts().items():
        for _name, said in some:
            assert said["en"] == re.sub(r" on (\d+)([ab])\.$", r" on board \1, side \2.",
                                        said["engine"]), kind
    assert all(", side " in said["en"] for _name, said in prompts()["dig"])


def test_no_player_named_is_the_first_owing_players_decision() -> None:
    state, _events = G.new_game_with_events(NAMES[:2], {"race": True}, 1)
    first = G.owed(state)[0].player
    with texts.using("ja"):
        assert PRESENT.prompt_text(G, state, None) == PRESENT.prompt_text(G, state, first)


@pytest.mark.parametrize("lang", ["ja", "de"])
def test_japanese_and_german_say_every_decision_in_their_words(lang: str) -> None:
    english = _english(lang)
    assert "must commit their dig on board" in english  # the prompts' own entries are in
    for kind, some in prompts().items():
        for name, said in some:
            assert said[lang] != said["engine"] and said[lang] != said["en"], (kind, said)
            assert name in said[lang], (kind, said[lang])
            left = [piece for piece in english if piece in said[lang]]
            assert not left, (kind, said[lang], left)
            assert not re.search(r"\d[ab]\b", said[lang]), said[lang]  # the side in words
