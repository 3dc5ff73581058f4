"""Out of Mine!'s scores picture: every player's total after each scored round (7 at the end),
a chart for the end."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from texts import _

from .. import theme as t
from ..encode import png
from .board import _seats

MARKERS = ("circle", "square", "triangle", "diamond")


def scores_png(view: dict[str, Any]) -> bytes:
    """Each player's running total after every scored round (7 at the end)."""
    w, h = 640, 360
    im = Image.new("RGB", (w, h), t.BG)
    draw = ImageDraw.Draw(im)
    left, top, right, bottom = 48, 40, w - 150, h - 40
    series = {}
    for pid in _seats(view):
        rounds = view["players"][pid]["rounds"]
        start = view["players"][pid]["total"] - sum(r["score"] for r in rounds)
        totals, run = [start], start
        for r in rounds:
            run += r["score"]
            totals.append(run)
        series[pid] = totals
    n = max(len(s) for s in series.values())
    lo = min(min(s) for s in series.values())
    hi = max(max(max(s) for s in series.values()), lo + 1)
    t.put_text(im, (left, 10), t.fit(_("Out of Mine! · totals by round"), 18, True, w - left - 8),
               18, t.TEXT, bold=True)
    draw.rectangle((left, top, right, bottom), outline=t.PANEL_EDGE)

    def xy(i: int, v: int) -> tuple[float, float]:
        return (left + (right - left) * i / max(1, n - 1),
                bottom - (bottom - top) * (v - lo) / (hi - lo))

    for i in range(n):
        x, _y = xy(i, lo)
        t.put_text(im, (x, bottom + 10), str(i), 12, t.MUTED, anchor="mt")
    for v in sorted({lo, hi, (lo + hi) // 2}):
        _x, y = xy(0, v)
        t.put_text(im, (left - 8, y), str(v), 12, t.MUTED, anchor="rm")
    for k, (pid, totals) in enumerate(series.items()):
        seat = view["players"][pid]["seat"]
        colour = t.seat_rgb(seat)
        pts = [xy(i, v) for i, v in enumerate(totals)]
        if len(pts) > 1:
            draw.line(pts, fill=colour, width=3)
        for x, y in pts:
            _marker(draw, MARKERS[seat % 4], x, y, colour)
        ly = top + 10 + 26 * k
        _marker(draw, MARKERS[seat % 4], right + 20, ly, colour)
        name = t.fit(view["players"][pid]["name"], 14, True, 100)
        t.put_text(im, (right + 32, ly), f"{name} {totals[-1]}", 14, colour, bold=True,
                   anchor="lm")
    return png(im)


def _marker(draw: ImageDraw.ImageDraw, shape: str, x: float, y: float, colour: t.RGB) -> None:
    r = 6
    if shape == "square":
        draw.rectangle((x - r, y - r, x + r, y + r), fill=colour, outline=t.DARK)
    else:
        t.draw_shape(draw, shape, x, y, r + 1, colour, t.DARK)
