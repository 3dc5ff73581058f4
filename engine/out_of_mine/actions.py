"""Decisions and their notation (out-of-mine-notation.md): ``side a``, ``open``, ``dig ...``.

``str(parse(text))`` is the canonical text: tiles by their first square (column, then row),
each tile's squares in canonical order, times (tenths of a second, R6) with one decimal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.errors import NotationError
from .components import BIT, KINDS, SQUARES

_SQUARE_INDEX = {sq: i for i, sq in enumerate(SQUARES)}
_SECONDS = re.compile(r"\d{1,7}(\.\d+)?")


def tenths(text: str, what: str) -> int:
    """Seconds as written (``12.3``) -> tenths, truncated (R6)."""
    if not _SECONDS.fullmatch(text):
        raise NotationError(f"'{what}' needs seconds like 12.3, not '{text}'.")
    whole, _, frac = text.partition(".")
    return int(whole) * 10 + (int(frac[0]) if frac else 0)


def seconds(t: int) -> str:
    """Tenths -> the notation's seconds, always one decimal (``120`` -> ``12.0``)."""
    return f"{t // 10}.{t % 10}"


@dataclass(frozen=True, slots=True)
class Side:
    side: str
    verb = "side"

    def __str__(self) -> str:
        return f"side {self.side}"


@dataclass(frozen=True, slots=True)
class Open:
    verb = "open"

    def __str__(self) -> str:
        return "open"


@dataclass(frozen=True, slots=True)
class Placed:
    """One placed tile: its kind, the squares it covers (canonical order, repeats kept so that
    the check can name them), ``at``: tenths of a second of its last placing (race on, R6)."""

    kind: str
    squares: tuple[str, ...]
    at: int | None = None

    @property
    def word(self) -> str:
        """The tile word without its time: ``red-l:A2,A3,A4,B2``."""
        return f"{self.kind}:{','.join(self.squares)}"

    @property
    def mask(self) -> int:
        m = 0
        for sq in self.squares:
            m |= BIT[sq]
        return m

    def __str__(self) -> str:
        return self.word if self.at is None else f"{self.word}@{seconds(self.at)}"


def _tile_key(t: Placed) -> tuple[int, str, tuple[int, ...]]:
    return (_SQUARE_INDEX[t.squares[0]], t.kind, tuple(_SQUARE_INDEX[s] for s in t.squares))


@dataclass(frozen=True, slots=True)
class Dig:
    tiles: tuple[Placed, ...] = ()
    time: int | None = None  # tenths of a second from open to commit (race on, R6)
    verb = "dig"

    @staticmethod
    def of(tiles: list[Placed] | tuple[Placed, ...], time: int | None = None) -> Dig:
        return Dig(tuple(sorted(tiles, key=_tile_key)), time)

    @property
    def stamped(self) -> bool:
        return self.time is not None or any(t.at is not None for t in self.tiles)

    def __str__(self) -> str:
        words = ["dig", *map(str, self.tiles)]
        if self.time is not None:
            words.append(f"time={seconds(self.time)}")
        return " ".join(words)


Action = Side | Open | Dig


def parse_tile(word: str) -> Placed:
    """``red-l:A4,A2,B2,A3@12.5`` -> a Placed with canonical squares."""
    body, at_sign, at = word.partition("@")
    kind, colon, squares = body.partition(":")
    if not colon or not squares:
        raise NotationError(f"'{word}' is not a placed tile: write KIND:SQUARES, like "
                            "red-l:A2,A3,A4,B2.")
    if kind not in KINDS:
        raise NotationError(f"'{kind}' is not a tile kind: the kinds are "
                            f"{', '.join(KINDS)}.")
    parts = squares.split(",")
    for sq in parts:
        if sq not in _SQUARE_INDEX:
            raise NotationError(f"'{sq}' is not a square: use A1 to G5.")
    ordered = tuple(sorted(parts, key=_SQUARE_INDEX.__getitem__))
    return Placed(kind, ordered, tenths(at, "@") if at_sign else None)


_PARSED: dict[str, Action] = {}


def parse(text: str) -> Action:
    """The decision ``text`` names (NotationError if none); frozen values, so memoised."""
    hit = _PARSED.get(text)
    return hit if hit is not None else _note(text, _parse(text))


def remember(action: Action) -> str:
    """``str(action)``, noted so that parsing that text again (the reveal, a replay) is free."""
    text = str(action)
    _note(text, action)
    return text


def _note(text: str, action: Action) -> Action:
    if len(_PARSED) >= 4096:  # bounded: a long-running bot parses many texts
        _PARSED.clear()
    _PARSED[text] = action
    return action


def _parse(text: str) -> Action:
    words = text.split()
    if not words:
        raise NotationError("Say what you decide: side a, side b, open or dig TILES.")
    verb, rest = words[0].lower(), words[1:]
    if verb == "side":
        if len(rest) != 1 or rest[0].lower() not in ("a", "b"):
            raise NotationError("Choose a side: side a or side b.")
        return Side(rest[0].lower())
    if verb == "open":
        if rest:
            raise NotationError("'open' takes nothing after it.")
        return Open()
    if verb == "dig":
        time = None
        if rest and rest[-1].startswith("time="):
            time = tenths(rest.pop()[5:], "time=")
        for word in rest:
            if word.startswith("time="):
                raise NotationError("time= must be the last word of a dig.")
        return Dig.of([parse_tile(w) for w in rest], time)
    raise NotationError(f"'{words[0]}' is not a decision: use side, open or dig.")
