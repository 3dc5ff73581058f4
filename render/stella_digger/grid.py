"""The asteroid map (C8) drawn from a view: squares, decks on the rock squares, drills, links
between joined tiles, this round's target and the Current Location Marker."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.stella_digger.board import COLUMNS, NEIGHBOURS, PRINTED, SQUARES, TERRAIN, YELLOW

from .. import theme as t
from . import tiles
from .layout import COORD, MAP_BOTTOM, MAP_W, MAP_X, MAP_Y, SQ, square_box

#: The three rock squares hold the three decks (rulebook setup 4), in reading order.
DECK_SQUARES: tuple[str, ...] = tuple(sq for sq in SQUARES if TERRAIN[sq] == "#")


def draw_static(im: Image.Image) -> None:
    """What never changes: the board's backing and the coordinates on its edges."""
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((MAP_X - 6, MAP_Y - 6, MAP_X + MAP_W + 6, MAP_BOTTOM + 6), 8, fill=t.BOARD,
                        outline=t.PANEL_EDGE, width=2)
    for i, col in enumerate(COLUMNS):
        x = MAP_X + i * SQ + SQ // 2
        t.put_text(im, (x, MAP_BOTTOM + 8 + COORD // 2), col, 17, t.MUTED, bold=True, anchor="mm")
    for row in range(1, 8):
        y = MAP_Y + (7 - row) * SQ + SQ // 2
        t.put_text(im, (MAP_X - 8 - COORD // 2 + 2, y), str(row), 17, t.MUTED, bold=True, anchor="mm")


def _seat(view: dict[str, Any], player: str) -> int:
    p = view.get("players", {}).get(player)
    if p is not None and isinstance(p.get("seat"), int):
        return int(p["seat"])
    seats = view.get("seats", [])
    return seats.index(player) if player in seats else 0


def sprite_for(view: dict[str, Any], square: str) -> tuple[Image.Image, Image.Image | None]:
    """The square's picture and an RGBA overlay on it (a drill), from its view code."""
    code: str = view["map"][square]
    framed = square in YELLOW
    if code == "start":
        return tiles.square_sprite("start"), None
    if code == "rock":
        i = DECK_SQUARES.index(square) if square in DECK_SQUARES else 0
        decks = view.get("decks") or []
        deck = decks[i] if i < len(decks) else {"count": 0, "top": None}
        return tiles.deck_sprite(i, int(deck.get("count") or 0), deck.get("top")), None
    if code in ("empty", "tunnel"):
        n = PRINTED.get(square)
        return tiles.square_sprite(code, "" if n is None else str(n), framed), None
    if code == "hidden":
        zone = (view.get("backs") or {}).get(square) or TERRAIN[square]
        return tiles.square_sprite("hidden", zone, framed), None
    if code == "blockade":
        return tiles.square_sprite("blockade", "", framed), None
    if code.startswith("drill:"):
        _, player, direction = code.split(":")
        floor = tiles.square_sprite("tunnel" if TERRAIN[square] == "=" else "empty", "", framed)
        return floor, tiles.drill_overlay(_seat(view, player), direction)
    return tiles.square_sprite("face", code, framed), None


def _paste_rgba(im: Image.Image, overlay: Image.Image, xy: tuple[int, int]) -> None:
    im.paste(overlay, xy, overlay)


def draw_board(im: Image.Image, view: dict[str, Any]) -> None:
    """Every square, then what lies across squares: links, target frames, the marker."""
    for sq in SQUARES:
        left, top, _, _ = square_box(sq)
        sprite, overlay = sprite_for(view, sq)
        im.paste(sprite, (left, top))
        if overlay is not None:
            _paste_rgba(im, overlay, (left, top))
    for group in view.get("groups") or []:
        members = set(group)
        for sq in group:
            for n in NEIGHBOURS[sq]:
                if n in members and n > sq:
                    _draw_link(im, sq, n)
    for sq in view.get("target") or []:
        left, top, _, _ = square_box(sq)
        _paste_rgba(im, tiles.target_overlay(), (left, top))
    fight = view.get("fight") or {}
    if fight.get("square") in TERRAIN:
        left, top, _, _ = square_box(fight["square"])
        _paste_rgba(im, tiles.target_overlay(t.DANGER), (left, top))
    marker = view.get("marker")
    if marker in TERRAIN:
        _, top, right, _ = square_box(marker)
        pin = tiles.marker_overlay()
        _paste_rgba(im, pin, marker_xy(marker))


def marker_xy(square: str) -> tuple[int, int]:
    """Where the marker's pin goes: over the square's top-right corner."""
    _, top, right, _ = square_box(square)
    return right - tiles.MARKER_W + 8, top - 10


def _draw_link(im: Image.Image, a: str, b: str) -> None:
    """A bridge across the gap between two joined tiles' plates."""
    ax, ay, ar, ab = square_box(a)
    bx, by, br, bb = square_box(b)
    vertical = a[0] == b[0]
    link = tiles.link_overlay(vertical)
    if vertical:
        cx, cy = (ax + ar) // 2, _edge(ay, ab, by, bb)
    else:
        cx, cy = _edge(ax, ar, bx, br), (ay + ab) // 2
    _paste_rgba(im, link, (cx - link.width // 2, cy - link.height // 2))


def _edge(a0: int, a1: int, b0: int, b1: int) -> int:
    """The pixel line between two adjacent boxes along one axis."""
    return (a1 + b0) // 2 if a1 <= b0 else (b1 + a0) // 2
