"""The rules shipped with the project (docs/rules/): every file splits into topics the bot can
show in one Discord message, every component (C), ruling (R) and project ruling (P) is there with
its number, and every notation file names every decision verb of its game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
MAX_TOPIC = 1900  # characters; a Discord message holds 2000
CHOICE_NAME = 100  # characters of an autocomplete choice's name (a translated topic's heading)
#: a translated file's heading carries the English topic's key: ``## 概要 {#overview}``
ANCHOR = re.compile(r"\{#([a-z0-9-]+)\}\s*$")

# How many items of each kind the authoritative rulings documents hold (counted there; the
# repository's users do not have those documents, so the counts are written down here).
COUNTS: dict[str, dict[str, int]] = {
    "stella-digger": {"C": 9, "R": 21, "P": 16},
    "mining-colony": {"C": 11, "R": 26},
    "white-ranium": {"C": 10, "R": 24},
    "out-of-mine": {"C": 7, "R": 17},
}

# Every decision verb of each game's notation.
VERBS: dict[str, tuple[str, ...]] = {
    "stella-digger": ("target", "draw", "mine", "refill", "buy", "drill", "exchange", "pass",
                      "return", "gold", "lose", "capsule", "fight", "decline", "lose-crystals"),
    "mining-colony": ("play", "refresh", "take", "place", "put", "stage", "discard", "buy",
                      "build", "exchange", "done"),
    "white-ranium": ("swap", "done", "colour", "rotate", "flip-long", "flip-short", "move",
                     "collect", "steal", "loader", "deliver", "tunnel", "transport", "end",
                     "fight", "card", "place"),
    "out-of-mine": ("side", "open", "dig"),
}

# An item is defined where its number stands in bold: "**R13**" or "**C8 The asteroid map**".
LABEL = re.compile(r"\*\*([CRP])(\d+)\b")


def topics(text: str) -> dict[str, str]:
    """The file's topics: each ``## `` heading with the text up to the next one; the text before
    the first heading is the topic ``""`` (the file's introduction)."""
    parts = re.split(r"^## +(.+?)\s*$", text, flags=re.MULTILINE)
    found = {"": parts[0]}
    for heading, body in zip(parts[1::2], parts[2::2], strict=True):
        # the bot looks topics up case-insensitively
        assert heading.lower() not in {h.lower() for h in found}, f"topic '{heading}' twice"
        keyed = ANCHOR.search(heading)
        if keyed:  # a translation: typed by its key, picked by its words (a choice's name)
            words = heading[:keyed.start()].strip()
            assert len(keyed[1]) <= 40 and len(words) <= CHOICE_NAME, (
                f"topic '{heading}' is too long for Discord's choice")
        else:
            assert len(heading) <= 40, f"topic name '{heading}' is too long to type"
        found[heading] = body
    return found


def rules_files() -> list[Path]:
    """The files the bot serves as topics (a glossary is the translators' reference)."""
    return sorted(p for p in DOCS.glob("*.md") if not p.name.endswith(".glossary.md"))


def test_every_game_has_its_two_files() -> None:
    names = {path.name for path in rules_files()}
    for game in COUNTS:
        assert f"{game}.md" in names
        assert f"{game}-notation.md" in names


@pytest.mark.parametrize("path", rules_files(), ids=lambda p: p.name)
def test_topics_fit_a_message(path: Path) -> None:
    found = topics(path.read_text(encoding="utf-8"))
    assert len(found) >= 4, f"{path.name} has too few ## topics"
    for heading, body in found.items():
        assert body.strip(), f"{path.name}: topic '{heading}' is empty"
        size = len(f"## {heading}\n{body}".strip())
        assert size <= MAX_TOPIC, f"{path.name}: topic '{heading or '(intro)'}' has {size} chars"


@pytest.mark.parametrize("game", sorted(COUNTS))
def test_numbered_items_are_all_there(game: str) -> None:
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    labels: dict[str, list[int]] = {}
    for kind, number in LABEL.findall(text):
        labels.setdefault(kind, []).append(int(number))
    assert set(labels) == set(COUNTS[game]), f"{game}: item kinds {sorted(labels)}"
    for kind, numbers in labels.items():
        highest = max(numbers)
        assert sorted(numbers) == list(range(1, highest + 1)), (
            f"{game}: {kind} items missing or repeated: {sorted(numbers)}")
        assert highest == COUNTS[game][kind], f"{game}: {kind}1-{kind}{highest}"


@pytest.mark.parametrize("game", sorted(COUNTS))
def test_game_file_has_the_required_topics(game: str) -> None:
    found = {heading.lower() for heading in topics((DOCS / f"{game}.md").read_text())}
    for required in ("overview", "setup", "hidden information", "defaults"):
        assert required in found, f"{game}.md has no '## {required}' topic"


@pytest.mark.parametrize("game", sorted(COUNTS))
def test_notation_names_every_verb(game: str) -> None:
    text = (DOCS / f"{game}-notation.md").read_text(encoding="utf-8")
    for verb in VERBS[game]:
        # a verb is written as code, alone or starting a decision: `verb` or `verb ...`
        assert re.search(rf"`{re.escape(verb)}[` ]", text), f"{game}: verb '{verb}' missing"


def test_topics_split_on_level_two_headings_only() -> None:
    found = topics("intro\n## One\na\n### sub\nb\n## Two\nc\n")
    assert found == {"": "intro\n", "One": "\na\n### sub\nb\n", "Two": "\nc\n"}
