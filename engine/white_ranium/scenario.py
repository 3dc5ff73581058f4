"""Scenario files (white-ranium-notation.md): set up a table, play decisions, report the result.

``run_scenario(doc)`` returns ``{"ok": true, "summary", "events"}`` or, at the first illegal
decision, ``{"ok": false, "index", "error"}`` (``index`` null for a bad setup). Players are
seated in the order listed (R1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.errors import GameError
from ..core.rng import Rng
from ..core.scenario import ScenarioError, play_actions, read_header
from .board import PLACE_INDEX
from .cards import deal
from .components import CREWS_IN_PLAY, SYMBOL_CARDS, parse_card
from .events import EventLog
from .flow import advance
from .game import GAME
from .setup import blank_state, choice_order, deal_board
from .state import State

_SETUP_KEYS = {"start_player", "swaps_left", "colours", "board", "ranium", "crews", "held",
               "markers", "supply", "loaders", "piles", "hands"}




@dataclass
class ScenarioRun:
    state: State | None
    result: dict[str, Any]
    events: list[Any] = field(default_factory=list)


def _seat(state: State, name: Any) -> int:
    try:
        return state.seat_of(name)
    except KeyError:
        raise ScenarioError(f"'{name}' is not one of the players.") from None


def _place(name: Any, what: str) -> int:
    if name not in PLACE_INDEX:
        raise ScenarioError(f"{what}: '{name}' is not a place (A1 to F6).")
    return PLACE_INDEX[name]


def _mapping(setup: dict[str, Any], key: str) -> dict[str, Any]:
    value = setup.get(key) or {}
    if not isinstance(value, dict):
        raise ScenarioError(f"'{key}' must be an object.")
    return value


def _count(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ScenarioError(f"{what} must be a whole number, 0 or more.")
    return value


def _colours(state: State, setup: dict[str, Any]) -> bool:
    """``colours``: assign the named players; True when every player is named (R6 skipped)."""
    named = _mapping(setup, "colours")
    n = len(state.players)
    in_play = CREWS_IN_PLAY[n]
    used: list[str] = []
    for name, value in named.items():
        seat = _seat(state, name)
        colours = value if n == 2 else [value]
        if n == 2 and not (isinstance(value, list) and len(value) == 2):
            raise ScenarioError("With two players 'colours' gives each player [FIRST, SECOND].")
        for colour in colours:
            if colour not in in_play or colour in used:
                raise ScenarioError(f"'{colour}' can't be {name}'s colour: each colour in play "
                                    f"({', '.join(in_play)}) goes to one player.")
            used.append(colour)
            crew = state.crew(colour)
            assert crew is not None
            crew.seat = seat
        state.players[seat].colours = list(colours)
    named_seats = {_seat(state, name) for name in named}
    state.choosers = [s for s in choice_order(n, state.start) if s not in named_seats]
    return not state.choosers


def _cards(state: State, setup: dict[str, Any], key: str) -> None:
    """``piles`` (standard, luck) or ``hands`` (strategy): the named cards, the rest of the
    player's five in their discard pile."""
    for name, cards in _mapping(setup, key).items():
        player = state.players[_seat(state, name)]
        own = SYMBOL_CARDS[player.colours[0]]
        if not isinstance(cards, list) or len(set(cards)) != len(cards) or any(
                c not in own for c in cards):
            raise ScenarioError(f"The {key[:-1]} of {name} must list distinct cards of their "
                                f"first colour, like {own[0]}.")
        rest = [c for c in own if c not in cards]
        if key == "piles":
            player.pile, player.hand = list(cards), []
        else:
            player.hand, player.pile = list(cards), []
        player.discard = rest


def build(doc: dict[str, Any]) -> tuple[State, EventLog]:
    """The table a scenario describes, run on to the first decision owed."""
    players, seed, setup = read_header(doc, "white-ranium", _SETUP_KEYS)
    state = blank_state(players, doc.get("options"), seed, None, shuffle_seats=False)
    n = len(state.players)
    state.start = (_seat(state, setup["start_player"]) if "start_player" in setup
                   else Rng(state).below(n))
    fixed: dict[int, int] = {}
    for place, text in _mapping(setup, "board").items():
        try:
            fixed[_place(place, "board")] = parse_card(text)
        except (ValueError, TypeError):
            raise ScenarioError(f"board: '{text}' is not a card; write VISIBLE/HIDDEN[:SYMBOL], "
                                "e.g. red-rdl/blue-ud:4.") from None
    deal_board(state, fixed)
    state.swaps_left = _count(setup.get("swaps_left", 2), "swaps_left")
    if state.swaps_left > 2:
        raise ScenarioError("The start player has at most 2 swaps (R5).")
    if "ranium" in setup:
        places = setup["ranium"]
        if not isinstance(places, list):
            raise ScenarioError("'ranium' lists the places holding a unit.")
        state.ranium = sorted({_place(p, "ranium") for p in places})
    for colour, place in _mapping(setup, "crews").items():
        crew = state.crew(colour)
        if crew is None:
            raise ScenarioError(f"The {colour} crew is not in a {n}-player game.")
        crew.at = _place(place, "crews")
    for colour, units in _mapping(setup, "held").items():
        crew = state.crew(colour)
        if crew is None:
            raise ScenarioError(f"The {colour} crew is not in a {n}-player game.")
        crew.held = _count(units, f"held {colour}")
    state.units = len(state.ranium) + sum(c.held for c in state.crews)
    for name, markers in _mapping(setup, "markers").items():
        state.players[_seat(state, name)].markers = _count(markers, f"markers of {name}")
    taken = sum(p.markers for p in state.players)
    supply = _mapping(setup, "supply")
    if set(supply) - {"markers"}:
        raise ScenarioError("'supply' gives only {\"markers\": n}.")
    state.supply_markers = _count(supply.get("markers", max(0, 9 - taken)), "supply markers")
    state.marker_total = state.supply_markers + taken
    loaders = _mapping(setup, "loaders")
    for key, place in loaders.items():
        if key not in ("1", "2", "3") or not isinstance(place, int) or not 1 <= place <= 24:
            raise ScenarioError("'loaders' maps loaders 1, 2, 3 to places 1 to 24.")
        state.loaders[int(key) - 1] = place
    if len(set(state.loaders)) != 3:
        raise ScenarioError("Two space loaders can't stand on one place.")
    complete = _colours(state, setup)
    if complete:
        for p in state.players:
            deal(state, p)
        _cards(state, setup, "piles" if state.options.cards != "strategy" else "hands")
        other = "hands" if state.options.cards != "strategy" else "piles"
        if setup.get(other):
            raise ScenarioError(f"'{other}' is not used with the '{state.options.cards}' cards.")
    elif any(setup.get(k) for k in ("piles", "hands")):
        raise ScenarioError("'piles' and 'hands' need 'colours' naming every player.")
    ev = EventLog()
    advance(state, ev)
    return state, ev


def run(doc: dict[str, Any]) -> ScenarioRun:
    try:
        state, ev = build(doc)
    except GameError as exc:
        return ScenarioRun(None, {"ok": False, "index": None, "error": f"Setup: {exc}"})
    events = list(ev)
    failed = play_actions(GAME, state, doc.get("actions"), events)
    if failed is not None:
        return ScenarioRun(state, failed, events)
    return ScenarioRun(state, {"ok": True, "summary": GAME.summary(state),
                               "events": [e.as_dict() for e in events]}, events)


def run_scenario(doc: dict[str, Any]) -> dict[str, Any]:
    """The package convention (docs/adding-a-game.md): the result JSON of ``run(doc)``."""
    return run(doc).result


__all__ = ["ScenarioError", "build", "run", "run_scenario"]


def scenario_state(doc: dict[str, Any]) -> tuple[State | None, dict[str, Any]]:
    """The state the scenario reaches (None if its setup failed) and its result: what
    ``python -m render scenario`` draws."""
    outcome = run(doc)
    return outcome.state, outcome.result
