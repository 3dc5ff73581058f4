"""Mining Colony's pictures: drawn from views, nothing hidden shown, goldens (within a small
tolerance; RENDER_UPDATE_GOLDEN=1 rewrites them)."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

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


def _text_boxes(draw: Any, monkeypatch: pytest.MonkeyPatch) -> dict[int, list[tuple[str, tuple[int, int, int, int], tuple[int, int]]]]:
    """Every text run ``draw()`` puts, by the image it is drawn on: (text, its box measured
    with the font's textbbox at its anchor, that image's size)."""
    import render.theme as theme

    found: dict[int, list[tuple[str, tuple[int, int, int, int], tuple[int, int]]]] = {}
    put = theme.put_text

    def spy(im: Any, xy: Any, text: str, size: int, fill: Any = theme.TEXT, bold: bool = False,
            anchor: str = "la") -> int:
        if text:
            box = ImageDraw.Draw(im).textbbox((round(xy[0]), round(xy[1])), text,
                                              font=theme.font(size, bold), anchor=anchor)
            found.setdefault(id(im), []).append((text, box, im.size))
        return put(im, xy, text, size, fill, bold, anchor)

    monkeypatch.setattr(theme, "put_text", spy)
    draw()
    return found


@pytest.mark.parametrize("name", ["four_players", "solo", "own_colony"])
def test_no_text_over_text_and_every_text_fits_its_picture(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: "0 structures, 30 undeveloped" was drawn over the column letters; the solo
    header was cut to "stations P1 Y1..." (the token supply hidden). Text boxes measured
    with ImageDraw.textbbox: none overlaps another, each lies inside its picture, and the
    header's facts are whole (no ellipsis)."""
    from render.mining_colony.board import board_image, player_panel

    view = fixture(name)
    found = _text_boxes((lambda: player_panel(view, "ann")) if name == "own_colony"
                        else (lambda: board_image(view)), monkeypatch)
    texts = [text for runs in found.values() for text, _, _ in runs]
    for runs in found.values():
        for text, (x0, y0, x1, y1), (w, h) in runs:
            assert x0 >= 0 and y0 >= 0 and x1 <= w and y1 <= h, (text, (x0, y0, x1, y1), (w, h))
        for i, (a, ba, _) in enumerate(runs):
            for b, bb, _ in runs[i + 1:]:
                overlap = (min(ba[2], bb[2]) - max(ba[0], bb[0]),
                           min(ba[3], bb[3]) - max(ba[1], bb[1]))
                assert overlap[0] <= 0 or overlap[1] <= 0, (a, ba, b, bb)
    if name != "own_colony":
        tokens = next(s for s in texts if "tokens" in s)
        assert "green" in tokens and not any(s.endswith("…") for s in texts if "piles" in s
                                             or "stations" in s or "tokens" in s)


def test_zorlord_line_names_tiles_only_when_there_are_some() -> None:
    """Issue 28: "+ 0 tiles" for a supply without tiles; "1 tiles"."""
    from render.mining_colony.board import board_image

    view = fixture("solo")
    seen: list[str] = []
    import render.theme as theme
    put = theme.put_text

    def spy(im: Any, xy: Any, text: str, *a: Any, **k: Any) -> int:
        seen.append(text)
        return put(im, xy, text, *a, **k)

    theme.put_text = spy  # type: ignore[assignment]
    try:
        board_image(view)
        one = list(seen)
        seen.clear()
        view["zorlord"]["supply"] = [s for s in view["zorlord"]["supply"] if not s.startswith("t")]
        board_image(view)
    finally:
        theme.put_text = put  # type: ignore[assignment]
    assert "+ 1 tile" in one
    assert not any("tile" in s for s in seen if s.startswith("+")), seen


def test_tile_ids_are_drawn_where_take_and_place_name_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: tile ids appeared in no picture; the pending tile was drawn ~14 px a
    square. Every zone's and every pending tile's id is written under it (13 px), the
    pending tiles (a tall one too) with nothing over or under other text."""
    from render.mining_colony import board

    view = fixture("solo")
    view["players"]["ann"]["pending"] = {"tiles": ["t5-01", "t4-01"],
                                         "items": ["crystal/yellow", "ship/orange"]}
    found = _text_boxes(lambda: board.board_image(view), monkeypatch)
    texts = [text for runs in found.values() for text, _, _ in runs]
    assert "t5-01" in texts and "t4-01" in texts
    for runs in found.values():
        for i, (a, ba, _) in enumerate(runs):
            for b, bb, _ in runs[i + 1:]:
                assert min(ba[2], bb[2]) <= max(ba[0], bb[0]) or \
                    min(ba[3], bb[3]) <= max(ba[1], bb[1]), (a, ba, b, bb)
    four = fixture("four_players")
    found = _text_boxes(lambda: board.board_image(four), monkeypatch)
    texts = [text for runs in found.values() for text, _, _ in runs]
    for zone in four["zones"].values():
        for tile in zone["tiles"]:
            assert tile in texts
    assert board.PENDING >= 2 * 14 and board.CHIP > 18  # squares: pending 32 px, zones 26 px
