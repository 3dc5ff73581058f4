"""The decision notation (out-of-mine-notation.md): parse/str round trips, canonical forms."""

from __future__ import annotations

import pytest

from engine import NotationError
from engine.out_of_mine.actions import Dig, Open, Side

from ..conftest import G


@pytest.mark.parametrize("text", [
    "side a", "side b", "open", "dig", "dig yellow:A5",
    "dig red-l:A2,A3,A4,B2 blue:A5,B5 white-v:E1,F1,G1,G2,G3",
    "dig yellow:A5@3.1 red-s:C5,D4,D5,E4@40.2 time=83.4",
    "dig time=0.0", "dig red-o/gold:A1,A2,B1,B2@12.0 time=12.0",
])
def test_canonical_text_round_trips(text: str) -> None:
    action = G.parse(text)
    assert str(action) == text and G.parse(str(action)) == action


def test_verbs() -> None:
    assert isinstance(G.parse("side a"), Side) and isinstance(G.parse("open"), Open)
    assert isinstance(G.parse("dig"), Dig) and G.parse("dig").tiles == ()


def test_tiles_and_squares_in_any_order_print_canonically() -> None:
    assert str(G.parse("dig red-s:D5,C5,E4,D4 yellow:A5")) == "dig yellow:A5 red-s:C5,D4,D5,E4"


def test_seconds_are_truncated_to_tenths_with_one_decimal() -> None:  # R6
    assert str(G.parse("dig yellow:A5@3.19 time=12")) == "dig yellow:A5@3.1 time=12.0"


@pytest.mark.parametrize("text, fragment", [
    ("", "Say what you decide"),
    ("side c", "side a or side b"),
    ("open now", "takes nothing"),
    ("dig white-w:A1,A2,A3,B3,B4", "'white-w' is not a tile kind"),
    ("dig blue:A5,H5", "'H5' is not a square"),
    ("dig blue", "KIND:SQUARES"),
    ("dig time=3.0 blue:A4,A5", "time= must be the last word"),
    ("dig blue:A4,A5@x", "seconds like 12.3"),
    ("call", "'call' is not a decision"),
])
def test_bad_text_is_refused_with_a_sentence(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment):
        G.parse(text)
