"""white-ranium-notation.md: every verb parses and prints back the same (canonical) text."""

from __future__ import annotations

import pytest

from engine import NotationError

from ..conftest import G

CANONICAL = [
    "swap B2 C5", "done", "colour red", "rotate C2", "flip-long C2", "flip-short C2",
    "move C5", "collect", "steal blue", "loader 2 forward", "loader 2 back", "deliver D6 2",
    "tunnel E5", "transport E5", "end", "fight red-4", "card yellow-3", "place D2",
    "deliver A4 2 crew=white", "collect crew=red", "move C5 crew=blue", "steal red crew=yellow",
    "tunnel A1 crew=white", "transport F6 crew=red",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_every_verb_round_trips(text: str) -> None:
    action = G.parse(text)
    assert str(action) == text
    assert G.parse(str(action)) == action


def test_swap_is_canonical_by_column_then_row() -> None:
    """Notation: the two places sorted by column, then row."""
    assert str(G.parse("swap C5 B2")) == "swap B2 C5"
    assert str(G.parse("swap B5 B2")) == "swap B2 B5"


@pytest.mark.parametrize(("text", "fragment"), [
    ("", "Say what you do"), ("jump C2", "not a decision"), ("rotate G2", "not a place"),
    ("move", "write it like 'move C5'"), ("colour pink", "not a colour"),
    ("loader 4 forward", "1, 2 and 3"), ("loader 1 up", "forward"), ("deliver D6 3", "1 or 2"),
    ("fight red-7", "not a symbol card"), ("rotate C2 crew=red", "names no crew"),
    ("move C2 crew=green", "not a crew colour"), ("swap B2 B2", "two different places"),
])
def test_bad_text_gets_a_sentence(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment):
        G.parse(text)
