"""The decision notation (stella-digger-notation.md): parse, print, round-trip, clear errors."""

from __future__ import annotations

import pytest

from engine import NotationError
from engine.stella_digger.actions import Buy, Drill, Mine, Refill, parse

# Every example line of the notation document, in canonical form.
DOCUMENT_EXAMPLES = [
    "target B1", "draw 2", "mine blue-4", "mine blue-4 super=pink", "mine pink-3 boost=green-3",
    "refill", "refill discard=blue-1,pink-2", "buy super-drill/blue pay=blue,blue,pink",
    "drill C3 up pay=blue,green,pink", "exchange blue>pink", "pass", "return blue,pink",
    "gold pink,pink", "lose blue-2", "capsule green", "fight pink-4",
    "fight pink-3 boost=green-1", "decline", "lose-crystals blue,blue",
]


@pytest.mark.parametrize("text", DOCUMENT_EXAMPLES)
def test_document_examples_round_trip(text: str) -> None:
    assert str(parse(text)) == text
    assert parse(str(parse(text))) == parse(text)


def test_lists_are_printed_in_canonical_order() -> None:
    assert str(parse("buy support-drone/pink super-drill/blue pay=pink,blue,green,blue,pink")) == \
        "buy super-drill/blue support-drone/pink pay=blue,blue,green,pink,pink"
    assert str(parse("refill discard=pink-2,blue-1")) == "refill discard=blue-1,pink-2"
    assert str(parse("mine blue-4 boost=green-3 super=pink")) == "mine blue-4 super=pink boost=green-3"
    assert parse("return pink,blue") == parse("return blue,pink")
    assert str(parse("target b1")) == "target B1"


def test_parsed_values() -> None:
    assert parse("mine blue-4 super=pink boost=green-3") == Mine("blue-4", "pink", "green-3")
    assert parse("refill discard=blue-1,blue-1") == Refill(("blue-1", "blue-1"))
    assert parse("buy enhanced-power/green pay=blue,blue,blue") == Buy(
        ("enhanced-power/green",), ("blue", "blue", "blue"))
    assert parse("drill G1 left pay=purple,purple,purple") == Drill("G1", "left", ("purple",) * 3)


@pytest.mark.parametrize("text,fragment", [
    ("", "empty"),
    ("mne blue-4", "don't know the decision 'mne'"),
    ("mine blue-5", "not a drill card"),
    ("mine", "Name the card"),
    ("mine blue-4 super=black", "not a colour"),
    ("mine blue-4 turbo=pink", "don't understand 'turbo=pink'"),
    ("mine blue-4 super=pink super=green", "given twice"),
    ("target Z9", "not a square"),
    ("target", "exactly one"),
    ("draw 4", "not a deck"),
    ("buy super-drill/blue", "which crystals pay"),
    ("buy pay=blue", "Name the gadgets"),
    ("buy laser/blue pay=blue", "not a gadget"),
    ("drill C3 north pay=blue,blue,blue", "not a direction"),
    ("drill C3 up", "square, the direction and the payment"),
    ("exchange blue-pink", "GIVE>GET"),
    ("return blue,,pink", "empty entry"),
    ("pass now", "takes nothing"),
    ("refill discard=", "empty"),
])
def test_malformed_text_is_refused_with_a_reason(text: str, fragment: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text)
    assert fragment in str(info.value)
