"""The score-by-round chart shared by the games' end pictures: one line per seat in its colour,
with the seat's own marker shape so lines differ by more than colour, labelled at the right end.

``history`` is a list, one entry per round, of ``{player: total}`` or ``{player: {"total": n,
...}}``; a list of totals in seat order is accepted too. Players are read from the view's
``seats`` and ``players`` (``name``, ``seat``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from texts import _, pgettext

from . import theme as t

SS = 3

#: Each seat's marker shape on the chart, so lines differ by more than colour.
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")


def _total(entry: Any) -> int:
    if isinstance(entry, Mapping):
        return int(entry.get("total", 0))
    return int(entry or 0)


def series(view: dict[str, Any], history: Sequence[Any]) -> dict[str, list[int]]:
    """Each seated player's total after each round."""
    seats = list(view.get("seats") or [])
    out: dict[str, list[int]] = {pid: [] for pid in seats}
    for rnd in history:
        for i, pid in enumerate(seats):
            if isinstance(rnd, Mapping):
                value = _total(rnd.get(pid, 0))
            else:
                value = _total(rnd[i]) if i < len(rnd) else 0
            out[pid].append(value)
    return out


def player_name(view: dict[str, Any], pid: str) -> str:
    """The name a view gives ``pid`` (its id if none)."""
    p = (view.get("players") or {}).get(pid) or {}
    return str(p.get("name") or (view.get("names") or {}).get(pid) or pid)


def seat_of(view: dict[str, Any], pid: str) -> int:
    """``pid``'s seat (0-based) in a view."""
    seat = ((view.get("players") or {}).get(pid) or {}).get("seat")
    seats = list(view.get("seats") or [])
    return int(seat) if isinstance(seat, int) else (seats.index(pid) if pid in seats else 0)


@lru_cache(maxsize=16)
def marker(seat: int, size: int = 14) -> Image.Image:
    """A seat's chart marker: its colour in its own shape."""
    im = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    s = size * SS
    fill, outline = t.seat_rgb(seat) + (255,), t.DARK + (255,)
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    if shape == "square":
        d.rectangle((SS * 2, SS * 2, s - SS * 2, s - SS * 2), fill=fill, outline=outline, width=SS)
    elif shape == "circle":
        d.ellipse((SS, SS, s - SS, s - SS), fill=fill, outline=outline, width=SS)
    else:
        t.draw_shape(d, shape, s / 2, s / 2, s / 2 - SS, fill, outline, SS)
    return im.resize((size, size), Image.Resampling.LANCZOS)


def _nice_step(top: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        if top / step <= 6:
            return step
    return 200


def draw_chart(im: Image.Image, view: dict[str, Any], history: Sequence[Any], seats: list[str],
               box: tuple[int, int, int, int]) -> None:
    """The chart of ``seats``' totals over ``history`` in ``box`` (x0, y0, x1, y1) of ``im``."""
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 10, fill=t.PANEL, outline=t.PANEL_EDGE)
    t.put_text(im, (x0 + 16, y0 + 14), _("SCORE BY ROUND"), 13, t.MUTED, bold=True)
    lines = series(view, history)
    rounds = max((len(v) for v in lines.values()), default=0)
    px0, py0, px1, py1 = x0 + 56, y0 + 44, x1 - 150, y1 - 40
    if rounds == 0:
        t.put_text(im, ((x0 + x1) // 2, (y0 + y1) // 2), _("no round history"), 16, t.FAINT, anchor="mm")
        return
    lo = min(0, *(min(v) for v in lines.values() if v))
    hi = max(1, *(max(v) for v in lines.values() if v))
    step = _nice_step(hi - lo)
    lo = (lo // step) * step
    hi = -(-hi // step) * step

    def sx(i: int) -> float:
        return px0 + (px1 - px0) * (i / max(1, rounds - 1))

    def sy(v: float) -> float:
        return py1 - (py1 - py0) * ((v - lo) / max(1, hi - lo))

    for v in range(lo, hi + 1, step):
        y = round(sy(v))
        d.line((px0, y, px1, y), fill=t.PANEL_EDGE if v else t.FAINT, width=1)
        t.put_text(im, (px0 - 10, y), str(v), 13, t.MUTED, anchor="rm")
    label_every = max(1, -(-rounds // 16))
    for i in range(rounds):
        if i % label_every == 0 or i == rounds - 1:
            t.put_text(im, (sx(i), py1 + 16), str(i + 1), 13, t.MUTED, anchor="mm")
    t.put_text(im, ((px0 + px1) // 2, y1 - 10), pgettext("chart axis", "round"), 12, t.FAINT, anchor="mm")

    # lines drawn supersampled on a transparent layer over the plot (and a margin for the
    # lines' width), shrunk by averaging each SS x SS block, then laid over the chart
    lx0, ly0 = px0 - 8, py0 - 8
    layer = Image.new("RGBA", ((px1 + 8 - lx0) * SS, (py1 + 8 - ly0) * SS), (0, 0, 0, 0))
    ld = ImageDraw.Draw(layer)
    ends: list[tuple[float, str]] = []
    for pid in seats:
        values = lines.get(pid) or []
        if not values:
            continue
        pts = [((sx(i) - lx0) * SS, (sy(v) - ly0) * SS) for i, v in enumerate(values)]
        colour = t.seat_rgb(seat_of(view, pid)) + (255,)
        if len(pts) > 1:
            ld.line(pts, fill=colour, width=3 * SS, joint="curve")
        ends.append((sy(values[-1]), pid))
    small = layer.reduce(SS)
    im.paste(small, (lx0, ly0), small)
    every = max(1, -(-rounds // 24))
    for pid in seats:
        values = lines.get(pid) or []
        mk = marker(seat_of(view, pid))
        for i, v in enumerate(values):
            if i % every == 0 or i == len(values) - 1:
                im.paste(mk, (round(sx(i)) - 7, round(sy(v)) - 7), mk)
    # end labels, nudged apart so they don't overlap
    ends.sort()
    placed: list[float] = []
    for y, pid in ends:
        if placed and y - placed[-1] < 22:
            y = placed[-1] + 22
        placed.append(y)
        seat = seat_of(view, pid)
        last = (lines.get(pid) or [0])[-1]
        im.paste(marker(seat), (px1 + 14, round(y) - 7), marker(seat))
        label = t.fit(f"{player_name(view, pid)} {last}", 14, True, x1 - px1 - 44)
        t.put_text(im, (px1 + 34, y), label, 14, t.seat_rgb(seat), bold=True, anchor="lm")
