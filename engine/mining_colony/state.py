"""The game state: plain dataclasses, serialised to JSON by pydantic at the boundary (serial.py).

Only ``apply`` (game.py) changes a state. ``phase`` is ``bid`` (every player who has not bid
owes one at once, R6), ``take`` (the excavation order's next taker, R8), ``develop`` (one
development turn at a time, R9) or ``ended``. ``order`` is this round's excavation order and
``turn`` the index of whoever acts in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SCHEMA = 1


@dataclass(slots=True)
class Colony:
    """A colony board (C6). ``board`` maps each developed square to its printed building
    (starting spaces, tile squares; a solo token on an undeveloped square has ``blank`` under
    it, R23); the building seen is the top token if any (R13)."""

    board: dict[str, str] = field(default_factory=dict)
    tiles: dict[str, str] = field(default_factory=dict)  # tile id -> "B2 90" (R10)
    tokens: dict[str, str] = field(default_factory=dict)  # square -> top token type
    buried: list[str] = field(default_factory=list)  # covered token types, out of play (R13)
    items: dict[str, str] = field(default_factory=dict)
    structures: dict[str, str] = field(default_factory=dict)
    used: list[str] = field(default_factory=list)  # squares whose item served a structure

    def building(self, sq: str) -> str | None:
        token = self.tokens.get(sq)
        return token if token is not None else self.board.get(sq)

    def vacant(self, sq: str) -> bool:
        return sq not in self.items and sq not in self.structures


@dataclass(slots=True)
class Player:
    id: str
    name: str
    cards: int = 12  # excavation cards owned at setup (deck + hand + played + bid)
    deck: list[int] = field(default_factory=list)  # top first
    seen: int = 0  # cards at the bottom of the deck the owner put there (R6), in deck order
    hand: list[int] = field(default_factory=list)
    bid: int | None = None  # sealed until the reveal (R6, R7)
    played: list[int] = field(default_factory=list)  # revealed cards, round order
    refreshed: int = 0  # refreshes this round
    credits: int = 0
    colony: Colony = field(default_factory=Colony)
    staging: list[str] = field(default_factory=list)  # at most one crystal, worker, ship (R11)
    pending_tiles: list[str] = field(default_factory=list)
    pending_items: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Zone:
    tiles: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    taken_by: str | None = None


@dataclass(slots=True)
class Zorlord:
    """The solo opponent (C11, R22): a deck, the card he flipped, his face-up supply."""

    deck: list[int] = field(default_factory=list)
    bid: int | None = None
    played: list[int] = field(default_factory=list)
    supply: list[str] = field(default_factory=list)  # items and tiles he took


@dataclass(slots=True)
class Options:
    side: str = "standard"
    difficulty: int = 1
    free_undeveloped: bool = False


@dataclass(slots=True)
class State:
    seed: int
    rng: int
    players: list[Player]
    options: Options = field(default_factory=Options)
    schema: int = SCHEMA
    game: str = "mining-colony"
    version: int = 0
    round: int = 1
    phase: str = "bid"
    resource_deck: list[str] = field(default_factory=list)  # top first
    resource_discard: list[str] = field(default_factory=list)
    resource_card: str | None = None
    preset_zones: list[Zone] | None = None  # a scenario's zones for the first Discover
    piles: dict[str, list[str]] = field(default_factory=dict)  # size -> tiles, top first
    zones: list[Zone] = field(default_factory=list)
    supply: dict[str, int] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)  # every limited component in play
    box: list[str] = field(default_factory=list)  # discarded tiles: out of the game (R12)
    order: list[str] = field(default_factory=list)
    turn: int = 0
    zorlord: Zorlord | None = None
    ended: bool = False
    end_reason: str | None = None
    winners: list[str] = field(default_factory=list)
    history: list[list[int]] = field(default_factory=list)  # live totals per seat, per round

    @property
    def solo(self) -> bool:
        return self.zorlord is not None

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)
