"""The sealed-bid test game's invariants: coins are conserved, a bid is coins held, points
bounded."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .game import COINS


def check(state: Any) -> None:
    for p in state.players:
        held = Counter(state.coins[p])
        assert held <= Counter(COINS), f"{p} holds coins the game never gave: {dict(held)}"
        bid = Counter(state.bids.get(p) or [])
        assert state.ended or bid <= held, f"{p} bid coins they don't hold: {dict(bid)}"
        assert 0 <= state.points[p] <= state.round, f"{p} has {state.points[p]} points"
    assert 1 <= state.round <= state.options["rounds"], f"round {state.round} out of range"
