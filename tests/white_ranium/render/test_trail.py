"""The turn's trail (what moved, for the picture's arrows): every crew move, tunnel,
transport, a delivery's way to the rim and a winning thief's way to its base, every loader
step, in order; at the next turn's start it becomes the last turn's. The picture draws it,
and is 550 pixels wide (Discord's message width)."""

from __future__ import annotations

import io

from PIL import Image

from engine.white_ranium.invariants import violations
from render.white_ranium.board import WIDTH, board_png
from tests.white_ranium.engine.test_fights import RED, fight

from ..conftest import G, Table, table


def test_moves_and_loader_steps_are_traced_in_order_then_kept_for_the_next_turn() -> None:
    t = Table(table(cells={"A1": "red-ud/blue-ud"}))
    before = t.summary["loaders"]["1"]
    t.do("ann", "tunnel A1", "loader 1 forward")  # R20 (3 ore), R11 (1 ore): the turn ends
    after = t.summary
    assert after["turn"] == "bob" and after["trail"] == []
    assert after["last_trail"] == [["crew", "red", "D4", "A1"],
                                   ["loader", "1", str(before), str(before % 24 + 1)]]
    assert [x[1] for x in after["last_turn"]] == ["tunnel A1", "loader 1 forward"]


def test_a_thief_sent_to_its_base_is_traced() -> None:
    """R14: the winning attacker is put on its base at once."""
    t = fight(["red-6", *RED[:4]], ["blue-2", "blue-3", "blue-4", "blue-5", "blue-6"], red=1)
    t.do("ann", "steal blue")
    assert t.summary["trail"] == [["crew", "red", "E4", "D4"]]


def test_a_corrupt_trail_is_refused() -> None:
    t = Table(table())
    t.state.trail = [["crew", "green", "A1", "A2"]]
    assert any("trail" in v for v in violations(t.state))


def test_the_picture_draws_the_trail_and_fits_discord() -> None:
    t = Table(table(cells={"A1": "red-ud/blue-ud"}))
    t.do("ann", "tunnel A1", "loader 1 forward")
    view = G.view(t.state, None)
    drawn = board_png(view)
    assert Image.open(io.BytesIO(drawn)).width == WIDTH == 550
    assert drawn != board_png({**view, "last_trail": []})
