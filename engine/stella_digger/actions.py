"""Decisions as immutable values with the text notation of stella-digger-notation.md.

``parse(text)`` reads one line; ``str(action)`` writes its canonical text, so
``str(parse(s)) == s`` for canonical text. Lists are kept in canonical order (C1 colour order,
cards by colour then number, gadgets by type then colour), so equal decisions compare equal.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from engine.core.errors import NotationError
from engine.stella_digger.board import DIRECTIONS, is_square
from engine.stella_digger.components import (
    CARD_COUNTS,
    COLOUR_INDEX,
    COLOURS,
    GADGET_INDEX,
    card_key,
)


def _colours(items: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(items, key=COLOUR_INDEX.__getitem__))


def _cards(items: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(items, key=card_key))


def _gadgets(items: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(items, key=GADGET_INDEX.__getitem__))


def _list(items: tuple[str, ...]) -> str:
    return ",".join(items)


class Action:
    """Base of every decision. ``verb`` is the first word of its notation; ``decision`` is the
    kind of decision it answers (``to_act().decision``)."""

    __slots__ = ()
    verb: ClassVar[str]
    decision: ClassVar[str]

    @classmethod
    def canonical(cls, *values: object) -> Any:
        """The decision for values already in canonical order, skipping the sorting; equal
        decisions are interchangeable immutable values, so one shared object serves each."""
        return shared(cls)[values]


class Shared(dict[tuple[Any, ...], Any]):
    """One kind's shared decisions: ``table[values]`` is the decision with those field values
    (already canonical), built on first use. Listings look up many at once with
    ``map(table.__getitem__, ...)``, which stays in C."""

    __slots__ = ("cls", "setters")

    def __init__(self, cls: type[Action]) -> None:
        super().__init__()
        self.cls = cls
        # the slots' own setters: a frozen dataclass refuses setattr
        self.setters = tuple(getattr(cls, f.name).__set__ for f in fields(cls))  # type: ignore[arg-type]

    def __missing__(self, values: tuple[Any, ...]) -> Any:
        obj = object.__new__(self.cls)
        for setter, value in zip(self.setters, values, strict=True):
            setter(obj, value)
        if len(self) > 100_000:
            self.clear()
        self[values] = obj
        return obj


def shared(cls: type[Action]) -> Shared:
    table = _SHARED.get(cls)
    if table is None:
        table = _SHARED[cls] = Shared(cls)
    return table


def forget_shared() -> None:
    """Empty every kind's table (decisions already handed out stay valid: they are values)."""
    _SHARED.clear()


_SHARED: dict[type, Shared] = {}


@dataclass(frozen=True, slots=True)
class Target(Action):
    square: str
    verb: ClassVar[str] = "target"
    decision: ClassVar[str] = "target"

    def __str__(self) -> str:
        return f"target {self.square}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    deck: int
    verb: ClassVar[str] = "draw"
    decision: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return f"draw {self.deck}"


@dataclass(frozen=True, slots=True)
class _Play(Action):
    """One card, optionally recoloured by a Super Drill and boosted by an Enhanced Power (R8)."""

    card: str
    super: str | None = None
    boost: str | None = None

    def __str__(self) -> str:
        text = f"{self.verb} {self.card}"
        if self.super:
            text += f" super={self.super}"
        if self.boost:
            text += f" boost={self.boost}"
        return text


@dataclass(frozen=True, slots=True)
class Mine(_Play):
    verb: ClassVar[str] = "mine"
    decision: ClassVar[str] = "action"


@dataclass(frozen=True, slots=True)
class Fight(_Play):
    verb: ClassVar[str] = "fight"
    decision: ClassVar[str] = "fight"


@dataclass(frozen=True, slots=True)
class Refill(Action):
    discard: tuple[str, ...] = ()
    verb: ClassVar[str] = "refill"
    decision: ClassVar[str] = "action"

    def __post_init__(self) -> None:
        object.__setattr__(self, "discard", _cards(self.discard))

    def __str__(self) -> str:
        return f"refill discard={_list(self.discard)}" if self.discard else "refill"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    gadgets: tuple[str, ...]
    pay: tuple[str, ...]
    verb: ClassVar[str] = "buy"
    decision: ClassVar[str] = "action"

    def __post_init__(self) -> None:
        object.__setattr__(self, "gadgets", _gadgets(self.gadgets))
        object.__setattr__(self, "pay", _colours(self.pay))

    def __str__(self) -> str:
        return f"buy {' '.join(self.gadgets)} pay={_list(self.pay)}"


@dataclass(frozen=True, slots=True)
class Drill(Action):
    square: str
    direction: str
    pay: tuple[str, ...]
    verb: ClassVar[str] = "drill"
    decision: ClassVar[str] = "action"

    def __post_init__(self) -> None:
        object.__setattr__(self, "pay", _colours(self.pay))

    def __str__(self) -> str:
        return f"drill {self.square} {self.direction} pay={_list(self.pay)}"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    give: str
    get: str
    verb: ClassVar[str] = "exchange"
    decision: ClassVar[str] = "action"

    def __str__(self) -> str:
        return f"exchange {self.give}>{self.get}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    verb: ClassVar[str] = "pass"
    decision: ClassVar[str] = "action"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    verb: ClassVar[str] = "decline"
    decision: ClassVar[str] = "fight"

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class _ColourList(Action):
    colours: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "colours", _colours(self.colours))

    def __str__(self) -> str:
        return f"{self.verb} {_list(self.colours)}"


@dataclass(frozen=True, slots=True)
class Return(_ColourList):
    verb: ClassVar[str] = "return"
    decision: ClassVar[str] = "return"


@dataclass(frozen=True, slots=True)
class Gold(_ColourList):
    verb: ClassVar[str] = "gold"
    decision: ClassVar[str] = "gold"


@dataclass(frozen=True, slots=True)
class LoseCrystals(_ColourList):
    verb: ClassVar[str] = "lose-crystals"
    decision: ClassVar[str] = "lose-crystals"


@dataclass(frozen=True, slots=True)
class Lose(Action):
    card: str
    verb: ClassVar[str] = "lose"
    decision: ClassVar[str] = "lose"

    def __str__(self) -> str:
        return f"lose {self.card}"


@dataclass(frozen=True, slots=True)
class Capsule(Action):
    colour: str
    verb: ClassVar[str] = "capsule"
    decision: ClassVar[str] = "capsule"

    def __str__(self) -> str:
        return f"capsule {self.colour}"


# -- parsing ------------------------------------------------------------------------------

_COLOUR_WORDS = ", ".join(COLOURS)
_VERBS = ("target", "draw", "mine", "refill", "buy", "drill", "exchange", "pass", "return",
          "gold", "lose", "capsule", "fight", "decline", "lose-crystals")


def _colour(word: str) -> str:
    if word not in COLOUR_INDEX:
        raise NotationError(f"'{word}' is not a colour: use {_COLOUR_WORDS}.")
    return word


def _card(word: str) -> str:
    if word not in CARD_COUNTS:
        raise NotationError(
            f"'{word}' is not a drill card: write a colour and a number 1-4, like blue-4.")
    return word


def _gadget(word: str) -> str:
    if word not in GADGET_INDEX:
        raise NotationError(
            f"'{word}' is not a gadget: write TYPE/COLOUR, like super-drill/blue (types: "
            "super-drill, enhanced-power, refining-capsule, support-drone).")
    return word


def _split_list(value: str, what: str) -> list[str]:
    items = value.split(",")
    if not value or any(not item for item in items):
        raise NotationError(f"The list of {what} is empty or has an empty entry: "
                            f"write them comma-separated, like blue,blue,pink.")
    return items


def _key_values(words: list[str], allowed: tuple[str, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if not eq or key not in allowed:
            names = " or ".join(f"{k}=..." for k in allowed)
            raise NotationError(f"I don't understand '{word}' here: expected {names}.")
        if key in found:
            raise NotationError(f"'{key}=' is given twice.")
        found[key] = value
    return found


def _play(cls: type[Mine] | type[Fight], words: list[str]) -> Action:
    if not words:
        raise NotationError(f"Name the card to play, like '{cls.verb} blue-4'.")
    card = _card(words[0])
    opts = _key_values(words[1:], ("super", "boost"))
    super_ = _colour(opts["super"]) if "super" in opts else None
    boost = _card(opts["boost"]) if "boost" in opts else None
    return cls(card, super_, boost)


def _no_args(words: list[str], verb: str) -> None:
    if words:
        raise NotationError(f"'{verb}' takes nothing after it.")


def _one(words: list[str], example: str) -> str:
    if len(words) != 1:
        raise NotationError(f"Expected exactly one thing after the verb, like '{example}'.")
    return words[0]


def parse(text: str) -> Action:
    """Read one decision in the notation; NotationError with a plain explanation otherwise."""
    words = text.strip().split()
    if not words:
        raise NotationError("The decision is empty.")
    verb, rest = words[0].lower(), words[1:]
    if verb == "target":
        square = _one(rest, "target B1").upper()
        if not is_square(square):
            raise NotationError(f"'{rest[0]}' is not a square: squares run from A1 to G7.")
        return Target(square)
    if verb == "draw":
        deck = _one(rest, "draw 2")
        if deck not in ("1", "2", "3"):
            raise NotationError(f"'{deck}' is not a deck: the decks are 1, 2 and 3.")
        return Draw(int(deck))
    if verb == "mine":
        return _play(Mine, rest)
    if verb == "fight":
        return _play(Fight, rest)
    if verb == "refill":
        opts = _key_values(rest, ("discard",))
        cards = _split_list(opts["discard"], "cards") if "discard" in opts else []
        return Refill(tuple(_card(c) for c in cards))
    if verb == "buy":
        gadgets = [w for w in rest if "=" not in w]
        opts = _key_values([w for w in rest if "=" in w], ("pay",))
        if not gadgets:
            raise NotationError("Name the gadgets to buy, like 'buy super-drill/blue pay=blue,blue,pink'.")
        if "pay" not in opts:
            raise NotationError("Say which crystals pay, like 'pay=blue,blue,pink'.")
        return Buy(tuple(_gadget(g) for g in gadgets),
                   tuple(_colour(c) for c in _split_list(opts["pay"], "crystals")))
    if verb == "drill":
        if len(rest) != 3:
            raise NotationError("Write the square, the direction and the payment, like "
                                "'drill C3 up pay=blue,green,pink'.")
        square = rest[0].upper()
        if not is_square(square):
            raise NotationError(f"'{rest[0]}' is not a square: squares run from A1 to G7.")
        if rest[1] not in DIRECTIONS:
            raise NotationError(f"'{rest[1]}' is not a direction: use up, right, down or left.")
        opts = _key_values(rest[2:], ("pay",))
        return Drill(square, rest[1], tuple(_colour(c) for c in _split_list(opts["pay"], "crystals")))
    if verb == "exchange":
        give, gt, get = _one(rest, "exchange blue>pink").partition(">")
        if not gt:
            raise NotationError("Write the exchange as GIVE>GET, like 'exchange blue>pink'.")
        return Exchange(_colour(give), _colour(get))
    if verb == "pass":
        _no_args(rest, verb)
        return Pass()
    if verb == "decline":
        _no_args(rest, verb)
        return Decline()
    if verb in ("return", "gold", "lose-crystals"):
        cls = {"return": Return, "gold": Gold, "lose-crystals": LoseCrystals}[verb]
        value = _one(rest, f"{verb} blue,pink")
        return cls(tuple(_colour(c) for c in _split_list(value, "colours")))
    if verb == "lose":
        return Lose(_card(_one(rest, "lose blue-2")))
    if verb == "capsule":
        return Capsule(_colour(_one(rest, "capsule green")))
    raise NotationError(f"I don't know the decision '{words[0]}'. Decisions start with one of: "
                        + ", ".join(_VERBS) + ".")
