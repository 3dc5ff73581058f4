"""The dig commit's rules (R7, R8, R9): a check tile by tile that names the first fault, and
the legal next tiles of a draft (for autocompletion: the set of whole commits is too large to
list, R17)."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.errors import IllegalDecision
from .actions import Placed
from .components import (
    BIT,
    CARDS,
    COLOURS,
    KINDS,
    KINDS_OF_COLOUR,
    SIDES,
    placements,
    shape_of,
    square_list,
    square_text,
    square_tuple,
)

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count_word(n: int) -> str:
    return _WORDS[n] if n < len(_WORDS) else str(n)


def check_tiles(side: str, card: int, tiles: Iterable[Placed], noun: str = "commit") -> int:
    """Raise IllegalDecision naming the first fault of ``tiles`` (in their order) on board side
    ``side`` with card ``card``: rock (R7.1), shape (R7.2, R8), overlap (R7.3), colour and count
    (R7.4), box limit (R7.5, R9). Returns the covered squares as a mask."""
    tiles = list(tiles)
    gallery = SIDES[side].gallery
    allowed = CARDS[card].tiles
    covered = 0
    used: dict[str, int] = {}
    kinds: dict[str, int] = {}
    for t in tiles:
        kind = KINDS[t.kind]
        for sq in t.squares:  # R7.1: no square over the edge into the rock
            if not gallery & BIT[sq]:
                raise IllegalDecision(f"Your {t.kind} on {','.join(t.squares)} would lie on "
                                      f"{sq}, which is rock on side {side}.")
        mask = 0
        for sq in t.squares:  # R7.3 within a tile (a square written twice)
            if mask & BIT[sq]:
                raise IllegalDecision(f"{sq} is covered twice.")
            mask |= BIT[sq]
        if shape_of(mask) != kind.shape:  # R7.2, R8: any rotation or mirror image
            raise IllegalDecision(f"{','.join(t.squares)} is not the shape of a {kind.shape}.")
        if covered & mask:  # R7.3
            raise IllegalDecision(f"{square_list(covered & mask)[0]} is covered twice.")
        covered |= mask
        if not allowed.get(kind.colour):  # R7.4
            raise IllegalDecision(f"Card {card} shows no {kind.colour} tile.")
        used[kind.colour] = used.get(kind.colour, 0) + 1
        if used[kind.colour] > allowed[kind.colour]:
            total = sum(1 for x in tiles if KINDS[x.kind].colour == kind.colour)
            n = allowed[kind.colour]
            raise IllegalDecision(f"Card {card} allows {n} {kind.colour} tile"
                                  f"{'' if n == 1 else 's'}; this {noun} uses {total}.")
        kinds[t.kind] = kinds.get(t.kind, 0) + 1
        if kinds[t.kind] > kind.count:  # R7.5, R9: each player's own full supply
            raise IllegalDecision(f"The box holds {_count_word(kind.count)} {t.kind}.")
    return covered


def free_kinds(card: int, tiles: Iterable[Placed], part: str | None = None) -> list[str]:
    """The tile kinds that may still be added: their colour is on the card and not used up
    (R7.4), the box still holds one (R9). ``part`` keeps one kind (``red-o``: the plain one),
    or, when it names no kind, every kind of a shape (``white-w``) or colour (``red``)."""
    allowed = CARDS[card].tiles
    used: dict[str, int] = {}
    kinds: dict[str, int] = {}
    for t in tiles:
        colour = KINDS[t.kind].colour
        used[colour] = used.get(colour, 0) + 1
        kinds[t.kind] = kinds.get(t.kind, 0) + 1
    out = []
    for colour in COLOURS:
        if used.get(colour, 0) >= allowed.get(colour, 0):
            continue
        for kind in KINDS_OF_COLOUR[colour]:
            if kinds.get(kind.name, 0) >= kind.count:
                continue
            if part is None or part == kind.name or (
                    part not in KINDS and part in (kind.shape, kind.colour)):
                out.append(kind.name)
    return out


def next_words(side: str, card: int, tiles: list[Placed], part: str | None = None) -> list[str]:
    """Every legal next tile word (``blue:A5,B5``) after the draft ``tiles`` (checked first,
    IllegalDecision naming its fault), optionally only of ``part``: a kind, shape or colour
    (``red-o``, ``white-w``, ``red``), or one of them with squares (``red-l:C3``, ``red:C3,D3``):
    that kind's placements nearest those squares first, those covering them all at the head,
    then by how far their squares lie from them; a partly typed word (``red-l:C3,C``) keeps the
    placements it begins."""
    kind_part, square_part = _split_part(part)
    if kind_part is not None and kind_part not in KINDS and not any(
            kind_part in (k.shape, k.colour) for k in KINDS.values()):
        raise IllegalDecision(f"'{kind_part}' is not a tile kind, shape or colour.")
    covered = check_tiles(side, card, tiles, noun="draft")
    found: list[tuple[str, int]] = []
    for name in free_kinds(card, tiles, kind_part):
        for mask in placements(side, KINDS[name].shape):
            if not mask & covered:
                found.append((name, mask))
    if square_part is None:
        return [f"{name}:{square_text(mask)}" for name, mask in found]
    pointed = [sq for sq in square_part.split(",") if sq in BIT]
    if not square_part or pointed != square_part.split(","):  # a word typed so far
        words = [f"{name}:{square_text(mask)}" for name, mask in found]
        return [w for w in words if w.split(":", 1)[1].startswith(square_part)]
    near = sorted(found, key=lambda f: (_distance(f[1], pointed), f"{f[0]}:{square_text(f[1])}"))
    return [f"{name}:{square_text(mask)}" for name, mask in near]


def _split_part(part: str | None) -> tuple[str | None, str | None]:
    """``red-l:C3`` -> (``red-l``, ``C3``); ``red-l`` -> (``red-l``, None)."""
    if part is None or ":" not in part:
        return part, None
    kind, _, squares = part.partition(":")
    return kind, squares.upper()


def _distance(mask: int, pointed: list[str]) -> int:
    """How far a placement lies from the pointed squares: for each, the steps (across and up
    or down) from it to the placement's nearest square; 0 when it covers them all."""
    cells = [(ord(sq[0]), int(sq[1:])) for sq in square_tuple(mask)]
    return sum(min(abs(ord(p[0]) - x) + abs(int(p[1:]) - y) for x, y in cells) for p in pointed)
