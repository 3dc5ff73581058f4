"""The board picture (``board_png``): the round picture (header, map and table, one panel per
player), drawn from a view only; ``board_only_png`` the map alone (a replay frame); ``warm`` builds
the round picture's palette (a render worker's first job)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from render.cached import per_language
from texts import language

from .. import theme as t
from ..encode import palette_of, png
from . import grid, panel
from .layout import HEIGHT, WIDTH


def _background(n_players: int) -> Image.Image:
    """Everything that never changes for a table of ``n_players`` in the language being
    written: drawn once per process and language."""
    return _static(n_players, language())


@lru_cache(maxsize=12)
def _static(n_players: int, lang: str) -> Image.Image:
    im = Image.new("RGB", (WIDTH, HEIGHT), t.BG)
    grid.draw_static(im)
    panel.draw_static(im, n_players)
    return im


def map_image(view: dict[str, Any]) -> Image.Image:
    """The round picture as a Pillow image."""
    im = _background(len(view.get("seats") or view.get("players") or ())).copy()
    grid.draw_board(im, view)
    panel.draw_header(im, view)
    panel.draw_table(im, view)
    panel.draw_players(im, view)
    panel.draw_discard(im, view)
    return im


@per_language
def palette() -> Image.Image:
    """The fixed palette of the round picture (see render/encode.py), one per language: its
    swatches draw words, so a picture's bytes never depend on which language drew first."""
    from .swatch import swatch_views

    return palette_of([map_image(v) for v in swatch_views()])


def board_png(view: dict[str, Any]) -> bytes:
    """PNG bytes of the round picture (posted every round and on ``/stella status``)."""
    return png(map_image(view), palette())


def board_only_png(view: dict[str, Any]) -> bytes:
    """The map alone (a replay frame)."""
    from .replay import board_image

    return png(board_image(view))


def warm() -> None:
    """Build the round picture's fixed palette once (a render worker's first job)."""
    palette()
