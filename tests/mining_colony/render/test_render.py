"""Mining Colony's pictures: drawn from views, nothing hidden shown, goldens (within a small
tolerance; RENDER_UPDATE_GOLDEN=1 rewrites them)."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from render.mining_colony.board import board_png
from render.mining_colony.hand import hand_png as colony_png
from render.mining_colony.scores import scores_png
from tests.render.golden import difference

from ..conftest import G, play, table

GOLDEN = Path(__file__).with_name("golden")
FIXTURES = Path(__file__).with_name("fixtures")


def fixture(name: str) -> Any:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def pictures() -> dict[str, bytes]:
    return {"four_players": board_png(fixture("four_players")),
            "own_colony": colony_png(fixture("own_colony"), "ann"),
            "solo": board_png(fixture("solo")),
            "scores": scores_png(fixture("end"))}


@pytest.fixture(scope="module")
def drawn() -> dict[str, bytes]:
    return pictures()


@pytest.mark.parametrize("name", ["four_players", "own_colony", "solo", "scores"])
def test_pictures_match_their_goldens(drawn: dict[str, bytes], name: str, tmp_path: Path) -> None:
    data = drawn[name]
    path = GOLDEN / f"{name}.png"
    if os.environ.get("RENDER_UPDATE_GOLDEN"):
        path.write_bytes(data)
    actual, expected = Image.open(io.BytesIO(data)), Image.open(path)
    assert actual.size == expected.size
    share, mean = difference(actual, expected)
    if share > 0.004 or mean > 1.5:
        (tmp_path / f"{name}.png").write_bytes(data)
        raise AssertionError(f"{name} differs from its golden ({share:.2%}); see {tmp_path}")
    assert 500 <= actual.width <= 1200  # readable at Discord's ~550 px preview


def test_a_sealed_bid_and_a_hand_are_in_no_public_picture() -> None:  # R6, hidden information
    decks_a = {"a": [30, 5, 17, 1, 2, 3, 4, 6, 7, 8], "b": [9, 10, 11, 12, 13, 14, 15, 16, 18, 19]}
    decks_b = {"a": [17, 5, 30, 1, 2, 3, 4, 6, 7, 8], "b": [9, 10, 11, 12, 13, 14, 15, 16, 18, 19]}
    one, two = table(["a", "b"], {"decks": decks_a}), table(["a", "b"], {"decks": decks_b})
    play(one, ("a", "play 30 bottom=5,17"))
    play(two, ("a", "play 5 bottom=17,30"))
    for viewer in (None, "b"):
        assert board_png(G.view(one, viewer)) == board_png(G.view(two, viewer))
    assert board_png(G.view(one, "a")) != board_png(G.view(two, "a"))  # her own view shows it
