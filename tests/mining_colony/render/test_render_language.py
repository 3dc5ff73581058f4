"""Mining Colony's pictures in Japanese and German (issue 30): drawn in the language current when
the render function runs, the same size as in English (the layouts hold the longer words), and
the legend, drawn once per process, drawn once per language (its cache is keyed by it)."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from PIL import Image

import texts
from games.mining_colony import PRESENTATION, labels
from render.mining_colony.board import board_png
from render.mining_colony.hand import hand_png
from render.mining_colony.legend import legend_png
from render.mining_colony.placements import placements_png
from render.mining_colony.scores import scores_png

from .test_render import fixture

PICTURES: dict[str, Callable[[], bytes]] = {
    "round": lambda: board_png(fixture("four_players")),
    "solo": lambda: board_png(fixture("solo")),
    "own colony": lambda: hand_png(fixture("own_colony"), "ann"),
    "scores": lambda: scores_png(fixture("end")),
    "solo scores": lambda: scores_png(fixture("solo")),
    "placements": lambda: placements_png(
        fixture("own_colony"), "ann", ["place t1-01 A2 0", "place t1-01 B2 0"],
        labels.places_title("t1-01", 2)),
}


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


@pytest.mark.parametrize("lang", ["ja", "de"])
@pytest.mark.parametrize("name", sorted(PICTURES))
def test_drawn_in_the_language_at_the_same_size(name: str, lang: str) -> None:
    with texts.using("en"):
        english = PICTURES[name]()
    with texts.using(lang):
        translated = PICTURES[name]()
    assert translated != english, f"{name} in {lang} is drawn as in English"
    assert _size(translated) == _size(english)


def test_the_legend_is_cached_per_language() -> None:
    with texts.using("en"):
        english = legend_png()
    with texts.using("ja"):
        japanese = legend_png()
        assert PRESENTATION.topic_png("legend") == japanese
    with texts.using("de"):
        german = legend_png()
    assert len({english, japanese, german}) == 3
    with texts.using("en"):
        assert legend_png() == english
