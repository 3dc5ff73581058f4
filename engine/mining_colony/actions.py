"""Decisions as immutable values with the text notation of mining-colony-notation.md.

``parse(text)`` reads one line; ``str(action)`` writes its canonical text, so
``str(parse(s)) == s`` for canonical text. Input may leave out ``bottom=`` (ascending) and
``via=`` (when one pair qualifies): ``None`` here, filled in by ``check`` from the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core.errors import NotationError
from .components import (
    CREW_COLOURS,
    CRYSTAL_COLOURS,
    ITEM_INDEX,
    ROTATIONS,
    SQUARES,
    STRUCTURES,
    TILE_PRINT,
    TOKEN_TYPES,
)

_SQUARES = frozenset(SQUARES)


class Action:
    """Base of every decision: ``verb`` is the first word; ``decision`` the kind it answers."""

    __slots__ = ()
    verb: ClassVar[str]
    decision: ClassVar[str]


def _cards(cards: tuple[int, ...] | None) -> str:
    return f" bottom={','.join(map(str, cards))}" if cards else ""


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: int
    bottom: tuple[int, ...] | None = None
    verb: ClassVar[str] = "play"
    decision: ClassVar[str] = "bid"

    def __str__(self) -> str:
        return f"play {self.card}{_cards(self.bottom)}"


@dataclass(frozen=True, slots=True)
class Refresh(Action):
    bottom: tuple[int, ...] | None = None
    verb: ClassVar[str] = "refresh"
    decision: ClassVar[str] = "bid"

    def __str__(self) -> str:
        return f"refresh{_cards(self.bottom)}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    zone: int
    verb: ClassVar[str] = "take"
    decision: ClassVar[str] = "take"

    def __str__(self) -> str:
        return f"take {self.zone}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    tile: str
    square: str
    rotation: int
    verb: ClassVar[str] = "place"
    decision: ClassVar[str] = "develop"

    def __str__(self) -> str:
        return f"place {self.tile} {self.square} {self.rotation}"


def _staged(staged: bool) -> str:
    return " from=staging" if staged else ""


@dataclass(frozen=True, slots=True)
class Put(Action):
    item: str
    square: str
    staged: bool = False
    verb: ClassVar[str] = "put"
    decision: ClassVar[str] = "develop"

    def __str__(self) -> str:
        return f"put {self.item} {self.square}{_staged(self.staged)}"


@dataclass(frozen=True, slots=True)
class Stage(Action):
    item: str
    verb: ClassVar[str] = "stage"
    decision: ClassVar[str] = "develop"

    def __str__(self) -> str:
        return f"stage {self.item}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    thing: str  # an item or a tile id
    staged: bool = False
    verb: ClassVar[str] = "discard"
    decision: ClassVar[str] = "develop"

    def __str__(self) -> str:
        return f"discard {self.thing}{_staged(self.staged)}"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    token: str
    square: str
    verb: ClassVar[str] = "buy"
    decision: ClassVar[str] = "develop"

    def __str__(self) -> str:
        return f"buy {self.token} {self.square}"


@dataclass(frozen=True, slots=True)
class Build(Action):
    structure: str
    square: str
    via: tuple[str, str] | None = None
    verb: ClassVar[str] = "build"
    decision: ClassVar[str] = "develop"

    def __str__(self) -> str:
        via = f" via={self.via[0]},{self.via[1]}" if self.via else ""
        return f"build {self.structure} {self.square}{via}"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    item: str
    colour: str
    staged: bool = False
    verb: ClassVar[str] = "exchange"
    decision: ClassVar[str] = "develop"

    def __str__(self) -> str:
        return f"exchange {self.item}>{self.colour}{_staged(self.staged)}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    verb: ClassVar[str] = "done"
    decision: ClassVar[str] = "develop"

    def __str__(self) -> str:
        return "done"


DONE = Done()
VERBS = ("play", "refresh", "take", "place", "put", "stage", "discard", "buy", "build",
         "exchange", "done")


def _int(word: str, what: str) -> int:
    if not word.isdigit():
        raise NotationError(f"'{word}' is not {what}.")
    return int(word)


def _card_list(text: str) -> tuple[int, ...]:
    cards = tuple(_int(w, "an excavation card number") for w in text.split(","))
    if len(set(cards)) != len(cards):
        raise NotationError("A card is named twice in bottom=.")
    return cards


def _item(word: str) -> str:
    if word not in ITEM_INDEX:
        raise NotationError(f"'{word}' is not an item: write crystal/COLOUR, worker/COLOUR or "
                            "ship/COLOUR (crystals purple, yellow, white, green; workers and "
                            "ships red, blue, orange).")
    return word


def _square(word: str) -> str:
    if word not in _SQUARES:
        raise NotationError(f"'{word}' is not a square: columns A-F, rows 1-6, like C4.")
    return word


def _keywords(words: list[str], allowed: tuple[str, ...]) -> tuple[list[str], dict[str, str]]:
    plain: list[str] = []
    keys: dict[str, str] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if not eq:
            plain.append(word)
            continue
        if key not in allowed:
            raise NotationError(f"'{word}' is not understood here.")
        if key in keys:
            raise NotationError(f"{key}= is given twice.")
        keys[key] = value
    return plain, keys


def _from(keys: dict[str, str]) -> bool:
    where = keys.get("from")
    if where is None:
        return False
    if where != "staging":
        raise NotationError("The only place an item comes from besides the pending area is "
                            "from=staging.")
    return True


def _count(plain: list[str], n: int, usage: str) -> None:
    if len(plain) != n:
        raise NotationError(f"Write it as: {usage}.")


def parse(text: str) -> Action:  # noqa: C901 - one branch per verb
    words = text.split()
    if not words:
        raise NotationError("Nothing was written: name a decision like 'play 23' or 'done'.")
    verb, rest = words[0].lower(), words[1:]
    if verb == "play":
        plain, keys = _keywords(rest, ("bottom",))
        _count(plain, 1, "play CARD bottom=CARD,CARD")
        bottom = _card_list(keys["bottom"]) if "bottom" in keys else None
        return Play(_int(plain[0], "an excavation card number"), bottom)
    if verb == "refresh":
        plain, keys = _keywords(rest, ("bottom",))
        _count(plain, 0, "refresh bottom=CARD,CARD,CARD")
        return Refresh(_card_list(keys["bottom"]) if "bottom" in keys else None)
    if verb == "take":
        _count(rest, 1, "take ZONE (1-4)")
        zone = _int(rest[0], "a zone number")
        if not 1 <= zone <= 4:
            raise NotationError("Zones are numbered 1 to 4.")
        return Take(zone)
    if verb == "place":
        _count(rest, 3, "place TILE SQUARE ROTATION, like place t4-01 B2 90")
        tile, square, rot = rest
        if tile not in TILE_PRINT:
            raise NotationError(f"'{tile}' is not a development tile: tiles are t1-01 to t5-10.")
        rotation = _int(rot, "a rotation (0, 90, 180 or 270)")
        if rotation not in ROTATIONS:
            raise NotationError("A tile turns 0, 90, 180 or 270 degrees clockwise.")
        if tile.startswith("t1-"):
            rotation = 0  # a one-square tile looks the same every way round
        return Place(tile, _square(square), rotation)
    if verb == "put":
        plain, keys = _keywords(rest, ("from",))
        _count(plain, 2, "put ITEM SQUARE, like put worker/red A1")
        return Put(_item(plain[0]), _square(plain[1]), _from(keys))
    if verb == "stage":
        _count(rest, 1, "stage ITEM, like stage crystal/purple")
        return Stage(_item(rest[0]))
    if verb == "discard":
        plain, keys = _keywords(rest, ("from",))
        _count(plain, 1, "discard ITEM or discard TILE")
        staged = _from(keys)
        if plain[0] in TILE_PRINT:
            if staged:
                raise NotationError("Tiles are never staged: discard a pending tile by its name.")
            return Discard(plain[0])
        return Discard(_item(plain[0]), staged)
    if verb == "buy":
        _count(rest, 2, "buy TYPE SQUARE, like buy pad C1")
        if rest[0] not in TOKEN_TYPES:
            raise NotationError(f"'{rest[0]}' is not a build-over token type: "
                                f"{', '.join(TOKEN_TYPES)}.")
        return Buy(rest[0], _square(rest[1]))
    if verb == "build":
        plain, keys = _keywords(rest, ("via",))
        _count(plain, 2, "build outpost/COLOUR SQUARE via=SQUARE,SQUARE")
        if plain[0] not in STRUCTURES:
            raise NotationError(f"'{plain[0]}' is not a structure: outpost/red, outpost/blue, "
                                "outpost/orange or station/COLOUR (purple, yellow, white, green).")
        via = None
        if "via" in keys:
            pair = keys["via"].split(",")
            if len(pair) != 2:
                raise NotationError("via= names two squares, like via=A1,C1.")
            a, b = sorted(_square(s) for s in pair)
            via = (a, b)
        return Build(plain[0], _square(plain[1]), via)
    if verb == "exchange":
        plain, keys = _keywords(rest, ("from",))
        _count(plain, 1, "exchange ITEM>COLOUR, like exchange crystal/purple>white")
        item, arrow, colour = plain[0].partition(">")
        _item(item)
        colours = CRYSTAL_COLOURS if item.startswith("crystal/") else CREW_COLOURS
        if not arrow or colour not in colours:
            raise NotationError(f"Name the colour wanted after '>': one of {', '.join(colours)}.")
        return Exchange(item, colour, _from(keys))
    if verb == "done":
        _count(rest, 0, "done")
        return DONE
    raise NotationError(f"'{words[0]}' is not a decision: use one of {', '.join(VERBS)}.")
