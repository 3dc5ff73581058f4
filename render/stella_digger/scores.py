"""End of game: the R19 score breakdown per player and a chart of each player's score over the
rounds.

``history`` is a list, one entry per round, of ``{player: total}`` or ``{player: {"total": n,
...}}`` (as ``Game.scores`` gives); a list of totals in seat order is accepted too."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from .. import theme as t
from ..encode import png
from . import icons

WIDTH = 1200
PAD = 24
ROW_H = 58
SS = 3

#: R19 parts, in the order of the rulings, with their column titles and bar colours.
PARTS: tuple[tuple[str, str, t.RGB], ...] = (
    ("vp_tiles", "VP tiles", t.ACCENT),
    ("monsters", "Monsters", t.hex_rgb("#e0566f")),
    ("gadgets", "Gadgets", t.hex_rgb("#5aa9ff")),
    ("gadget_bonus", "Set bonus", t.hex_rgb("#a88bff")),
    ("crystals", "Crystals", t.hex_rgb("#4cd99a")),
    ("drills", "Drills", t.hex_rgb("#ff9f5a")),
    ("unplaced_drills", "Unplaced", t.hex_rgb("#8c93a8")),
)
END_WORDS = {
    "vp3-exhausted": "the 3-VP tiles ran out",
    "core-mined": "both core squares were mined",
    "last-standing": "one player was left standing",
    "no-target": "no target could be chosen",
}
#: Each seat's marker shape on the chart, so lines differ by more than colour.
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")


def _total(entry: Any) -> int:
    if isinstance(entry, Mapping):
        return int(entry.get("total", 0))
    return int(entry or 0)


def _series(view: dict[str, Any], history: Sequence[Any]) -> dict[str, list[int]]:
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


def _name(view: dict[str, Any], pid: str) -> str:
    p = (view.get("players") or {}).get(pid) or {}
    return str(p.get("name") or (view.get("names") or {}).get(pid) or pid)


def _seat(view: dict[str, Any], pid: str) -> int:
    seat = ((view.get("players") or {}).get(pid) or {}).get("seat")
    seats = list(view.get("seats") or [])
    return int(seat) if isinstance(seat, int) else (seats.index(pid) if pid in seats else 0)


@lru_cache(maxsize=16)
def _marker(seat: int, size: int = 14) -> Image.Image:
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


def scores_image(final_view: dict[str, Any], history: Sequence[Any]) -> Image.Image:
    players = final_view.get("players") or {}
    seats = [pid for pid in (final_view.get("seats") or list(players)) if pid in players]
    scores = {pid: (players[pid].get("score") or {}) for pid in seats}
    order = sorted(seats, key=lambda pid: (-int(scores[pid].get("total", 0)), _seat(final_view, pid)))
    winners = set(final_view.get("winners") or [])
    chart_h = 330
    table_top = 96
    table_h = 40 + ROW_H * len(order)
    height = table_top + table_h + 30 + chart_h + PAD
    im = Image.new("RGB", (WIDTH, height), t.BG)
    d = ImageDraw.Draw(im)

    # title
    t.put_text(im, (PAD, 34), "Final scores", 28, t.TEXT, bold=True, anchor="lm")
    reason = END_WORDS.get(str(final_view.get("end_reason")), str(final_view.get("end_reason") or ""))
    sub = f"Round {final_view.get('round', '?')}" + (f"  ·  the game ended because {reason}" if reason else "")
    t.put_text(im, (PAD, 68), sub, 16, t.MUTED, anchor="lm")
    if winners:
        names = " & ".join(_name(final_view, w) for w in seats if w in winners)
        t.put_text(im, (WIDTH - PAD, 34), t.fit(f"Winner: {names}", 24, True, 560), 24, t.ACCENT, bold=True,
                   anchor="rm")

    # table: name, stacked bar, part columns, total
    name_w, bar_x, bar_w = 210, PAD + 214, 330
    col_x0 = bar_x + bar_w + 24
    col_w = (WIDTH - PAD - 80 - col_x0) // len(PARTS)
    y = table_top
    d.rounded_rectangle((PAD - 8, y - 6, WIDTH - PAD + 8, y + table_h), 10, fill=t.PANEL, outline=t.PANEL_EDGE)
    for i, (_, title, colour) in enumerate(PARTS):
        cx = col_x0 + i * col_w + col_w // 2
        d.rounded_rectangle((cx - 16, y + 6, cx + 16, y + 11), 2, fill=colour)
        t.put_text(im, (cx, y + 28), title, 13, t.MUTED, bold=True, anchor="mm")
    t.put_text(im, (WIDTH - PAD - 36, y + 28), "Total", 14, t.TEXT, bold=True, anchor="mm")
    t.put_text(im, (bar_x, y + 28), "R19 parts", 13, t.MUTED, bold=True, anchor="lm")
    # bar scale: the positive parts plus the unplaced-drill penalty drawn after them
    scale_max = max([sum(abs(int(scores[pid].get(k, 0))) for k, _, _ in PARTS) for pid in order] + [1])
    y += 40
    for rank, pid in enumerate(order):
        sc = scores[pid]
        seat = _seat(final_view, pid)
        cy = y + ROW_H // 2
        if rank:
            d.line((PAD, y, WIDTH - PAD, y), fill=t.PANEL_EDGE)
        badge = icons.seat_badge(seat, 26)
        im.paste(badge, (PAD, cy - 13), badge)
        out = bool((players[pid] or {}).get("out"))
        name = t.fit(_name(final_view, pid), 20, True, name_w - 40 - (40 if out else 0))
        t.put_text(im, (PAD + 36, cy), name, 20, t.FAINT if out else t.TEXT, bold=True, anchor="lm")
        if out:
            t.put_text(im, (PAD + 40 + t.text_width(name, 20, True), cy), "out", 13, t.DANGER, bold=True,
                       anchor="lm")
        x = bar_x
        for key, _, colour in PARTS:
            v = int(sc.get(key, 0))
            if v <= 0:
                continue
            w = round(bar_w * v / scale_max)
            d.rectangle((x, cy - 11, x + w - 1, cy + 11), fill=colour)
            if w >= 20:
                t.put_text(im, (x + w // 2, cy), str(v), 13, t.DARK, bold=True, anchor="mm")
            x += w
        unplaced = int(sc.get("unplaced_drills", 0))
        if unplaced < 0:  # a penalty: an outlined stub after the bar, taken off the total
            w = max(22, round(bar_w * -unplaced / scale_max))
            d.rectangle((x + 3, cy - 11, x + w, cy + 11), outline=PARTS[-1][2], width=2)
            t.put_text(im, (x + 3 + (w - 3) // 2, cy), str(unplaced), 12, t.MUTED, bold=True, anchor="mm")
        for i, (key, _, _) in enumerate(PARTS):
            v = int(sc.get(key, 0))
            t.put_text(im, (col_x0 + i * col_w + col_w // 2, cy), str(v), 18, t.TEXT if v else t.FAINT,
                       bold=bool(v), anchor="mm")
        total = int(sc.get("total", 0))
        winner = pid in winners
        d.rounded_rectangle((WIDTH - PAD - 68, cy - 17, WIDTH - PAD - 4, cy + 17), 17,
                            fill=t.ACCENT if winner else t.PANEL_EDGE)
        t.put_text(im, (WIDTH - PAD - 36, cy), str(total), 20, t.DARK if winner else t.TEXT, bold=True,
                   anchor="mm")
        y += ROW_H

    _chart(im, final_view, history, seats, (PAD, y + 30, WIDTH - PAD, y + 30 + chart_h))
    return im


def _nice_step(top: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        if top / step <= 6:
            return step
    return 200


def _chart(im: Image.Image, view: dict[str, Any], history: Sequence[Any], seats: list[str],
           box: tuple[int, int, int, int]) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 10, fill=t.PANEL, outline=t.PANEL_EDGE)
    t.put_text(im, (x0 + 16, y0 + 14), "SCORE BY ROUND", 13, t.MUTED, bold=True)
    series = _series(view, history)
    rounds = max((len(v) for v in series.values()), default=0)
    px0, py0, px1, py1 = x0 + 56, y0 + 44, x1 - 150, y1 - 40
    if rounds == 0:
        t.put_text(im, ((x0 + x1) // 2, (y0 + y1) // 2), "no round history", 16, t.FAINT, anchor="mm")
        return
    lo = min(0, *(min(v) for v in series.values() if v))
    hi = max(1, *(max(v) for v in series.values() if v))
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
    t.put_text(im, ((px0 + px1) // 2, y1 - 10), "round", 12, t.FAINT, anchor="mm")

    # lines drawn supersampled on a transparent layer, then laid over the chart
    layer = Image.new("RGBA", ((x1 - x0) * SS, (y1 - y0) * SS), (0, 0, 0, 0))
    ld = ImageDraw.Draw(layer)
    ends: list[tuple[float, str]] = []
    for pid in seats:
        values = series.get(pid) or []
        if not values:
            continue
        pts = [((sx(i) - x0) * SS, (sy(v) - y0) * SS) for i, v in enumerate(values)]
        colour = t.seat_rgb(_seat(view, pid)) + (255,)
        if len(pts) > 1:
            ld.line(pts, fill=colour, width=3 * SS, joint="curve")
        ends.append((sy(values[-1]), pid))
    im.paste(layer.resize((x1 - x0, y1 - y0), Image.Resampling.LANCZOS), (x0, y0),
             layer.resize((x1 - x0, y1 - y0), Image.Resampling.LANCZOS))
    every = max(1, -(-rounds // 24))
    for pid in seats:
        values = series.get(pid) or []
        mk = _marker(_seat(view, pid))
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
        seat = _seat(view, pid)
        last = (series.get(pid) or [0])[-1]
        im.paste(_marker(seat), (px1 + 14, round(y) - 7), _marker(seat))
        label = t.fit(f"{_name(view, pid)} {last}", 14, True, x1 - px1 - 44)
        t.put_text(im, (px1 + 34, y), label, 14, t.seat_rgb(seat), bold=True, anchor="lm")


def render_scores(final_view: dict[str, Any], history: Sequence[Any]) -> bytes:
    """PNG bytes of the end-of-game breakdown and score chart."""
    return png(scores_image(final_view, history))
