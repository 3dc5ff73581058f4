"""Decisions and their notation (white-ranium-notation.md): ``parse(text)`` and ``str(action)``.

One class for every verb keeps the notation in one table; which fields a verb uses is in
``_SHAPES``. Parsing is context-free: whether ``crew=`` must be written (two players) is checked
against the state (rules.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import NotationError
from .board import COLUMNS, PLACE_INDEX, PLACES
from .components import COLOURS, SYMBOL_CARD_VALUE

TURNS = ("rotate", "flip-long", "flip-short")  # A, B, C
CREW_VERBS = ("move", "collect", "steal", "deliver", "tunnel", "transport")
#: verb -> its arguments in order: P place, C colour, L loader, D direction, N count, S card
_SHAPES = {
    "swap": "PP", "done": "", "colour": "C", "rotate": "P", "flip-long": "P", "flip-short": "P",
    "move": "P", "collect": "", "steal": "C", "loader": "LD", "deliver": "PN", "tunnel": "P",
    "transport": "P", "end": "", "fight": "S", "card": "S", "place": "P",
}
VERBS = tuple(_SHAPES)
COST = {"tunnel": 3, "transport": 2, "end": 0}  # R7: every other action costs 1 ore
FREE_VERBS = frozenset(("rotate", "flip-long", "flip-short", "move", "collect", "steal",
                        "loader", "deliver"))  # R16: A-I
ACTION_VERBS = FREE_VERBS | {"tunnel", "transport", "end"}
_EXAMPLES = {
    "swap": "swap B2 C5", "colour": "colour red", "rotate": "rotate C2", "move": "move C5",
    "steal": "steal blue", "loader": "loader 2 forward", "deliver": "deliver D6 2",
    "tunnel": "tunnel E5", "transport": "transport E5", "fight": "fight red-4",
    "card": "card yellow-3", "place": "place D2", "flip-long": "flip-long C2",
    "flip-short": "flip-short C2",
}


@dataclass(frozen=True, slots=True)
class Action:
    verb: str
    place: int = -1
    place2: int = -1
    colour: str = ""
    loader: int = 0
    forward: bool = True
    n: int = 0
    card: str = ""
    crew: str = ""  # two players: the acting crew

    def __str__(self) -> str:
        shape = _SHAPES[self.verb]  # one branch per shape: every decision is written down
        if shape == "P":
            text = f"{self.verb} {PLACES[self.place]}"
        elif shape == "LD":
            text = f"{self.verb} {self.loader} {'forward' if self.forward else 'back'}"
        elif shape == "":
            text = self.verb
        elif shape == "C":
            text = f"{self.verb} {self.colour}"
        elif shape == "PP":
            text = f"{self.verb} {PLACES[self.place]} {PLACES[self.place2]}"
        elif shape == "PN":
            text = f"{self.verb} {PLACES[self.place]} {self.n}"
        else:
            text = f"{self.verb} {self.card}"
        return f"{text} crew={self.crew}" if self.crew else text

    @property
    def cost(self) -> int:
        return COST.get(self.verb, 1)


def _order(a: int, b: int) -> tuple[int, int]:
    """``swap``'s canonical order: by column, then row."""
    return (a, b) if (a % 6, a // 6) <= (b % 6, b // 6) else (b, a)


def swap(a: int, b: int) -> Action:
    a, b = _order(a, b)
    return Action("swap", a, b)


def parse(text: str) -> Action:
    """The decision a line of notation names; NotationError (a sentence) if it names none."""
    if not isinstance(text, str):
        raise NotationError("A decision is a line of text, e.g. 'move C5'.")
    words = text.split()
    if not words:
        raise NotationError("Say what you do, e.g. 'move C5' or 'end'.")
    verb = words[0]
    if verb not in _SHAPES:
        raise NotationError(f"'{verb}' is not a decision here; the words are: "
                            f"{', '.join(VERBS)}.")
    args = words[1:]
    crew = ""
    if args and args[-1].startswith("crew="):
        crew = args.pop()[5:]
        if verb not in CREW_VERBS:
            raise NotationError(f"'{verb}' names no crew: leave out 'crew='.")
        if crew not in COLOURS:
            raise NotationError(f"'{crew}' is not a crew colour (white, red, blue, yellow).")
    shape = _SHAPES[verb]
    example = _EXAMPLES.get(verb, verb)
    if len(args) != len(shape):
        raise NotationError(f"'{text.strip()}' is not a '{verb}' decision; write it like "
                            f"'{example}'.")
    fields: dict[str, object] = {}
    places: list[int] = []
    for kind, word in zip(shape, args, strict=True):
        if kind == "P":
            if word not in PLACE_INDEX:
                raise NotationError(f"'{word}' is not a place: columns {COLUMNS[0]}-"
                                    f"{COLUMNS[-1]}, rows 1-6, e.g. C4.")
            places.append(PLACE_INDEX[word])
        elif kind == "C":
            if word not in COLOURS:
                raise NotationError(f"'{word}' is not a colour (white, red, blue, yellow).")
            fields["colour"] = word
        elif kind == "L":
            if word not in ("1", "2", "3"):
                raise NotationError(f"'{word}' is not a space loader: they are 1, 2 and 3.")
            fields["loader"] = int(word)
        elif kind == "D":
            if word not in ("forward", "back"):
                raise NotationError("A loader moves 'forward' (clockwise) or 'back'.")
            fields["forward"] = word == "forward"
        elif kind == "N":
            if word not in ("1", "2"):
                raise NotationError("A delivery hands over 1 or 2 units, e.g. 'deliver D6 2'.")
            fields["n"] = int(word)
        else:
            if word not in SYMBOL_CARD_VALUE:
                raise NotationError(f"'{word}' is not a symbol card; they are written like "
                                    "red-4 (colours white, red, blue, yellow, values 2-6).")
            fields["card"] = word
    if verb == "swap":
        if places[0] == places[1]:
            raise NotationError("A swap exchanges two different places.")
        places = list(_order(places[0], places[1]))
    if places:
        fields["place"] = places[0]
    if len(places) > 1:
        fields["place2"] = places[1]
    return Action(verb, crew=crew, **fields)  # type: ignore[arg-type]
