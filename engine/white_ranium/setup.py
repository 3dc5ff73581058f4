"""A new game (R1, R3-R6): seats and start player from the seed, the board, the pieces."""

from __future__ import annotations

from typing import Any

from ..core.errors import IllegalDecision
from ..core.rng import Rng, seed_state
from .board import BASE_PLACE, PLACE_INDEX, RING
from .components import (
    COLOURS,
    CREWS_IN_PLAY,
    LOADER_STARTS,
    MARKERS,
    RANIUM_STARTS,
    RING_CODES,
    base_card,
    flip_long,
    rotate,
)
from .events import EventLog
from .state import Crew, Options, Player, State

CARD_MODES = ("standard", "luck", "strategy")


def options_from(options: dict[str, Any] | None) -> Options:
    options = dict(options or {})
    cards = options.pop("cards", "standard")
    if options:
        raise IllegalDecision(f"Unknown option{'s' if len(options) > 1 else ''}: "
                              f"{', '.join(sorted(options))} (the one option is 'cards').")
    if cards not in CARD_MODES:
        raise IllegalDecision("The symbol cards are played 'standard', 'luck' or 'strategy'.")
    return Options(cards=cards)


def choice_order(n: int, start: int) -> list[int]:
    """R6: from the start player's right neighbour counter-clockwise, the start player last;
    with two players P, S, P, S."""
    if n == 2:
        other = 1 - start
        return [other, start, other, start]
    return [(start - i) % n for i in range(1, n + 1)]


def deal_board(state: State, fixed: dict[int, int] | None = None) -> None:
    """R3: base crossings in the centre, the 32 ring cards shuffled onto the ring places, each
    with a random face up and a random orientation. ``fixed`` (scenarios) names places."""
    fixed = fixed or {}
    rng = Rng(state)
    board = [0] * 36
    for colour in COLOURS:
        board[BASE_PLACE[colour]] = base_card(colour)
    cards = list(RING_CODES)
    rng.shuffle(cards)
    for place, card in zip([p for p in RING if p not in fixed], cards, strict=False):
        if rng.below(2):
            card = flip_long(card)
        if rng.below(2):
            card = rotate(card)
        board[place] = card
    for place, card in fixed.items():
        board[place] = card
    state.board = board
    state.deck = not fixed


def blank_state(players: list[str], options: dict[str, Any] | None, seed: int,
                names: dict[str, str] | None, shuffle_seats: bool) -> State:
    if not 2 <= len(players) <= 4:
        raise IllegalDecision("White Ranium is played by 2 to 4 players.")
    if len(set(players)) != len(players):
        raise IllegalDecision("Each player can take only one seat.")
    state = State(seed=seed, rng=seed_state(seed), players=[], options=options_from(options))
    order = list(players)
    if shuffle_seats:  # R1
        Rng(state).shuffle(order)
    names = names or {}
    state.players = [Player(p, names.get(p, p)) for p in order]
    n = len(order)
    state.crews = [Crew(c, at=BASE_PLACE[c]) for c in CREWS_IN_PLAY[n]]  # R4
    state.ranium = sorted(PLACE_INDEX[p] for p in RANIUM_STARTS[n])  # C8, C10
    state.units = len(state.ranium)
    state.supply_markers = state.marker_total = MARKERS
    state.loaders = list(LOADER_STARTS)  # C9
    return state


def new_game(players: list[str], options: dict[str, Any] | None, seed: int,
             names: dict[str, str] | None) -> tuple[State, EventLog]:
    from .flow import advance

    state = blank_state(players, options, seed, names, shuffle_seats=True)
    state.start = Rng(state).below(len(players))  # R1
    deal_board(state)
    state.choosers = choice_order(len(players), state.start)
    ev = EventLog()
    seats = ", ".join(p.name for p in state.players)
    ev.say("setup", f"White Ranium: seats clockwise {seats}; {state.players[state.start].name} "
           f"starts. The symbol cards are played '{state.options.cards}'.",
           seats=[p.id for p in state.players], start=state.players[state.start].id)
    advance(state, ev)
    return state, ev
