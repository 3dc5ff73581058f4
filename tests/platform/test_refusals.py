"""The engine's refusals in the reader's language (docs/i18n.md, "Engine refusals"): every
game's raised messages are extracted into its catalog (``scripts/i18n.py``, context ``engine
error``), and a refusal raised by a real illegal decision reads, under ``texts.using("de")``,
as the German template filled with the English message's own values."""

from __future__ import annotations

import ast
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import texts
from engine import GameError, get_game
from engine.registry import PACKAGES
from referee.messages.refusals import CONTEXT, refusal_words, templates
from texts.locales import TEMPLATES

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import i18n  # noqa: E402

#: decisions no game reads: each is refused by the parser, whatever the game
NONSENSE = ("", "frobnicate", "frobnicate 12", "zz-9 zz-9 zz-9", "pay=", "take 99", "play 999")


def _entries(domain: str, lang: str | None = None) -> dict[str, str]:
    path = TEMPLATES / f"{domain}.pot" if lang is None else \
        ROOT / "texts" / "locales" / lang / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as f:
        return {m.id: m.string for m in read_po(f) if m.context == CONTEXT}


@pytest.mark.parametrize("pkg", PACKAGES)
def test_every_games_catalog_holds_its_engines_refusals(pkg: str) -> None:
    found = _entries(pkg)
    assert len(found) >= 20, (pkg, len(found))
    assert sum("{0}" in m for m in found) >= 10, "an f-string's values are placeholders"
    assert "You're not playing in this game." in found


def _raise(source: str) -> Any:
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.Raise)
    return i18n.raised_message(node, {"IllegalDecision", "NotationError"})


def test_extraction_turns_an_f_string_into_a_numbered_template() -> None:
    assert _raise('raise IllegalDecision(f"The {a.crew} crew is not {who!r}.")') == \
        "The {0} crew is not {1}."
    assert _raise('raise NotationError(f"{n} tile{\'s\' if n > 1 else \'\'} {{x}}")') == \
        "{0} tile[s] {{x}}"
    assert _raise('raise IllegalDecision("Zones are numbered 1 to 4.")') == \
        "Zones are numbered 1 to 4."
    assert _raise("raise IllegalDecision(why)") is False  # built elsewhere: skipped
    assert _raise('raise IllegalDecision(f"{why}{end}.")') is False  # no words of its own
    assert _raise('raise ValueError("a programming error")') is None


def _refusals(pkg: str) -> set[str]:
    """Messages raised by real illegal decisions along a seeded game: nonsense, an outsider's
    decision, the owing player's legal decisions made by the others."""
    game = get_game(pkg.replace("_", "-"))
    players = [f"p{i}" for i in range(max(2, game.min_players))]
    state = game.new_game(players, {}, 7)
    rng, found = random.Random(7), set()

    def refused(fn: Any, *args: Any) -> None:
        try:
            fn(*args)
        except GameError as exc:
            found.add(str(exc))

    for _ in range(40):
        owed = game.owed(state)
        if not owed:
            break
        for text in NONSENSE:
            refused(game.parse, text)
        act = owed[0]
        legal = game.legal(state, act.player)
        for action in legal[:3]:
            refused(game.check, state, "outsider", action)
            for other in players:
                if other not in {o.player for o in owed}:
                    refused(game.check, state, other, action)
        state = game.clone(state)
        try:  # a default may need what only the referee adds (a race's times): the walk ends
            game.apply(state, act.player,
                       rng.choice(legal) if legal else game.default(state, act.player))
        except GameError as exc:
            found.add(str(exc))
            break
    return found


@pytest.mark.parametrize("pkg", PACKAGES)
def test_a_real_refusal_reads_as_the_german_template_with_its_values(pkg: str) -> None:
    german = _entries(pkg, "de")
    matched = 0
    for message in sorted(_refusals(pkg)):
        match = next(((p, t) for p, t in templates() if p.fullmatch(message)), None)
        if match is None:
            continue
        pattern, template = match
        values = pattern.fullmatch(message).groups()  # type: ignore[union-attr]
        matched += 1
        with texts.using("en"):
            assert refusal_words(message) == message
        with texts.using("de"):
            shown = refusal_words(message)
        assert shown == german[template].format(*values), (message, shown)
        assert shown != message and all(v in shown for v in values), (message, shown)
    assert matched >= 2, (pkg, sorted(_refusals(pkg)))


def test_an_unmatched_message_stays_as_it_is() -> None:
    with texts.using("de"):
        assert refusal_words("A sentence no engine raises.") == "A sentence no engine raises."
        # a template's words with more around them are not the template
        assert refusal_words("Well, Zones are numbered 1 to 4.") == "Well, Zones are numbered 1 to 4."


def test_the_longest_literal_template_wins_and_an_inflection_is_either_form() -> None:
    with texts.using("de"):
        assert refusal_words("'x' is not a square: squares run from A1 to G7.") == \
            "„x“ ist kein Feld: Die Felder reichen von A1 bis G7."
        one = refusal_words("Unknown option: foo (the one option is 'cards').")
        two = refusal_words("Unknown options: foo, bar (the one option is 'cards').")
    assert one.startswith("Unbekannte Option") and "foo" in one
    assert two.startswith("Unbekannte Option") and "foo, bar" in two
