"""The sealed-bid test game, registered for these tests only (engine and bot registries)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import engine
import games
from games import Presentation

SEALED = "sealed-bid"


class SealedBidPresentation(Presentation):
    name = SEALED
    title = "Sealed Bid"
    emoji = "🪙"

    def hand_text(self, view: dict[str, Any], player_id: str, game_id: int) -> str:
        me = view["players"][player_id]
        bid = me["bid"]
        return (f"Your coins in game #{game_id}: {me['coins']}"
                + (f"; your bid this round: {bid}" if bid is not None else ""))

    def private_key(self, view: dict[str, Any], player_id: str) -> str:
        return ",".join(map(str, view["players"][player_id]["coins"]))


def register_sealed_bid() -> None:
    engine.register(SEALED, "tests.platform.sealed_bid")
    games.register(SealedBidPresentation())


def unregister_sealed_bid() -> None:
    engine.unregister(SEALED)
    games.unregister(SEALED)


@pytest.fixture
def sealed_bid() -> Iterator[str]:
    register_sealed_bid()
    try:
        yield SEALED
    finally:
        unregister_sealed_bid()
