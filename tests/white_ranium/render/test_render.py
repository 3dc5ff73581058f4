"""render/white_ranium: the picture is drawn from views only, never shows a sealed commit, and
matches its golden (``RENDER_UPDATE_GOLDEN=1`` rewrites it: look at it before committing)."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image

from render.white_ranium.board import HEIGHT, WIDTH, board_only_png, board_png
from tests.render.golden import MEAN_MAX, SHARE_MAX, difference
from tests.white_ranium.engine.test_fights import BLUE, RED

from ..conftest import G, Table, load_scenario, table

GOLDEN = Path(__file__).with_name("golden")


def _check_golden(data: bytes, name: str, tmp_path: Path) -> None:
    path = GOLDEN / name
    if os.environ.get("RENDER_UPDATE_GOLDEN"):
        path.write_bytes(data)
        return
    actual, expected = Image.open(io.BytesIO(data)), Image.open(path)
    assert actual.size == expected.size
    share, mean = difference(actual, expected)
    if share > SHARE_MAX or mean > MEAN_MAX:
        (tmp_path / name).write_bytes(data)
        raise AssertionError(f"{name} differs from its golden: {share:.2%}, mean {mean:.2f}")


def test_the_notation_example_matches_its_golden(tmp_path: Path) -> None:
    t = Table(load_scenario("notation_example"))
    data = board_png(G.view(t.state, None))
    assert Image.open(io.BytesIO(data)).size == (WIDTH, HEIGHT)
    _check_golden(data, "notation_example.png", tmp_path)


def test_the_end_picture_names_the_winner(tmp_path: Path) -> None:
    t = Table(load_scenario("r21_third_marker_wins"))
    _check_golden(board_png(G.view(t.state, "bob")), "r21_end.png", tmp_path)


def test_a_sealed_fight_card_changes_no_pixel_for_others() -> None:
    """Hidden information: bob's committed card is not in ann's or a spectator's picture."""
    pictures = {}
    for card in ("blue-3", "blue-6"):
        t = Table(table(cards="strategy", crews={"red": "E4", "blue": "E4"}, held={"blue": 1},
                        hands={"ann": RED, "bob": BLUE}))
        t.do("ann", "steal blue")
        t.do("bob", f"fight {card}")
        pictures[card] = (board_png(G.view(t.state, "ann")), board_png(G.view(t.state, None)),
                          board_png(G.view(t.state, "bob")))
    assert pictures["blue-3"][0] == pictures["blue-6"][0]
    assert pictures["blue-3"][1] == pictures["blue-6"][1]
    assert pictures["blue-3"][2] != pictures["blue-6"][2]  # bob's own view shows his hand


def test_board_only_is_the_mine_without_the_panel() -> None:
    t = Table(load_scenario("notation_example"))
    im = Image.open(io.BytesIO(board_only_png(G.view(t.state, None))))
    assert im.width < WIDTH and im.height == HEIGHT


def test_python_m_render_draws_a_white_ranium_scenario(tmp_path: Path) -> None:
    from render.__main__ import main

    out = tmp_path / "map.png"
    assert main(["scenario", str(Path(__file__).parents[1] / "scenarios"
                                / "notation_example.json"), "-o", str(out)]) == 0
    assert Image.open(out).size == (WIDTH, HEIGHT)
