"""Laying out a new game from player ids, options and a seed (rulebook Setup, R1, R3, C7-C9)."""

from __future__ import annotations

from engine.core.errors import IllegalDecision
from engine.core.rng import Rng, seed_state
from engine.stella_digger.board import DIRECTIONS, SQUARES, TERRAIN, YELLOW
from engine.stella_digger.components import (
    ALL_CARDS,
    ALL_GADGETS,
    COLOURS,
    CORE_DRAW,
    CORE_POOL,
    CRYSTALS_PER_COLOUR,
    DRILLS_PER_PLAYER,
    FIRST_TARGETS,
    TEAR_TILES,
    TILE_PILES,
    VP1_TILES,
    VP3_TILES,
)
from engine.stella_digger.events import EventLog
from engine.stella_digger.rounds.decks import split_three
from engine.stella_digger.rounds.flow import advance, begin
from engine.stella_digger.rules.accidents import lay_out
from engine.stella_digger.state import Options, Player, State, Tile


def check_players(players: list[str]) -> None:
    if not 2 <= len(players) <= 4:
        raise IllegalDecision("Stella Digger is for 2 to 4 players.")
    if len(set(players)) != len(players) or any(not p for p in players):
        raise IllegalDecision("Every player needs a distinct, non-empty id.")


def parse_options(options: dict[str, object] | None) -> Options:
    options = dict(options or {})
    red = options.pop("red_tears", False)
    if not isinstance(red, bool):
        raise IllegalDecision("The option red_tears is true or false.")
    if options:
        raise IllegalDecision(f"Unknown option{'s' if len(options) > 1 else ''}: "
                              f"{', '.join(sorted(options))}. Stella Digger has: red_tears.")
    return Options(red_tears=red)


def deal_tiles(state: State) -> None:
    """C9: each zone's pile shuffled onto its squares; connected arrows at random; two of the
    four core tiles at random on the yellow-framed squares."""
    rng = Rng(state)
    state.tiles = {}
    piles = {zone: list(pile) for zone, pile in TILE_PILES.items()}
    core = list(CORE_POOL)
    rng.shuffle(core)
    piles["Y"] = core[:CORE_DRAW]
    for zone, pile in piles.items():
        rng.shuffle(pile)
        squares = [sq for sq in SQUARES if TERRAIN[sq] == zone]
        assert len(squares) == len(pile), f"zone {zone}: {len(squares)} squares, {len(pile)} tiles"
        for sq, code in zip(squares, pile, strict=True):
            if code.endswith(">"):
                state.tiles[sq] = Tile(code[:-1], arrow=DIRECTIONS[rng.below(4)])
            else:
                state.tiles[sq] = Tile(code)
    assert all(sq in state.tiles for sq in YELLOW)


def blank_state(players: list[str], options: dict[str, object] | None, seed: int,
                names: dict[str, str] | None, shuffle_seats: bool) -> State:
    """A table before any tile or card is dealt: seats, supplies, start player (R1)."""
    check_players(players)
    names = names or {}
    state = State(seed=seed, rng=seed_state(seed), players=[], options=parse_options(options))
    rng = Rng(state)
    seats = list(players)
    if shuffle_seats:
        rng.shuffle(seats)
    state.players = [Player(pid, names.get(pid) or pid, crystals={c: 0 for c in COLOURS},
                            drills_left=DRILLS_PER_PLAYER[len(seats)]) for pid in seats]
    state.start = rng.below(len(seats))
    state.supply = {c: CRYSTALS_PER_COLOUR for c in COLOURS}
    state.vp3, state.vp1, state.tears = VP3_TILES, VP1_TILES, TEAR_TILES
    state.gadget_supply = list(ALL_GADGETS)
    return state


def deal(state: State) -> None:
    """Tiles (C9), three decks of the shuffled drill cards (R3), accidents (R3); A2 and B1 are
    flipped for the first target (R4)."""
    rng = Rng(state)
    deal_tiles(state)
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    state.decks = split_three(cards)
    accident_cards = list(COLOURS)
    rng.shuffle(accident_cards)
    lay_out(state, accident_cards)
    for sq in FIRST_TARGETS:
        state.tiles[sq].face_up = True


def new_game(players: list[str], options: dict[str, object] | None, seed: int,
             names: dict[str, str] | None = None) -> tuple[State, EventLog]:
    """Seats shuffled, start player at random, tiles, decks (11/11/10) and accidents dealt, A2 and
    B1 flipped; the first decision (the start player's target) is owed."""
    state = blank_state(players, options, seed, names, shuffle_seats=True)
    deal(state)
    ev = EventLog()
    order = ", ".join(state.players[s].name for s in state.turn_order())
    ev.say("setup", f"A new game of Stella Digger: {order} (in turn order). "
           f"{state.players[state.start].name} is the start player.",
           seats=[p.id for p in state.players], start=state.players[state.start].id)
    begin(state, setup_draws=True)
    advance(state, ev)
    return state, ev
