"""The game state: plain dataclasses, serialised to JSON by pydantic (serial.py).

Only ``apply`` (game.py) changes a state. ``version`` counts accepted decisions; ``rng`` is the
seeded generator's state (deals, shuffles). A dig commit is kept as its canonical text in
``Player.dig`` until the reveal (R5 step 4), then it becomes a ``RoundRecord``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SCHEMA = 1


@dataclass(slots=True)
class RoundRecord:
    """One scored round of one player (R11-R13), all parts after the race's cut (R6)."""

    round: int
    board: str  # board side played, "5b"
    card: int
    tiles: list[str]  # canonical tile words as scored, without @
    cut: list[str] = field(default_factory=list)  # tile words the cut took off (R6)
    empty: int = 0
    base: int = 0
    call: int = 0
    elves: int = 0
    finds: int = 0
    score: int = 0
    time: int | None = None  # tenths; None with race off


@dataclass(slots=True)
class Player:
    id: str
    name: str
    board: int = 0
    side: str | None = None  # "a" / "b" once chosen (R4)
    previous: str | None = None  # board side played in the previous round ("5b")
    card: int | None = None  # drawn this round (R5 step 2); None before and after
    opened: bool = False  # race on: the card is shown and the clock runs (R6)
    dig: str | None = None  # the committed dig, canonical text, sealed until the reveal
    total: int = 0
    calls: int = 0
    empty: int = 0  # empty spaces over all scored rounds (R16)
    rounds: list[RoundRecord] = field(default_factory=list)

    @property
    def board_side(self) -> str | None:
        return None if self.side is None else f"{self.board}{self.side}"


@dataclass(slots=True)
class Options:
    elves: bool = False  # variant A (R2, R12)
    finds: bool = False  # variant B (R2, R13)
    race: bool = True  # R6


@dataclass(slots=True)
class LastRound:
    round: int
    callers: list[str]
    retired: int | None = None
    new_board: int | None = None


@dataclass(slots=True)
class State:
    seed: int
    rng: int
    players: list[Player]
    options: Options = field(default_factory=Options)
    schema: int = SCHEMA
    game: str = "out-of-mine"
    version: int = 0
    round: int = 1
    phase: str = "side"  # "side", "dig" or "ended"
    pile: list[int] = field(default_factory=list)  # draw pile, top first (hidden)
    retired: list[int] = field(default_factory=list)  # put back by exchanges (R15), in order
    unused: list[int] = field(default_factory=list)  # in the box from the start (hidden, C6)
    deck: list[int] = field(default_factory=list)  # top first (hidden)
    discard: list[int] = field(default_factory=list)
    last_round: LastRound | None = None
    redeals: dict[str, dict[str, int]] = field(default_factory=dict)  # scenario setup only
    ended: bool = False
    winners: list[str] = field(default_factory=list)

    def seat_of(self, player_id: str) -> int:
        for i, p in enumerate(self.players):
            if p.id == player_id:
                return i
        raise KeyError(player_id)

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)
