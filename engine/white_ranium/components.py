"""The components (C1-C7, C9, C10 of docs/rules white-ranium.md) read from components.json, and
the mine card as one integer.

A card on the board is an ``int``: bits 0-3 the visible face's exits (u=1, r=2, d=4, l=8), bits
4-5 its colour (C1 index), bits 6-9 and 10-11 the same for the hidden face (what a turn over the
long side would show now, R9), bits 12-14 the symbol (0: none, else 2-6). So a card always has
exactly two faces and one orientation, and the three turns (R9) are bit operations.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DATA: dict[str, Any] = json.loads(Path(__file__).with_name("components.json").read_text("utf-8"))

COLOURS: tuple[str, ...] = tuple(_DATA["colours"])  # C1 order
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
BASES: dict[str, str] = dict(_DATA["bases"])  # C8: crew colour -> its crossing's place
RING_CARDS: tuple[tuple[str, str, str, int], ...] = tuple(
    (c[0], c[1], c[2], int(c[3])) for c in _DATA["ring_cards"])  # C4
SYMBOLS: tuple[int, ...] = tuple(_DATA["symbols"])  # C5
LOADER_STARTS: tuple[int, ...] = tuple(_DATA["loader_starts"][k] for k in ("1", "2", "3"))  # C9
RANIUM_STARTS: dict[int, tuple[str, ...]] = {int(k): tuple(v)
                                             for k, v in _DATA["ranium_starts"].items()}  # C8
CREWS_IN_PLAY: dict[int, tuple[str, ...]] = {int(k): tuple(v)
                                             for k, v in _DATA["crews_in_play"].items()}  # C10
GOAL: dict[int, int] = {int(k): v for k, v in _DATA["goal"].items()}  # R21
MARKERS: int = _DATA["markers"]  # C7
ORE: int = _DATA["ore_per_turn"]  # R7
LOADER_STEPS: int = _DATA["loader_steps_per_turn"]  # R8
MAX_DELIVERY: int = _DATA["max_delivery_per_turn"]  # R18

EXITS = "urdl"
EXIT_BIT = {"u": 1, "r": 2, "d": 4, "l": 8}
SYMBOL_CARDS: dict[str, tuple[str, ...]] = {
    c: tuple(f"{c}-{n}" for n in SYMBOLS) for c in COLOURS}  # C6
SYMBOL_CARD_VALUE = {f"{c}-{n}": n for c in COLOURS for n in SYMBOLS}


def turn_exits(exits: int) -> int:
    """The exits after a 180-degree turn: u<->d, r<->l."""
    return ((exits << 2) | (exits >> 2)) & 15


def parse_face(text: str) -> int:
    """``red-rdl`` -> colour << 4 | exits. ValueError if it is no face (C2)."""
    colour, sep, exits = text.partition("-")
    if not sep or colour not in COLOUR_INDEX or not exits:
        raise ValueError(text)
    bits, last = 0, -1
    for ch in exits:
        pos = EXITS.find(ch)
        if pos <= last:  # unknown letter, repeated, or out of the order u r d l
            raise ValueError(text)
        bits |= 1 << pos
        last = pos
    return COLOUR_INDEX[colour] << 4 | bits


def _face_text(face: int) -> str:
    return COLOURS[face >> 4 & 3] + "-" + "".join(e for i, e in enumerate(EXITS) if face >> i & 1)


#: every face's text (6 bits: 64 faces), made once: views name every card on the board, so
#: building the text per call was most of a view's time
FACE_TEXTS: tuple[str, ...] = tuple(_face_text(face) for face in range(64))


def face_str(face: int) -> str:
    return FACE_TEXTS[face & 63]


def make_card(visible: int, hidden: int, symbol: int) -> int:
    return visible | hidden << 6 | symbol << 12


def parse_card(text: str) -> int:
    """``red-rdl/blue-ud:4`` (VISIBLE/HIDDEN[:SYMBOL]) -> a card code. ValueError if bad."""
    faces, _, symbol = text.partition(":")
    visible, sep, hidden = faces.partition("/")
    if not sep:
        raise ValueError(text)
    sym = 0
    if symbol:
        if not symbol.isdigit() or int(symbol) not in SYMBOLS:
            raise ValueError(text)
        sym = int(symbol)
    return make_card(parse_face(visible), parse_face(hidden), sym)


def card_str(card: int) -> str:
    text = FACE_TEXTS[card & 63] + "/" + FACE_TEXTS[card >> 6 & 63]
    sym = card >> 12
    return f"{text}:{sym}" if sym else text


def colour_of(card: int) -> int:
    """The card's tunnel colour: its visible face's (R10)."""
    return card >> 4 & 3


def symbol_of(card: int) -> int:
    return card >> 12


def rotate(card: int) -> int:
    """A: 180 degrees; both faces turn (R9)."""
    return (card & ~0x3CF) | turn_exits(card & 15) | turn_exits(card >> 6 & 15) << 6


def flip_long(card: int) -> int:
    """B: over the long side; the faces swap (R9)."""
    return (card & ~0xFFF) | (card >> 6 & 63) | (card & 63) << 6


def flip_short(card: int) -> int:
    """C: over the short side: the faces swap, then both turn 180 degrees (R9)."""
    return rotate(flip_long(card))


def positions(card: int) -> tuple[int, ...]:
    """The four ways one physical card can lie (as is, rotated, flipped, both)."""
    return (card, rotate(card), flip_long(card), flip_short(card))


def identity(card: int) -> int:
    """The same number for every way a physical card can lie (conservation checks)."""
    return min(positions(card))


def base_card(colour: str) -> int:
    """C3: the crossing of a colour on both faces, no symbol."""
    face = COLOUR_INDEX[colour] << 4 | 15
    return make_card(face, face, 0)


def ring_card(front: str, back: str, symbol: int) -> int:
    return make_card(parse_face(front), parse_face(back), symbol)


RING_CODES: tuple[int, ...] = tuple(ring_card(f, b, s) for _, f, b, s in RING_CARDS)
DECK_IDENTITIES: tuple[int, ...] = tuple(sorted(
    [identity(c) for c in RING_CODES] + [identity(base_card(c)) for c in COLOURS]))
