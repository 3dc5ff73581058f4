"""At 360 px (a phone) the mine picture's smallest text, the hidden face's letter and the
symbol numbers included, is at least 7 px high (issue 28: 10 px at 550, 6.5 px on a phone,
before)."""

from __future__ import annotations

from typing import Any

import pytest

import render.white_ranium.board as board
import render.white_ranium.cards as cards
from render.white_ranium.board import WIDTH, board_png

from ..conftest import G, Table, load_scenario

PHONE = 360


def test_every_text_on_the_mine_picture_is_7_px_high_on_a_phone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[tuple[int, str]] = []
    real = board.put_text

    def spy(im: Any, xy: Any, text: str, size: int, *a: Any, **k: Any) -> Any:
        sizes.append((size, text))
        return real(im, xy, text, size, *a, **k)

    monkeypatch.setattr(board, "put_text", spy)
    monkeypatch.setattr(cards, "put_text", spy)
    t = Table(load_scenario("notation_example"))
    board_png(G.view(t.state, None))
    texts = {text for _, text in sizes}
    assert {"W", "R", "B", "Y"} <= texts and {"3", "5"} <= texts  # hubs, glyphs, symbols drawn
    smallest = min(size for size, _ in sizes)
    assert smallest * PHONE / WIDTH >= 7, smallest
