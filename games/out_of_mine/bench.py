"""Out of Mine!'s workbench (``referee.deciding.workbench``): what a player takes in hand (a
shape of their card's colours, or a kind when finds score), the engine's part it stands for, and
the board typed as the grid it is (five lines of seven characters, one letter per tile).

Pure: view data and words in, words out; the engine checks every draft this makes (R7)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.errors import IllegalDecision
from engine.out_of_mine.components import (
    BIT,
    COLOURS,
    COLS,
    KINDS,
    ROWS,
    SHAPES,
    SIZES,
    shape_of,
    square_list,
)
from render.out_of_mine.shapes import colour_word, kind_name
from texts import _, ngettext


def _finds(view: Mapping[str, Any]) -> bool:
    return bool((view.get("options") or {}).get("finds"))


def hands(view: Mapping[str, Any], player: str, draft: Sequence[str], words: Sequence[str]
          ) -> list[tuple[str, str, str]]:
    """(label, hand, description) of what may be taken in hand next, from the legal next tile
    ``words`` after the ``draft``'s tile words: with finds off one entry per shape (its kinds differ only in an element that scores
    nothing, R13), with finds on one per kind; only colours of the card that are not used up
    (the engine's words hold no other), yellow to white."""
    p = (view.get("players") or {}).get(player) or {}
    info = p.get("card_info") or {}
    count: dict[str, int] = {}
    for word in words:
        kind = word.split(":", 1)[0]
        hand = kind if _finds(view) else KINDS[kind].shape
        count[hand] = count.get(hand, 0) + 1
    order = {c: i for i, c in enumerate(COLOURS)}

    def key(hand: str) -> tuple[int, str]:
        return order.get(hand.split("-")[0].split("/")[0], 9), hand

    out = []
    for hand in sorted(count, key=key):
        colour = hand.split("-")[0].split("/")[0]
        left = (info.get("tiles") or {}).get(colour, 0) - _used(draft, colour)
        places = count[hand]
        out.append((kind_name(hand), hand,
                    ngettext("{n} place", "{n} places", places).format(n=places) + (
                        "; " + _("card: {left} {colour} left").format(
                            left=left, colour=colour_word(colour)) if left > 0 else "")))
    return out


def _used(words: Sequence[str], colour: str) -> int:
    return sum(1 for w in words if ":" in w and KINDS.get(w.split(":")[0]) is not None
               and KINDS[w.split(":")[0]].colour == colour)


def part(view: Mapping[str, Any], hand: str, words: Sequence[str]) -> str | None:
    """The engine's part for ``hand`` (a shape or kind, maybe with ``:SQUARE`` pointed at):
    the first kind of that shape still free among ``words`` (the plain one first, C3), with the
    square; None when nothing of it fits."""
    held, _sep, square = hand.partition(":")
    kinds = list(dict.fromkeys(w.split(":", 1)[0] for w in words))
    if _finds(view) or held not in {k.shape for k in KINDS.values()}:
        found = held if held in kinds else None
    else:
        found = next((k for k in KINDS if KINDS[k].shape == held and k in kinds), None)
    if found is None:
        return None
    return f"{found}:{square}" if square else found


# --- the typed grid -------------------------------------------------------------------------

#: letters given to tiles in the grid shown, after the colour initials (touching tiles of one
#: colour need two letters)
SPARE = "ACDEFHIJKLMNOPQSTUVXZ"


def grid_text(grid: Sequence[str], words: Sequence[str]) -> str:
    """The board side's ``grid`` (C5, row 5 first) with the draft's tile ``words``: ``#``
    rock, ``.`` empty, one letter per tile (its colour's initial, upper case, unless a
    touching tile has it already), five lines of seven characters."""
    cells = [["#" if ch == "#" else "." for ch in row] for row in grid]
    for word in words:
        kind, _sep, where = word.partition(":")
        if kind not in KINDS:
            continue
        squares = where.split("@")[0].split(",")
        near = {_letter_at(cells, n) for sq in squares for n in _neighbours(sq)}
        colour = KINDS[kind].colour
        letter = next(ch for ch in (colour[0].upper(), colour[0], *SPARE, *SPARE.lower())
                      if ch not in near)
        for sq in squares:
            cells[ROWS - int(sq[1])][COLS.index(sq[0])] = letter
    return "\n".join("".join(row) for row in cells)


def _group(letters: Mapping[str, str], start: str) -> list[str]:
    """The squares touching ``start`` (across or up and down, step by step) with its letter."""
    found, todo = {start}, [start]
    while todo:
        for n in _neighbours(todo.pop()):
            if n not in found and letters[n] == letters[start]:
                found.add(n)
                todo.append(n)
    return sorted(found, key=lambda s: (s[0], int(s[1])))


def _letter_at(cells: list[list[str]], sq: str) -> str:
    return cells[ROWS - int(sq[1])][COLS.index(sq[0])]


def _neighbours(sq: str) -> list[str]:
    c, r = COLS.index(sq[0]), int(sq[1])
    return [f"{COLS[c + dc]}{r + dr}" for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= c + dc < len(COLS) and 1 <= r + dr <= ROWS]


def typed_words(typed: str, words: Sequence[str]) -> list[str]:
    """The tile words of a typed grid: each group of touching squares with the same letter is
    one tile, its shape (R8) and so its colour (C1) read from its squares; a tile on the same
    squares as one of the draft's ``words`` keeps that word (its kind, and its time), a new one
    is the first kind of its shape in the box (the plain one first, C3). Malformed grids and
    groups that are no tile raise IllegalDecision naming the fault; the engine checks the rest
    (rock, card, box: R7) with the draft's sentences."""
    lines = [line.strip().replace(" ", "") for line in typed.strip().splitlines()
             if line.strip()]
    if len(lines) != ROWS or any(len(line) != len(COLS) for line in lines):
        raise IllegalDecision(_(
            "Type the board as {rows} lines of {columns} characters (row 5 first, column A "
            "first): a letter per tile, `.` for an empty space, `#` for rock. Nothing "
            "changed.").format(rows=ROWS, columns=len(COLS)))
    letters = {f"{COLS[x]}{ROWS - y}": ch for y, line in enumerate(lines)
               for x, ch in enumerate(line)}
    bad = sorted({ch for ch in letters.values() if not (ch.isalpha() or ch in ".#")})
    if bad:
        raise IllegalDecision(_("`{char}` is not a letter, `.` or `#`. Nothing changed.").format(
            char=bad[0]))
    old = {w.split(":", 1)[1].split("@")[0]: w.split("@")[0] for w in words if ":" in w}
    out: list[str] = []
    seen: set[str] = set()
    for sq in sorted(letters, key=lambda s: (s[0], int(s[1]))):
        ch = letters[sq]
        if sq in seen or not ch.isalpha():
            continue
        group = _group(letters, sq)
        seen |= set(group)
        mask = sum(BIT[s] for s in group)
        squares = ",".join(square_list(mask))
        if len(group) > max(SIZES.values()):
            raise IllegalDecision(_(
                "The letter `{letter}` covers {count} touching squares ({squares}): a tile "
                "covers 1 to {most}; give touching tiles different letters. Nothing "
                "changed.").format(letter=ch, count=len(group), squares=squares,
                                   most=max(SIZES.values())))
        if squares in old:
            out.append(old[squares])
            continue
        shape = shape_of(mask)
        if shape is None or shape not in SHAPES:  # every connected group of 1-5 is a shape
            raise IllegalDecision(_("{squares} is no tile's shape. Nothing changed.").format(
                squares=squares))
        kinds = [k for k, kind in KINDS.items() if kind.shape == shape]
        used = [w.split(":")[0] for w in out]
        free = [k for k in kinds if used.count(k) < KINDS[k].count]  # else the box's sentence
        out.append(f"{(free or kinds)[0]}:{squares}")
    return out
