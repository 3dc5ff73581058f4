"""The sealed-bid test game's AI: random coins, or the heuristic (bid the largest coin)."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng

from .game import Bid, Open


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
