"""The rules files ship with the code, so each is read and parsed once per process
(``games.base.rules_document``, keyed by path: each game and language its own entry), not on
every ``topics()`` / ``topic_titles()`` call (the rules command's topic autocomplete asks on
every keystroke); and what is cached cannot be changed by a caller."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import texts
from games import base
from games.base import Presentation, rules_document

ENGLISH = "## Overview\nTwo to four.\n## End of the game\nWhen the deck is out.\n"
GERMAN = "## Überblick {#overview}\nZwei bis vier.\n## Spielende {#end-of-the-game}\nWenn ...\n"
JAPANESE = "## 概要 {#overview}\n二人から四人。\n"


class Sample(Presentation):
    name, title = "sample", "Sample"
    builtin_topics = {"short": "The short reference."}


@pytest.fixture
def present(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Sample:
    """A game whose rules are in a fresh folder (so nothing of it is cached yet), in English,
    German and Japanese."""
    (tmp_path / "sample.md").write_text(ENGLISH, encoding="utf-8")
    (tmp_path / "sample.de.md").write_text(GERMAN, encoding="utf-8")
    (tmp_path / "sample.ja.md").write_text(JAPANESE, encoding="utf-8")
    monkeypatch.setattr(base, "RULES_DIR", tmp_path)
    return Sample()


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    reads: Counter[str] = Counter()
    read_text = Path.read_text

    def counted(self: Path, *args: Any, **kwargs: Any) -> str:
        reads[self.name] += 1
        return read_text(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", counted)
    return reads


def test_each_rules_file_is_read_once_per_process(present: Sample,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    reads = _count_reads(monkeypatch)
    for lang in ("en", "de", "ja", "de", "en", "ja"):
        with texts.using(lang):
            for _ in range(3):
                present.topics()
                present.topic_titles()
                present.rules_text("overview")
    assert reads == {"sample.md": 1, "sample.de.md": 1, "sample.ja.md": 1}


def test_a_cached_file_is_served_as_first_read(present: Sample) -> None:
    with texts.using("de"):
        first = present.topics(), present.topic_titles()
    (base.RULES_DIR / "sample.de.md").write_text("## Anders {#overview}\nAnders.\n",
                                                 encoding="utf-8")
    with texts.using("de"):
        assert (present.topics(), present.topic_titles()) == first
        assert present.topic_titles()["end-of-the-game"] == "Spielende"


def test_each_language_is_its_own_entry(present: Sample) -> None:
    with texts.using("de"):
        assert present.topic_titles() == {"short": "short", "overview": "Überblick",
                                          "end-of-the-game": "Spielende"}
    with texts.using("ja"):
        assert present.topic_titles() == {"short": "short", "overview": "概要",
                                          "end-of-the-game": "end-of-the-game"}
        assert present.topics()["overview"] == "**概要**\n二人から四人。"
        assert present.topics()["end-of-the-game"] == "**End of the game**\nWhen the deck is out."
    assert present.topic_titles() == {"short": "short", "overview": "overview",
                                      "end-of-the-game": "end-of-the-game"}


def test_a_caller_cannot_change_what_is_cached(present: Sample) -> None:
    for lang in ("en", "de"):
        with texts.using(lang):
            topics, titles = present.topics(), present.topic_titles()
            expected = dict(topics), dict(titles)
            topics["overview"] = "changed"
            topics.pop("end-of-the-game")
            titles["overview"] = "changed"
            titles.clear()
            assert (present.topics(), present.topic_titles()) == expected
    parsed = rules_document(present.rules_file("de"))
    with pytest.raises(TypeError):
        parsed.topics["overview"] = "changed"  # type: ignore[index]
    with pytest.raises(TypeError):
        parsed.titles["overview"] = "changed"  # type: ignore[index]
    assert parsed.titles["overview"] == "Überblick"


def test_a_missing_rules_file_has_no_topics(present: Sample) -> None:
    (base.RULES_DIR / "sample.md").unlink()
    assert present.topics() == {"short": "The short reference."}
    assert not rules_document(base.RULES_DIR / "nothing.md").topics
