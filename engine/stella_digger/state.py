"""The game state: plain dataclasses, serialised to JSON by pydantic at the boundary (serial.py).

Only ``apply`` (game.py) changes a state. The state carries its own RNG state (``rng``), its
schema number and a ``version`` that counts accepted decisions (buttons carry it, so a stale
click can be told apart). ``stack`` is the list of steps still to run this round, the last one
first: the top step is always the one decision somebody owes (flow.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

SCHEMA = 1

# _CLOCKWISE[n][start]: the n seats from ``start`` clockwise
_CLOCKWISE = [[tuple((start + i) % n for i in range(n)) for start in range(n)] for n in range(9)]


@dataclass(slots=True)
class Tile:
    """A mining tile on the map. ``code`` is its printed face (``pink:2``, ``gold:3``,
    ``monster:5/1/2``); connected tiles also have an ``arrow`` direction."""

    code: str
    face_up: bool = False
    arrow: str | None = None


@dataclass(slots=True)
class Drill:
    """A placed Large Drill token: its owner's seat and the direction its tip aims."""

    owner: int
    direction: str


@dataclass(slots=True)
class Play:
    """Cards played face up this round (Mine, R8) or in a monster fight (R17).

    ``cards`` are what remain (an accident can take one, R12); ``colour`` is the effective colour
    (after a Super Drill); ``boost`` names the Enhanced Power card as declared."""

    cards: list[str]
    colour: str
    super: str | None = None
    boost: str | None = None


@dataclass(slots=True)
class Player:
    id: str
    name: str
    hand: list[str] = field(default_factory=list)
    crystals: dict[str, int] = field(default_factory=dict)
    gadgets: list[str] = field(default_factory=list)
    drills_left: int = 0
    drill_points: int = 0
    vp3: int = 0
    vp1: int = 0
    performance: list[str] = field(default_factory=list)  # squares the tiles came from (R15)
    monsters: list[int] = field(default_factory=list)  # VP of each monster tile won (R17)
    tears: int = 0  # R20
    out: bool = False
    mined: bool = False  # took the Mine action this round (R13 capsules)
    used: list[str] = field(default_factory=list)  # gadget types used this round (rulebook)
    play: Play | None = None
    fight: Play | None = None


@dataclass(slots=True)
class Frame:
    """One step still to run. Decision steps name the ``seat`` that owes the decision."""

    step: str
    seat: int = -1
    n: int = 0
    colour: str | None = None
    square: str | None = None


@dataclass(slots=True)
class Options:
    red_tears: bool = False


@dataclass(slots=True)
class State:
    seed: int
    rng: int
    players: list[Player]
    options: Options = field(default_factory=Options)
    schema: int = SCHEMA
    game: str = "stella-digger"
    version: int = 0
    round: int = 1
    start: int = 0  # seat holding the Foreman marker (start player)
    tiles: dict[str, Tile] = field(default_factory=dict)
    groups: list[list[str]] = field(default_factory=list)  # connected groups (R6, R16)
    blockades: list[str] = field(default_factory=list)  # R14
    drills: dict[str, Drill] = field(default_factory=dict)
    marker: str = "A1"
    marker_from: str = "A1"  # the square the marker entered its tile from (R14)
    target: list[str] = field(default_factory=list)  # this round's target squares
    decks: list[list[str]] = field(default_factory=lambda: [[], [], []])  # top card first
    discard: list[str] = field(default_factory=list)
    safety: str | None = None  # R3, R12
    danger: list[str] = field(default_factory=list)  # top first
    alarm: list[str] = field(default_factory=list)  # in the order they were moved there
    revealed: list[str] = field(default_factory=list)
    reset_pending: bool = False  # the decks were rebuilt this round (R9)
    supply: dict[str, int] = field(default_factory=dict)  # crystals in the common area
    vp3: int = 0
    vp1: int = 0
    tears: int = 0
    gadget_supply: list[str] = field(default_factory=list)
    box_gadgets: list[str] = field(default_factory=list)  # out of the game (R20)
    stack: list[Frame] = field(default_factory=list)
    ended: bool = False
    end_reason: str | None = None
    winners: list[str] = field(default_factory=list)
    score_history: list[list[int]] = field(default_factory=list)  # totals per seat, per round

    # -- small lookups used everywhere -------------------------------------------------------
    def seat_of(self, player_id: str) -> int:
        for i, p in enumerate(self.players):
            if p.id == player_id:
                return i
        raise KeyError(player_id)

    def turn_order(self) -> list[int]:
        """Seats from the start player clockwise, players still in (R1, R20)."""
        players = self.players
        return [s for s in _CLOCKWISE[len(players)][self.start] if not players[s].out]
