"""The turn prompt's line as players read it (issue 30): ``Presentation.prompt_text`` says what a
player must decide in the catalogs' language, built from the state
(games/mining_colony/prompts.py). Over seeded whole games (engine only), asked by every seat at
every decision, each branch is reached: a player's own bid (R6), the sealed bids still awaited
by another seat, a take (R8), a development turn (R9-R15), asked by a seat not on turn, and the
ended game. English reads as the engine's sentence; Japanese and German differ from it, keep
the names, the round and no English words of the game's catalog."""

from __future__ import annotations

import re
from functools import cache

import texts
from engine.core.rng import Rng, seed_state
from engine.mining_colony.ai import random_decision
from engine.mining_colony.setup import new_game
from engine.mining_colony.view import owed_pairs
from games.mining_colony import PRESENTATION
from games.mining_colony.prompts import WHAT
from tests.english import english_pieces as english

from ..conftest import G

NAMES = {"p0": "Ann Lee", "p1": "Bo", "p2": "Cy", "p3": "Di Ho"}

#: (branch, the names the line must hold, the engine's English, the line by language)
Line = tuple[str, tuple[str, ...], str, dict[str, str]]


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _branch(state: object, player: str) -> str:
    owed = dict(owed_pairs(state))  # type: ignore[arg-type]
    if not owed:
        return "ended"
    if player in owed:
        return owed[player]
    return "waiting" if state.phase == "bid" else "not on turn"  # type: ignore[attr-defined]


@cache
def prompt_lines() -> tuple[Line, ...]:
    """Every seat's line at every decision of eight seeded whole games (1-4 players)."""
    lines: list[Line] = []
    for players in (1, 2, 3, 4):
        for seed in range(2):
            ids = [f"p{i}" for i in range(players)]
            options = ({"difficulty": 1 + seed % 4} if players == 1
                       else {"side": "advanced" if seed % 2 else "standard"})
            state, _setup = new_game(ids, options, seed, {p: NAMES[p] for p in ids})
            rng = Rng(_Seed(seed))
            while True:
                owed = dict(owed_pairs(state))
                for pid in ids:
                    branch = _branch(state, pid)
                    names = tuple(state.player(p).name for p in (
                        owed if branch == "waiting" else [pid] if branch in WHAT
                        else list(owed)[:1]))
                    said = {}
                    for lang in ("en", "ja", "de"):
                        with texts.using(lang):
                            said[lang] = PRESENTATION.prompt_text(G, state, pid)
                    lines.append((branch, names, G.prompt(state, pid), said))
                if state.ended:
                    break
                who = G.owed(state)[rng.below(len(owed))].player
                G.apply(state, who, random_decision(G, state, who, rng))
    return tuple(lines)


def english_pieces(lang: str) -> frozenset[str]:
    """The English runs (8 characters or more between placeholders) of Mining Colony's catalog
    entries that ``lang`` translates differently."""
    return english(lang, "mining_colony", shortest=8)


def test_every_branch_is_reached() -> None:
    reached = {branch for branch, *_ in prompt_lines()}
    assert reached == set(WHAT) | {"waiting", "not on turn", "ended"}, reached


def test_english_reads_as_the_engine_wrote_it() -> None:
    for branch, _names, engine, said in prompt_lines():
        assert said["en"] == engine, (branch, said["en"])


def test_japanese_and_german_are_the_catalogs_sentences() -> None:
    for lang in ("ja", "de"):
        pieces = english_pieces(lang)
        assert len(pieces) > 100
        for branch, names, _engine, said in prompt_lines():
            shown = said[lang]
            assert shown != said["en"], (lang, branch, shown)
            assert all(name in shown for name in names), (lang, branch, shown)
            assert re.findall(r"\d+", shown) == re.findall(r"\d+", said["en"]), shown
            left = [p for p in pieces if p in shown]
            assert not left, (lang, branch, shown, left)
