"""Seeded engine games played by a fixed policy, for the golden pictures and the leak tests.

The policy only uses the engine's public API (``legal``, ``default``, ``to_act``), so the same
seed and step count always reach the same state."""

from __future__ import annotations

from typing import Any

from engine import get_game

GAME = get_game("stella-digger")
NAMES = {"111": "Ann", "222": "Bob", "333": "岩田", "444": "Zoë"}


def policy(state: Any, k: int) -> Any:
    """Mine, drill and buy often, refill when low, fight with the strongest card; else default."""
    ta = GAME.to_act(state)
    legal = GAME.legal(state)
    if ta.decision == "action":
        me = next(p for p in state.players if p.id == ta.player)
        refill = [a for a in legal if str(a) == "refill"]
        if refill and len(me.hand) <= 2 and k % 3:
            return refill[0]
        busy = [a for a in legal if str(a).startswith(("mine", "drill", "buy"))]
        if busy and k % 5 != 4:
            return busy[(k * 7) % len(busy)]
    if ta.decision == "fight":
        fights = [a for a in legal if str(a).startswith("fight")]
        if fights:
            return fights[-1]
    if ta.decision in ("target", "draw"):
        return legal[(k * 3) % len(legal)]
    return GAME.default(state)


def play(n_players: int, seed: int, steps: int | None = None, until: Any = None,
         red_tears: bool = True) -> tuple[Any, list[dict[str, Any]]]:
    """A new seeded game after ``steps`` decisions (None: to the end, or until ``until(state)``).
    Returns the state and the score history (``GAME.scores`` at the end of each round)."""
    ids = list(NAMES)[:n_players]
    state = GAME.new_game(ids, {"red_tears": red_tears}, seed=seed, names={i: NAMES[i] for i in ids})
    history: list[dict[str, Any]] = []
    round_no = state.round
    k = 0
    while GAME.to_act(state) is not None and (steps is None or k < steps):
        if until is not None and until(state):
            break
        ta = GAME.to_act(state)
        GAME.apply(state, ta.player, policy(state, k))
        k += 1
        if state.round != round_no or state.ended:
            history.append(GAME.scores(state))
            round_no = state.round
    return state, history


def spectator_views(n_players: int, seed: int) -> list[dict[str, Any]]:
    """Every spectator view of a whole seeded game, from the start (what a replay is made of)."""
    ids = list(NAMES)[:n_players]
    state = GAME.new_game(ids, {"red_tears": True}, seed=seed, names={i: NAMES[i] for i in ids})
    views = [GAME.view(state, None)]
    k = 0
    while GAME.to_act(state) is not None:
        ta = GAME.to_act(state)
        GAME.apply(state, ta.player, policy(state, k))
        k += 1
        views.append(GAME.view(state, None))
    return views
