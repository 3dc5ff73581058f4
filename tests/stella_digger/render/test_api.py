"""The public pictures on hand-written views (docs/engine-api.md) and on engine views."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from render import theme as t
from render.stella_digger.board import board_png
from render.stella_digger.hand import hand_png
from render.stella_digger.layout import HEIGHT, WIDTH
from render.stella_digger.replay import replay_gif
from render.stella_digger.scores import scores_png

from .games import GAME, spectator_views

FIXTURES = Path(__file__).with_name("fixtures")


def load(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def picture(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


@pytest.mark.parametrize("name", ["midgame", "midgame_bob", "fight4"])
def test_map_is_a_png_at_preview_size(name: str) -> None:
    data = board_png(load(name))
    im = picture(data)
    assert im.format == "PNG"
    assert im.size == (WIDTH, HEIGHT)
    assert len(data) < 500_000


def test_same_view_same_bytes() -> None:
    view = load("fight4")
    assert board_png(view) == board_png(json.loads(json.dumps(view)))


def test_pictures_change_with_the_view() -> None:
    view = load("midgame")
    other = json.loads(json.dumps(view))
    other["map"]["B3"] = "empty"
    assert board_png(view) != board_png(other)


def test_hand_needs_the_players_own_view() -> None:
    bob = load("midgame_bob")
    im = picture(hand_png(bob, "222"))
    assert im.format == "PNG" and im.width >= 560
    with pytest.raises(ValueError):
        hand_png(load("midgame"), "222")  # the spectator view has no numbers
    with pytest.raises(KeyError):
        hand_png(bob, "999")


def test_empty_hand_renders() -> None:
    bob = load("midgame_bob")
    bob["players"]["222"]["hand"] = []
    assert picture(hand_png(bob, "222")).format == "PNG"


def test_scores_accept_totals_or_score_dicts() -> None:
    doc = load("engine_4p_seed3_end")
    view, history = doc["view"], doc["history"]
    as_totals = [{p: s["total"] for p, s in rnd.items()} for rnd in history]
    as_lists = [[rnd[p]["total"] for p in view["seats"]] for rnd in history]
    a = scores_png(view, history)
    assert a == scores_png(view, as_totals) == scores_png(view, as_lists)
    assert picture(a).width == 1200
    assert picture(scores_png(view, [])).format == "PNG"  # no history: an empty chart


def test_replay_is_an_animated_gif_of_the_game() -> None:
    views = spectator_views(2, 5)
    data = replay_gif(views)
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF"
    assert 1 < gif.n_frames <= len(views)
    gif.seek(gif.n_frames - 1)
    assert gif.info["duration"] >= 4000  # the last frame stays
    with pytest.raises(ValueError):
        replay_gif([])


def test_japanese_names_have_glyphs() -> None:
    assert t.printable("岩田さん", True) == "岩田さん"
    assert t.printable("Zoë 한글", False) == "Zoë 한글"
    assert t.printable("Ann 🪨", True) == "Ann ?"  # no emoji in the font: a plain mark, not a box


def test_long_names_are_cut_to_fit() -> None:
    view = load("midgame")
    view["players"]["111"]["name"] = "とても長い名前のプレイヤーさんです" * 3
    assert picture(board_png(view)).size == (WIDTH, HEIGHT)
    assert t.fit("x" * 200, 16, False, 100).endswith("…")


def test_hand_written_fixtures_have_the_engine_views_shape() -> None:
    """The hand-made views carry the same keys as the engine's own views."""
    state = GAME.new_game(["111", "222", "333"], {"red_tears": True}, seed=1)
    engine_view = GAME.view(state, None)
    engine_player = next(iter(engine_view["players"].values()))
    for name in ("midgame", "midgame_bob", "fight4"):
        view = load(name)
        assert set(view) == set(engine_view), name
        for p in view["players"].values():
            assert set(p) == set(engine_player), name
        assert set(view["map"]) == set(engine_view["map"])
