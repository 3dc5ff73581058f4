"""The game registry (engine/registry.py, read by games/): one line per game, presentations
found by name, rules topics from docs/rules/<game>.md, and referee/, cogs/, db/ naming no game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
import games
from games import base
from games.base import Presentation, parse_topics, slug

ROOT = Path(__file__).resolve().parents[2]
# Words only a game's own packages may say (Stella Digger's components and options).
GAME_WORDS = ("stella-digger", "stella_digger", "Stella Digger", "red_tears", "Red Tears",
              "crystal", "gadget", "monster", "drill")


def test_every_registered_game_has_an_engine_and_names_itself() -> None:
    assert games.DEFAULT in games.names()
    for name in games.names():
        assert name in engine.GAMES
        present = games.get(name)
        assert present.name == name and present.title
    with pytest.raises(KeyError, match="The games are: .*stella-digger"):
        games.get("chess")
    assert games.get(None) is games.get(games.DEFAULT)


def test_the_registry_is_one_line_per_game() -> None:
    text = (ROOT / "engine" / "registry.py").read_text()
    for pkg in games.REGISTERED:
        assert len(re.findall(rf'^\s+"{pkg}",$', text, re.M)) == 1


@pytest.mark.parametrize("folder", ["referee", "cogs", "db"])
def test_the_bot_layers_name_no_game(folder: str) -> None:
    packages = "|".join(p.replace("-", "_") for p in engine.GAMES)
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if re.search(rf"engine\.({packages})\b", text):
            found.append(f"{path.name}: imports a game package")
        for word in GAME_WORDS:
            if word.lower() in text.lower():
                found.append(f"{path.name}: says {word!r}")
    assert found == []


MARKDOWN = """# Game

## Components
- C1 one
### Decisions and defaults
- R17 decide
## Sources
"""


def test_rules_topics_come_from_the_headings() -> None:
    topics = parse_topics(MARKDOWN)
    assert list(topics) == ["components", "decisions-and-defaults", "sources"]
    assert topics["decisions-and-defaults"].startswith("**Decisions and defaults**\n- R17")
    assert slug("  R5: A round ") == "r5-a-round"


def test_a_presentation_serves_its_rules_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "RULES_DIR", tmp_path)

    class Sample(Presentation):
        name, title = "sample", "Sample"
        builtin_topics = {"overview": "The short overview."}

    (tmp_path / "sample.md").write_text(MARKDOWN)
    present = Sample()
    assert list(present.topics()) == ["overview", "components", "decisions-and-defaults", "sources"]
    assert present.rules_text(None) == "The short overview."
    assert "R17" in present.rules_text("Decisions and defaults")
    assert present.rules_text("nope").startswith("Unknown topic 'nope'. Topics: overview,")


def test_stella_rules_keep_their_topics() -> None:
    present = games.get("stella-digger")
    assert "R19" in present.rules_text("scoring")
    assert {"overview", "scoring", "notation", "commands"} <= set(present.topics())


def test_default_presentation_hides_every_decision_text() -> None:
    class Bare(Presentation):
        name, title = "bare", "Bare"

    assert Bare().private("bid 3") and Bare().label("lose-crystals") == "Lose crystals…"
    assert Bare().cmd("do") == "/game do" and games.get("stella-digger").cmd("do") == "/stella do"
