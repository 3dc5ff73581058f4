"""Out of Mine!'s replay: an animated GIF through the game from the public views the referee
passes: each round as revealed (every board with its tiles and score parts; a view after a
reveal holds that round in ``last_round``), the last frame the final round's reveal; the
table at the start only if no round was revealed."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PIL import Image

from .. import animate
from .board import board_image, reveal_image


def frame(view: dict[str, Any]) -> Image.Image:
    last = view.get("last_round")
    if last and any(p["rounds"] for p in view["players"].values()):
        return reveal_image(view, last["round"])
    return board_image(view)


def replay_gif(views: Iterable[dict[str, Any]]) -> bytes:
    """The rounds as revealed (the start's table only while no round has been)."""
    views = [animate.public(v) for v in views]
    revealed = [v for v in views if v.get("last_round")]
    return animate.replay_gif(revealed or views, frame)
