"""White Ranium's replay: an animated GIF of the mine and its panel through the game, one
frame per public view the referee passes (the start, each table round, the end)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import animate
from .board import _image


def replay_gif(views: Iterable[dict[str, Any]]) -> bytes:
    return animate.replay_gif(views, _image)
