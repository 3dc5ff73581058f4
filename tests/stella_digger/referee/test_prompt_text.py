"""The turn prompt's line as players read it (issue 30): ``Presentation.prompt_text`` says what
the owing player must decide in the catalogs' language, built from the state
(games/stella_digger/prompts.py), one sentence per decision step of the engine. Over seeded
whole games (engine only) every step is reached; English reads as the engine's sentence (a few
in plainer words: Refill Hand named, one card or crystal in the singular), Japanese and German
differ from it, keep the player's name, squares and numbers, and hold no English words of the
game's catalog."""

from __future__ import annotations

import random
import re
from functools import cache

import texts
from engine.stella_digger.game import GAME
from engine.stella_digger.rounds.flow import owed
from engine.stella_digger.rounds.steps import DECISIONS
from games.stella_digger import PRESENTATION
from games.stella_digger.prompts import STEPS
from tests.english import english_pieces as english

NAMES = ("Ann Lee", "Bob", "Cleo", "Eve")
#: steps whose English is said in other words than the engine's (the same facts)
REWORDED = {"turn": "Refill Hand named as the action", "refill": "one card in the singular",
            "setup_draw": "one card in the singular", "gold": "one crystal in the singular",
            "lose_crystals": "one crystal in the singular", "return": "one crystal in the singular"}
FACTS = re.compile(r"[A-H]\d|\d+")  # squares and numbers: kept in every language

Line = tuple[str, str, str, dict[str, str]]  # (step, owing player's name, engine's English, by language)


@cache
def prompt_lines() -> tuple[Line, ...]:
    """Every decision's line in en, ja and de over twelve seeded whole games (2-4 players,
    with and without Red Tears), and the ended game's."""
    lines: list[Line] = []
    for seed in range(12):
        players = 2 + seed % 3
        ids = [f"p{i}" for i in range(players)]
        state = GAME.new_game(ids, {"red_tears": seed % 2 == 0}, seed,
                              dict(zip(ids, NAMES, strict=False)))
        rng = random.Random(seed)
        while True:
            frame = owed(state)
            step = frame.step if frame else "ended"
            pid = state.players[frame.seat].id if frame else ids[0]
            name = state.players[frame.seat].name if frame else ""
            said = {}
            for lang in ("en", "ja", "de"):
                with texts.using(lang):
                    said[lang] = PRESENTATION.prompt_text(GAME, state, pid)
            lines.append((step, name, GAME.prompt(state, pid), said))
            if frame is None:
                break
            legal = GAME.legal(state, pid)
            GAME.apply(state, pid, rng.choice(legal) if legal else GAME.default(state, pid))
    return tuple(lines)


def english_pieces(lang: str) -> frozenset[str]:
    """The English runs (8 characters or more between placeholders) of Stella Digger's catalog
    entries that ``lang`` translates differently."""
    return english(lang, "stella_digger", shortest=8)


def test_every_decision_step_has_its_sentence_and_is_reached() -> None:
    assert set(STEPS) == set(DECISIONS), "a decision step without its sentence (prompts.py)"
    reached = {step for step, *_ in prompt_lines()}
    assert reached == set(STEPS) | {"ended"}, f"never reached: {set(STEPS) - reached}"


def test_english_reads_as_the_engine_wrote_it() -> None:
    for step, name, engine, said in prompt_lines():
        if step in REWORDED:
            assert said["en"].startswith(f"{name} must "), said["en"]
            assert FACTS.findall(said["en"]) == FACTS.findall(engine), (said["en"], engine)
        else:
            assert said["en"] == engine, (step, said["en"])
    assert any("refill their hand" in s["en"] for step, *_, s in prompt_lines() if step == "turn")


def test_japanese_and_german_are_the_catalogs_sentences() -> None:
    for lang in ("ja", "de"):
        pieces = english_pieces(lang)
        assert len(pieces) > 150
        for step, name, _engine, said in prompt_lines():
            shown = said[lang]
            assert shown != said["en"], (lang, step, shown)
            assert name in shown, (lang, step, shown)
            left = [p for p in pieces if p in shown]
            assert not left, (lang, step, shown, left)
            assert sorted(FACTS.findall(shown)) == sorted(FACTS.findall(said["en"])), shown
