"""Each game's rules topics in every language (issue 30, docs/i18n.md): a translated rules file
``docs/rules/<game>.<lang>.md`` keys each section by the English topic's key (``## 概要
{#overview}``), so ``topic:`` takes the same keys in every language and a reader picks a topic
by its heading in their own words."""

from __future__ import annotations

from pathlib import Path

import pytest

import games
import texts
from games import base
from games.base import parse_titles, parse_topics

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in texts.LOCALES if lang != texts.DEFAULT]
#: (game, language) whose rules are not translated yet: each must have no file yet, and the
#: set only shrinks (a translation that lands removes its line here)
PENDING: set[tuple[str, str]] = set()  # every game's rules are translated


def test_a_heading_may_carry_its_key_and_keeps_its_words() -> None:
    text = "## Überblick {#overview}\nZwei bis vier.\n### Die Runde {#a-round}\nZuerst.\n## Ende\nAus."
    topics = parse_topics(text)
    assert list(topics) == ["overview", "a-round", "ende"]
    assert topics["overview"] == "**Überblick**\nZwei bis vier."
    assert parse_titles(text) == {"overview": "Überblick", "a-round": "Die Runde", "ende": "Ende"}


def test_a_translated_topic_replaces_the_english_one_and_a_missing_one_stays_english(
        tmp_path, monkeypatch) -> None:
    present = games.get("stella-digger")
    english = present.topics()
    (tmp_path / "stella-digger.md").write_text(present.rules_file().read_text(encoding="utf-8"),
                                              encoding="utf-8")
    (tmp_path / "stella-digger.de.md").write_text("## Ende des Spiels {#end}\nWenn ...\n",
                                                  encoding="utf-8")
    monkeypatch.setattr(base, "RULES_DIR", tmp_path)
    with texts.using("de"):
        topics = present.topics()
        assert list(topics) == list(english)
        assert topics["end"] == "**Ende des Spiels**\nWenn ..."
        assert topics["mine"] == english["mine"]
        assert present.topic_titles()["end"] == "Ende des Spiels"
        assert present.topic_titles()["mine"] == "mine"
    with texts.using("en"):
        assert present.topics() == english


CASES = [(name, lang) for name in games.names() for lang in TRANSLATED]


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_every_topic_is_translated(name: str, lang: str) -> None:
    present = games.get(name)
    path = present.rules_file(lang)
    if (name, lang) in PENDING:
        assert not path.exists(), f"{path.name} exists: remove ({name!r}, {lang!r}) from PENDING"
        return
    english = present.topics()
    keys = list(parse_titles(path.read_text(encoding="utf-8")))
    assert sorted(set(keys)) == sorted(keys), f"{path.name}: a key twice"
    assert set(keys) <= set(english), f"{path.name}: keys the English has not: {set(keys) - set(english)}"
    with texts.using(lang):
        translated = present.topics()
    same = [k for k in english if translated[k] == english[k]]
    assert not same, f"{path.name}: topics still in English: {same}"
    too_long = [k for k, v in translated.items() if len(v) > 1900]
    assert not too_long, f"{path.name}: longer than a Discord message: {too_long}"


@pytest.mark.parametrize("name", games.names())
def test_every_game_keeps_a_glossary_of_its_terms_in_the_three_languages(name: str) -> None:
    """docs/rules/<game>.glossary.md: the terms the translations use, a row per term with its
    English, Japanese and German and where each comes from."""
    path = games.get(name).rules_file().with_suffix(".glossary.md")
    rows = [line for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("|") and not set(line) <= set("|-: ")]
    head = [cell.strip().lower() for cell in rows[0].strip("|").split("|")]
    assert head[:3] in (["english", "日本語", "deutsch"], ["english", "japanese", "german"])
    assert head[3].startswith("source")
    terms = [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[1:]]
    assert len(terms) >= 15, f"{path.name}: {len(terms)} terms"
    assert all(len(t) >= 4 and all(t[:3]) for t in terms), f"{path.name}: a row lacks a language"
