"""Scenario files (out-of-mine-notation.md): set up a table, play decisions, report the result.

``run_scenario(doc)`` returns the JSON result ``python -m engine scenario FILE.json`` prints;
``run(doc)`` also returns the final state (tests play on from it).
"""

from __future__ import annotations

from typing import Any

from ..core.errors import GameError
from ..core.scenario import ScenarioError, play_actions, read_header
from .components import BOARDS, CARDS, PILE, ROUNDS, SIDES
from .flow import EventLog, other_side, start_round
from .game import GAME
from .setup import blank_state, deal
from .state import State

_SETUP_KEYS = {"seats", "round", "boards", "previous", "pile", "retired", "deck", "redeals",
               "scores"}




def _board(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value not in BOARDS:
        raise ScenarioError(f"{what}: {value!r} is not a board (1 to 10).")
    return value


def _board_list(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise ScenarioError(f"'{what}' is a list of boards.")
    return [_board(v, what) for v in value]


def _by_player(state: State, value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScenarioError(f"'{what}' maps player names to values.")
    ids = {p.id for p in state.players}
    for name in value:
        if name not in ids:
            raise ScenarioError(f"'{name}' in '{what}' is not one of the players.")
    return value


def _seats(state: State, seats: Any) -> None:
    ids = [p.id for p in state.players]
    if not isinstance(seats, list) or sorted(seats) != sorted(ids):
        raise ScenarioError("'seats' lists every player once.")
    by_id = {p.id: p for p in state.players}
    state.players = [by_id[s] for s in seats]


def _boards(state: State, setup: dict[str, Any]) -> None:
    """boards, previous, pile, retired; every other board is unused (in the box)."""
    seed_order = [p.board for p in state.players] + state.pile + state.unused
    named: list[int] = []
    boards = setup.get("boards")
    if boards is not None:
        boards = _by_player(state, boards, "boards")
        if len(boards) != len(state.players):
            raise ScenarioError("'boards' names every player or none.")
        for p in state.players:
            value = boards[p.id]
            if isinstance(value, str):
                if value not in SIDES:
                    raise ScenarioError(f"'{value}' is not a board side (like 4b).")
                p.board, p.side = int(value[:-1]), value[-1]
            else:
                p.board, p.side = _board(value, "boards"), None
            named.append(p.board)
    else:
        named += [p.board for p in state.players]
    for name, side in _by_player(state, setup.get("previous") or {}, "previous").items():
        if side not in SIDES:
            raise ScenarioError(f"'{side}' is not a board side (like 4b).")
        state.player(name).previous = side
    retired = _board_list(setup.get("retired", []), "retired")
    named += retired
    if "pile" in setup:
        pile = _board_list(setup["pile"], "pile")
    else:
        pile = [b for b in seed_order if b not in named][:max(0, PILE - state.round + 1)]
    named += pile
    if len(set(named)) != len(named):
        raise ScenarioError("No board may be named twice (boards, pile, retired).")
    if len(pile) > PILE or len(retired) > PILE:
        raise ScenarioError("The draw pile holds 6 boards at most.")
    state.pile, state.retired = pile, retired
    state.unused = sorted(set(BOARDS) - set(named))
    for p in state.players:
        if p.side is not None and p.previous is not None and int(p.previous[:-1]) == p.board \
                and p.side == p.previous[-1]:
            raise ScenarioError(f"{p.id} got board {p.board} back after playing {p.previous}, "
                                f"so they play {p.board}{other_side(p.side)} (R4).")


def _deck(state: State, deck: Any) -> None:
    if not isinstance(deck, list) or any(not isinstance(c, int) or c not in CARDS
                                         for c in deck) or len(set(deck)) != len(deck):
        raise ScenarioError("'deck' lists distinct cards, 1 to 40, top first.")
    state.deck = list(deck)
    state.discard = sorted(set(CARDS) - set(deck))


def _redeals(state: State, redeals: Any) -> None:
    if not isinstance(redeals, dict):
        raise ScenarioError("'redeals' maps a round number to each player's board.")
    for rnd, deal_ in redeals.items():
        if not str(rnd).isdigit() or not 2 <= int(rnd) <= ROUNDS:
            raise ScenarioError(f"'redeals' round '{rnd}' is not a round from 2 to {ROUNDS}.")
        deal_ = _by_player(state, deal_, "redeals")
        state.redeals[str(int(rnd))] = {k: _board(v, "redeals") for k, v in deal_.items()}


def _scores(state: State, scores: Any) -> None:
    for name, parts in _by_player(state, scores, "scores").items():
        if not isinstance(parts, dict) or any(
                k not in ("total", "calls", "empty") or not isinstance(v, int)
                for k, v in parts.items()):
            raise ScenarioError("'scores' gives each player total, calls and empty numbers.")
        p = state.player(name)
        p.total, p.calls, p.empty = (parts.get("total", 0), parts.get("calls", 0),
                                     parts.get("empty", 0))


def build(doc: dict[str, Any]) -> tuple[State, EventLog]:
    players, seed, setup = read_header(doc, "out-of-mine", _SETUP_KEYS)
    state = blank_state(players, doc.get("options"), seed, doc.get("names"))
    deal(state)
    if "seats" in setup:
        _seats(state, setup["seats"])
    rnd = setup.get("round", 1)
    if not isinstance(rnd, int) or not 1 <= rnd <= ROUNDS:
        raise ScenarioError(f"'round' is a round from 1 to {ROUNDS}.")
    state.round = rnd
    _boards(state, setup)
    if "deck" in setup:
        _deck(state, setup["deck"])
    _redeals(state, setup.get("redeals") or {})
    _scores(state, setup.get("scores") or {})
    ev = EventLog()
    start_round(state, ev)
    return state, ev


def run(doc: dict[str, Any]) -> tuple[State | None, dict[str, Any]]:
    try:
        state, ev = build(doc)
    except GameError as exc:
        return None, {"ok": False, "index": None, "error": f"Setup: {exc}"}
    events = list(ev)
    failed = play_actions(GAME, state, doc.get("actions"), events)
    if failed is not None:
        return state, failed
    summary = GAME.summary(state)
    summary.pop("hidden", None)
    return state, {"ok": True, "summary": summary, "events": [e.as_dict() for e in events]}


def run_scenario(doc: dict[str, Any]) -> dict[str, Any]:
    """The notation document's scenario result: ``{"ok": true, "summary", "events"}`` or
    ``{"ok": false, "index", "error"}``."""
    return run(doc)[1]


def scenario_state(doc: dict[str, Any]) -> tuple[State | None, dict[str, Any]]:
    """The state the scenario reaches (None if its setup failed) and its result: what
    ``python -m render scenario`` draws."""
    return run(doc)
