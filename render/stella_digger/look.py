"""Stella Digger's own look on top of render/theme.py: the four game colours (C1) with their
shapes, tile backs by zone (C8), the squares' colours, the target, tears and gadget names.

Every game colour has its own shape too (colour-blind safe): blue a circle, green a triangle,
pink a star, purple a diamond.
"""

from __future__ import annotations

from PIL import ImageDraw

from texts import N_

from ..theme import DARK, RGB, draw_shape, hex_rgb

TARGET = hex_rgb("#3ff0ff")  # this round's target
TEAR = hex_rgb("#e0364a")

#: C1 colours. Each also has its own shape, so no colour is told apart by hue alone.
COLOUR_RGB: dict[str, RGB] = {
    "blue": hex_rgb("#3d8bfd"),
    "green": hex_rgb("#2fbf71"),
    "pink": hex_rgb("#ff6fb5"),
    "purple": hex_rgb("#9b5de5"),
}
COLOUR_DARK: dict[str, RGB] = {
    "blue": hex_rgb("#1d4f9e"),
    "green": hex_rgb("#17703f"),
    "pink": hex_rgb("#a8326c"),
    "purple": hex_rgb("#5a2e94"),
}
COLOUR_SHAPE: dict[str, str] = {
    "blue": "circle",
    "green": "triangle",
    "pink": "star",
    "purple": "diamond",
}

#: Face-down tile backs by zone (C8): shallow, middle, deep, core.
ZONE_RGB: dict[str, RGB] = {
    "a": hex_rgb("#b99563"),
    "b": hex_rgb("#8f5a3a"),
    "c": hex_rgb("#4b4f80"),
    "Y": hex_rgb("#d9a21b"),
}
ZONE_NAME = {"a": "shallow", "b": "middle", "c": "deep", "Y": "core"}
ROCK = hex_rgb("#505564")
START_RGB = hex_rgb("#1e6b5a")
MONSTER_RGB = hex_rgb("#6e1f33")
BLOCKADE_RGB = hex_rgb("#3a3327")

GADGET_ABBR = {
    "super-drill": "SD",
    "enhanced-power": "EP",
    "refining-capsule": "RC",
    "support-drone": "DR",
}
GADGET_NAME = {
    "super-drill": N_("Super Drill"),
    "enhanced-power": N_("Enhanced Power"),
    "refining-capsule": N_("Refining Capsule"),
    "support-drone": N_("Support Drone"),
}


def draw_colour_shape(
    draw: ImageDraw.ImageDraw,
    colour: str,
    cx: float,
    cy: float,
    r: float,
    outline: RGB | None = DARK,
    width: int = 1,
    fill: RGB | None = None,
) -> None:
    draw_shape(draw, COLOUR_SHAPE[colour], cx, cy, r,
               COLOUR_RGB[colour] if fill is None else fill, outline, width)
