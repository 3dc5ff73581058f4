"""A new game (R3, R21): seats, shuffled decks, piles and resource deck, the supply; then the
first Discover and draw."""

from __future__ import annotations

from typing import Any

from ..core.errors import IllegalDecision
from ..core.rng import Rng, seed_state
from .components import (
    ITEM_COUNTS,
    RESOURCE_CARDS,
    SETS,
    SIDES,
    SIZES,
    STARTING,
    STRUCTURES,
    TILE_IDS,
    TOKEN_COUNTS,
    ZORLORD,
    ZORLORD_SET,
    structures_in_play,
)
from .events import EventLog
from .state import Options, Player, State, Zorlord


def options_from(players: int, options: dict[str, Any] | None) -> Options:
    options = dict(options or {})
    known = {"side", "difficulty", "free_undeveloped"}
    unknown = set(options) - known
    if unknown:
        raise IllegalDecision(f"Unknown option {sorted(unknown)[0]!r}: the options are side, "
                              "difficulty and free_undeveloped.")
    side = options.get("side", "standard")
    if side not in SIDES:
        raise IllegalDecision("The colony side is 'standard' or 'advanced'.")
    difficulty = options.get("difficulty", 1)
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or not 1 <= difficulty <= 4:
        raise IllegalDecision("The solo difficulty is 1, 2, 3 or 4.")
    free = options.get("free_undeveloped", False)
    if not isinstance(free, bool):
        raise IllegalDecision("free_undeveloped is true or false.")
    return Options(side, difficulty, free)


def standard_supply(players: int) -> dict[str, int]:
    """R3/C10: every crystal, worker, ship and token; players - 1 structures per colour."""
    supply = dict(ITEM_COUNTS)
    supply.update({s: structures_in_play(players) for s in STRUCTURES})
    supply.update({f"token/{t}": n for t, n in TOKEN_COUNTS.items()})
    return supply


def blank_state(players: list[str], options: dict[str, Any] | None, seed: int,
                names: dict[str, str] | None) -> State:
    if not 1 <= len(players) <= 4:
        raise IllegalDecision("Mining Colony is for 1 to 4 players.")
    if len(set(players)) != len(players) or ZORLORD in players:
        raise IllegalDecision("Every player must be named once, and 'zorlord' is taken.")
    opts = options_from(len(players), options)
    names = names or {}
    state = State(seed=seed, rng=seed_state(seed),
                  players=[Player(pid, names.get(pid, pid)) for pid in players], options=opts)
    for p in state.players:
        p.colony.board = dict(STARTING[opts.side])
    if len(players) == 1:
        state.zorlord = Zorlord()  # R21
    state.supply = standard_supply(len(players))
    return state


def deal(state: State) -> None:
    """R3: each seat's set shuffled (seat k uses set k, R1; Zorlord set 2, R21), each tile
    pile and the resource deck shuffled."""
    rng = Rng(state)
    for seat, p in enumerate(state.players):
        p.deck = list(SETS[seat])
        rng.shuffle(p.deck)
    if state.zorlord is not None:
        state.zorlord.deck = list(SETS[ZORLORD_SET])
        rng.shuffle(state.zorlord.deck)
    for size in SIZES:
        pile = [t for t in TILE_IDS if t[1] == size]
        rng.shuffle(pile)
        state.piles[size] = pile
    state.resource_deck = sorted(RESOURCE_CARDS)
    rng.shuffle(state.resource_deck)


def count_totals(state: State) -> dict[str, int]:
    """Every limited component now in play: supply, zones, pending, staging, colonies and
    Zorlord's supply (conservation is checked against these, invariants.py)."""
    totals = dict(state.supply)
    def add(thing: str) -> None:
        if thing in totals:
            totals[thing] += 1
    for z in state.zones + (state.preset_zones or []):
        for item in z.items:
            add(item)
    for p in state.players:
        for item in p.pending_items + p.staging + list(p.colony.items.values()):
            add(item)
        for structure in p.colony.structures.values():
            add(structure)
        for token in list(p.colony.tokens.values()) + p.colony.buried:
            add(f"token/{token}")
    if state.zorlord is not None:
        for thing in state.zorlord.supply:
            add(thing)
    return totals


def new_game(players: list[str], options: dict[str, Any] | None, seed: int,
             names: dict[str, str] | None) -> tuple[State, EventLog]:
    from .flow import begin_round

    state = blank_state(players, options, seed, names)
    deal(state)
    state.totals = count_totals(state)
    ev = EventLog()
    ev.say("setup", "Mining Colony begins: "
           + (f"solo against Zorlord (difficulty {state.options.difficulty})"
              if state.solo else f"{len(players)} players")
           + f", {state.options.side} colony side.", players=list(players))
    begin_round(state, ev)
    return state, ev
