"""The sealed-bid test game's AI: random coins, the heuristic (bid the largest coin), and the
search hooks of the ``strong`` level (docs/engine-api.md): ``determinize`` rebuilds the state
from a player's view, leaving every other player's sealed bid out (they still owe it in the
sample), ``candidates`` lists every set of the player's coins, ``playout`` bids the largest coin."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.core.rng import Rng

from .game import Bid, Open, State


def random_decision(game: Any, state: Any, player: str, rng: Rng) -> Any:
    owed = {o.player: o for o in game.owed(state)}[player]
    if owed.decision == "open":
        return Open()
    coins = [c for c in state.coins[player] if rng.below(2)]
    bid = Bid(tuple(sorted(coins)))
    if state.options["timed"]:
        bid = game.stamp(state, player, bid, float(rng.below(100)), {})
    return bid


def heuristic(game: Any, view: dict[str, Any], player: str, legal: list[Any] | None,
              rng: Rng) -> Any:
    if legal:
        return legal[0]
    coins = view["players"][player]["coins"]
    return Bid((max(coins),) if coins else ())


def determinize(game: Any, view: dict[str, Any], player: str, rng: Rng) -> State:
    """The state ``player`` sees: nothing is hidden but the other players' sealed bids, which
    are left out (those players owe their bid again in the sample)."""
    seats = list(view["seats"])
    vp = view["players"]
    state = State(list(seats), dict(view["options"]), seed=0, rng=rng.next64(),
                  version=view["version"], round=view["round"], last=view["last"],
                  ended=view["ended"], winners=list(view["winners"]))
    for p in seats:
        state.coins[p] = list(vp[p]["coins"])
        state.points[p] = vp[p]["points"]
        state.opened[p] = vp[p]["opened"]
        own = vp[p]["bid"] if p == player else None
        state.bids[p] = list(own) if own is not None else ([] if view["ended"] else None)
        state.times[p] = None
    return state


def candidates(game: Any, state: State, player: str, legal: list[Any] | None) -> list[Any]:
    if legal:
        return list(legal)
    coins = state.coins[player]
    return [Bid(c) for k in range(len(coins) + 1) for c in combinations(coins, k)]


def playout(game: Any, state: State, player: str, rng: Rng) -> Any:
    if not state.opened[player]:
        return Open()
    coins = state.coins[player]
    bid = Bid((max(coins),) if coins else ())
    if state.options["timed"]:
        bid = game.stamp(state, player, bid, 10.0, {})
    return bid
