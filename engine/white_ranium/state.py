"""The game state: plain dataclasses, JSON through pydantic at the boundary (serial.py).

Only ``apply`` (game.py) changes a state. ``board`` holds the 36 cards as integers
(components.py explains the bits), indexed by place (board.py). ``stack`` holds what interrupts
the active player's turn (a fight, a winning defender's free action, ranium still to place), the
last one first; when it is empty during play, the active player owes an action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SCHEMA = 1


@dataclass(slots=True)
class Player:
    id: str
    name: str
    colours: list[str] = field(default_factory=list)  # first colour: the symbol cards' (R6)
    markers: int = 0
    pile: list[str] = field(default_factory=list)  # face down, top first (standard, luck)
    discard: list[str] = field(default_factory=list)  # face up, in the order played
    hand: list[str] = field(default_factory=list)  # strategy cards (R17)
    delivered: int = 0  # units handed over this turn (R18)


@dataclass(slots=True)
class Crew:
    colour: str
    seat: int = -1  # the owner (R6); -1 until chosen
    at: int = 0  # place index
    held: int = 0  # ranium units (R13, R22)


@dataclass(slots=True)
class Frame:
    """An interruption of the turn. ``kind``: ``fight`` (strategy commits awaited, R15),
    ``free`` (the winning defender's action, R16), ``place`` (units to place, R19)."""

    kind: str
    seat: int  # free: the defender's seat; place: the placer's seat; fight: the attacker's
    attacker: str = ""  # fight: crew colours
    defender: str = ""
    attacker_card: str | None = None  # fight: committed, sealed until the reveal
    defender_card: str | None = None
    left: int = 0  # place: units still to place
    card: str | None = None  # place: the symbol card turned or chosen for the current unit


@dataclass(slots=True)
class FightRecord:
    """The latest fight (R14, R15): crew colours, the cards, the values, the winning crew."""

    attacker: str
    defender: str
    attacker_card: str
    defender_card: str
    attacker_value: int
    defender_value: int
    winner: str | None


@dataclass(slots=True)
class Options:
    cards: str = "standard"  # standard | luck | strategy (R17)


@dataclass(slots=True)
class State:
    seed: int
    rng: int
    players: list[Player]
    options: Options = field(default_factory=Options)
    schema: int = SCHEMA
    game: str = "white-ranium"
    version: int = 0
    phase: str = "swap"  # swap | colours | play | ended
    round: int = 0
    start: int = 0  # the start player's seat
    turn: int = -1  # the active player's seat during play
    ore: int = 0
    swaps_left: int = 2
    choosers: list[int] = field(default_factory=list)  # seats still to choose a colour (R6)
    board: list[int] = field(default_factory=list)
    deck: bool = True  # the board holds the 36 cards of C3/C4 (a scenario may set others)
    ranium: list[int] = field(default_factory=list)  # sorted places holding a unit
    units: int = 0  # units in the game: board + crews + supply stays equal to it
    supply_ranium: int = 0  # handed over, not yet placed again (R18, R19)
    supply_markers: int = 0
    marker_total: int = 0  # markers supply + taken, as set up (R21 lets the supply run short)
    loaders: list[int] = field(default_factory=list)  # loader 1, 2, 3 -> place 1-24
    crews: list[Crew] = field(default_factory=list)  # the crews in play, C1 order
    stack: list[Frame] = field(default_factory=list)
    last_fight: FightRecord | None = None
    turn_log: list[list[str]] = field(default_factory=list)  # [player, decision] this turn
    last_turn_log: list[list[str]] = field(default_factory=list)  # the turn before
    # what moved this turn (for the picture's arrows): ["crew", colour, from, to] (a move,
    # tunnel, transport, a delivery's way to the rim, a thief sent to base) or ["loader", n,
    # from, to] (loader places); ``last_trail`` the turn before
    trail: list[list[str]] = field(default_factory=list)
    last_trail: list[list[str]] = field(default_factory=list)
    ended: bool = False
    winners: list[str] = field(default_factory=list)

    def seat_of(self, player_id: str) -> int:
        for i, p in enumerate(self.players):
            if p.id == player_id:
                return i
        raise KeyError(player_id)

    def crew(self, colour: str) -> Crew | None:
        for c in self.crews:
            if c.colour == colour:
                return c
        return None

    def crews_of(self, seat: int) -> list[Crew]:
        return [c for c in self.crews if c.seat == seat]

    def right_of(self, seat: int) -> int:
        """R1: the previous seat in clockwise order."""
        return (seat - 1) % len(self.players)


def clone(state: State) -> State:
    """A deep, independent copy, written out field by field (a third of the CPU of the codec's
    pydantic round trip): the referee applies each decision to one, the strong search plays on
    them. tests/test_engine_clone.py checks that it shares nothing that can change."""
    out = State(players=[], **{f: getattr(state, f) for f in _SCALARS})
    out.players = [Player(p.id, p.name, list(p.colours), p.markers, list(p.pile),
                          list(p.discard), list(p.hand), p.delivered) for p in state.players]
    out.options = Options(state.options.cards)
    out.crews = [Crew(c.colour, c.seat, c.at, c.held) for c in state.crews]
    out.stack = [Frame(f.kind, f.seat, f.attacker, f.defender, f.attacker_card,
                       f.defender_card, f.left, f.card) for f in state.stack]
    fight = state.last_fight
    out.last_fight = None if fight is None else FightRecord(
        fight.attacker, fight.defender, fight.attacker_card, fight.defender_card,
        fight.attacker_value, fight.defender_value, fight.winner)
    for name in _LISTS:
        setattr(out, name, list(getattr(state, name)))
    for name in _LOGS:
        setattr(out, name, [list(x) for x in getattr(state, name)])
    return out


_LISTS = ("choosers", "board", "ranium", "loaders", "winners")
_LOGS = ("turn_log", "last_turn_log", "trail", "last_trail")
_SCALARS = tuple(f for f in State.__dataclass_fields__
                 if f not in _LISTS + _LOGS + ("players", "crews", "stack", "options", "last_fight"))
