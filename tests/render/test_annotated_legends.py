"""Annotated legends (issue 28): every game's legend is
a picture of a made-up table drawn by the game's own picture code from a public view, with a
numbered callout on each kind of thing and a numbered key under it (render/callouts.py)."""

from __future__ import annotations

import importlib
import io
from typing import Any

import pytest
from PIL import Image

import render.callouts as callouts_mod
from render.callouts import BADGE_R, Callout, problems
from tests.render.labels import forget_pictures

PACKAGES = ("stella_digger", "mining_colony", "white_ranium", "out_of_mine")


def _module(pkg: str) -> Any:
    return importlib.import_module(f"render.{pkg}.legend")


@pytest.mark.parametrize("pkg", PACKAGES)
def test_every_callout_is_inside_the_picture_and_apart_from_the_others(pkg: str) -> None:
    mod = _module(pkg)
    marks = mod.callouts()
    top = mod.legend_image()
    assert len(marks) >= 13
    assert problems(marks, top.width, top.height) == []
    data = mod.legend_png()
    im = Image.open(io.BytesIO(data))
    assert im.format == "PNG" and im.width == top.width


def test_problems_sees_a_badge_outside_and_two_overlapping() -> None:
    marks = [Callout(5, 50, "out"), Callout(100, 100, "a"), Callout(100 + BADGE_R, 100, "b")]
    assert problems(marks, 200, 200) == ["1 outside: out", "2 and 3 overlap"]


@pytest.mark.parametrize("pkg", ("mining_colony", "white_ranium", "out_of_mine"))
def test_the_legend_draws_from_a_public_view_only(pkg: str, monkeypatch: pytest.MonkeyPatch
                                                  ) -> None:
    mod = _module(pkg)
    view = mod.legend_view()
    assert view["viewer"] is None
    if pkg == "mining_colony":
        assert all(p["hand"] is None and p["deck"] is None for p in view["players"].values())
    seen: list[Callout] = []
    real = callouts_mod.annotated

    def spy(top: Image.Image, marks: list[Callout], title: str) -> Image.Image:
        seen.extend(marks)
        return real(top, marks, title)

    monkeypatch.setattr(mod, "annotated", spy)
    forget_pictures(pkg)  # cached per process or per language: drawn anew through the spy
    try:
        mod.legend_image()
    finally:
        forget_pictures(pkg)
    assert [m.words for m in seen] == [m.words for m in mod.callouts(view)]


#: The marks the key sheets explained (render/<g>/legend.py before issue 28) each in a key entry.
KEYS = {
    "mining_colony": ("Diamond", "Circle", "Triangle", "House", "Hexagon", "inner frame",
                      "Ring with H", "Letter square", "*", "Dome", "starting space",
                      "undeveloped", "edges of the tiles", "P purple", "R red", "Brown square"),
    "white_ranium": ("Pawn", "octagon", "Ring", "space loader", "glyph", "symbol",
                     "Yellow frame", "Arrow with a number", "Dashed", "stripe", "hub", "Ore"),
    "out_of_mine": ("rock", "gallery", "dots", "stripes", "diagonal", "cross-hatch", "rings",
                    "element", "cut by the call", "elf", "stripe"),
}


@pytest.mark.parametrize("pkg", sorted(KEYS))
def test_the_key_covers_every_mark_the_key_sheet_explained(pkg: str) -> None:
    words = [m.words for m in _module(pkg).callouts()]
    for mark in KEYS[pkg]:
        assert any(mark in w for w in words), mark
    assert not any(" R1" in w or "C8" in w for w in words)  # plain words, no rule numbers


def test_mining_colony_callouts_sit_on_the_squares_their_words_name() -> None:
    from render.mining_colony.board import square_box
    from render.mining_colony.legend import callouts, legend_view

    view = legend_view()
    colony = view["players"]["ann"]["colony"]
    starts = {"A1", "B1", "C1", "D1", "E1", "F1"}

    def under(m: Callout) -> str:  # the square whose top right corner the badge sits on
        for sq in colony:
            _, top, right, _ = square_box(view, 0, sq)
            if (right - 6, top + 6) == (m.x, m.y):
                return sq
        raise AssertionError(m.words)

    expect = {"Dark square": lambda sq: colony[sq] == "undeveloped",
              "Brown square": lambda sq: colony[sq] == "blank" and sq not in starts,
              "Grey-green": lambda sq: sq in starts,
              "Dome": lambda sq: colony[sq] == "dome",
              "Ring with H": lambda sq: colony[sq] == "pad",
              "Four colours": lambda sq: colony[sq] == "any",
              "Diamond": lambda sq: ":crystal/" in colony[sq],
              "Circle": lambda sq: ":worker/" in colony[sq],
              "Triangle": lambda sq: ":ship/" in colony[sq],
              "House": lambda sq: ":outpost/" in colony[sq],
              "Hexagon": lambda sq: ":station/" in colony[sq],
              "Light inner frame": lambda sq: sq in view["players"]["ann"]["tokens"]}
    found = set()
    for m in callouts(view):
        for first, holds in expect.items():
            if m.words.startswith(first):
                assert holds(under(m)), first
                found.add(first)
    assert found == set(expect)


def _fixture(game: str, name: str) -> dict[str, Any]:
    import json
    from pathlib import Path

    here = Path(__file__).parents[1] / game / "render" / "fixtures" / f"{name}.json"
    return json.loads(here.read_text())  # type: ignore[no-any-return]


def test_each_game_picture_points_at_its_legend(monkeypatch: pytest.MonkeyPatch) -> None:
    import render.theme as theme
    from render.callouts import LEGEND_HINT
    from render.mining_colony.board import board_png as colony_png
    from render.out_of_mine.board import board_png as mine_png
    from render.white_ranium.board import board_png as ranium_png
    from tests.white_ranium.conftest import G, Table, load_scenario

    said: list[str] = []
    real = theme.put_text

    def spy(im: Any, xy: Any, text: str, *a: Any, **k: Any) -> Any:
        said.append(text)
        return real(im, xy, text, *a, **k)

    monkeypatch.setattr(theme, "put_text", spy)
    import render.white_ranium.board as ranium_board
    monkeypatch.setattr(ranium_board, "put_text", spy)
    from render.stella_digger.board import map_image
    from render.stella_digger.legend import legend_view

    ranium = G.view(Table(load_scenario("notation_example")).state, None)
    for draw, view in ((map_image, legend_view()),
                       (colony_png, _fixture("mining_colony", "four_players")),
                       (mine_png, _fixture("out_of_mine", "committed_public")),
                       (ranium_png, ranium)):
        said.clear()
        draw(view)
        assert any(LEGEND_HINT in text for text in said), draw.__module__
