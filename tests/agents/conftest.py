"""Helpers for the agent tests: seeded games played by agents, and hidden-information twins."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from engine import get_game
from engine.agents import Agent, get_agent
from engine.core.rng import Rng, seed_state
from engine.stella_digger.board import TERRAIN
from engine.stella_digger.components import CARD_COLOUR
from engine.stella_digger.state import State

GAME = get_game("stella-digger")


class Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def agent_game(names: list[str], seed: int, max_steps: int = 3000, red_tears: bool = False,
               **options: object) -> Iterator[tuple[State, str, list, object]]:
    """Play a game with one agent per seat; yields (state, player, legal, action) before each
    decision is applied (the state is live: don't keep it)."""
    ids = [f"p{i}" for i in range(len(names))]
    state = GAME.new_game(ids, {"red_tears": red_tears}, seed)
    agents: dict[str, Agent] = {
        p.id: get_agent(names[i], seed=seed * 10 + i, **(options if names[i] == "strong" else {}))
        for i, p in enumerate(state.players)}
    for _ in range(max_steps):
        if state.ended:
            return
        owed = GAME.to_act(state)
        assert owed is not None
        legal = GAME.legal(state)
        action = agents[owed.player].choose(GAME.view(state, owed.player), legal)
        yield state, owed.player, legal, action
        GAME.apply(state, owed.player, action)
    raise AssertionError(f"no end after {max_steps} decisions")


def finished(names: list[str], seed: int, **options: object) -> State:
    """The final state of a game played by these agents (one per seat)."""
    ids = [f"p{i}" for i in range(len(names))]
    state = GAME.new_game(ids, {}, seed)
    agents = {p.id: get_agent(names[i], seed=seed * 10 + i, **options)
              for i, p in enumerate(state.players)}
    while not state.ended:
        owed = GAME.to_act(state)
        assert owed is not None
        GAME.apply(state, owed.player,
                   agents[owed.player].choose(GAME.view(state, owed.player), GAME.legal(state)))
    return state


def hidden_twin(state: State, viewer: str, seed: int) -> State:
    """A copy of ``state`` that differs only in what ``viewer`` can't see (R2): the numbers of
    the other hands' cards and of the deck cards (each position keeps its colour), the order of
    the cards below the deck tops, the face-down tiles of each zone and their arrows, the order
    of the hidden accident cards, and the RNG state."""
    twin = GAME.clone(state)
    rng = Rng(Holder(seed))
    slots: dict[str, list[tuple[list[str], int]]] = defaultdict(list)
    for p in twin.players:
        if p.id != viewer:
            for i, card in enumerate(p.hand):
                slots[CARD_COLOUR[card]].append((p.hand, i))
    for deck in twin.decks:
        for i, card in enumerate(deck):
            slots[CARD_COLOUR[card]].append((deck, i))
    for positions in slots.values():
        cards = [container[i] for container, i in positions]
        rng.shuffle(cards)
        for (container, i), card in zip(positions, cards, strict=True):
            container[i] = card
    for deck in twin.decks:
        below = deck[1:]
        rng.shuffle(below)
        deck[1:] = below
    by_zone: dict[str, list[str]] = defaultdict(list)
    for sq, tile in twin.tiles.items():
        if not tile.face_up:
            by_zone[TERRAIN[sq]].append(sq)
    for squares in by_zone.values():
        faces = [(twin.tiles[sq].code, twin.tiles[sq].arrow) for sq in squares]
        rng.shuffle(faces)
        for sq, (code, arrow) in zip(squares, faces, strict=True):
            twin.tiles[sq].code = code
            twin.tiles[sq].arrow = None if arrow is None else ("up", "right", "down", "left")[
                rng.below(4)]
    hidden = twin.danger + twin.alarm
    rng.shuffle(hidden)
    twin.danger, twin.alarm = hidden[:len(twin.danger)], hidden[len(twin.danger):]
    twin.rng ^= 0x5DEECE66D
    return twin
