"""Mining Colony's scores picture: the R19 parts of every player and the live totals after each
round (a chart), drawn from one engine view."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from texts import N_, _

from .. import theme as t
from ..encode import png
from .board import PAD

PARTS = ("structures", "resources", "credits", "cards", "undeveloped")
#: the table's column heads (short: each column is 70-110 px wide)
HEADS = {"player": N_("player"), "structures": N_("structures"), "resources": N_("resources"),
         "credits": N_("credits"), "cards": N_("cards"), "undeveloped": N_("undeveloped"),
         "total": N_("total")}
#: a solo game's result as the view names it
RESULTS = {"win": N_("win"), "loss": N_("loss")}


def scores_png(view: dict[str, Any]) -> bytes:
    """Each player's R19 parts and total, and the live totals after each round (a chart)."""
    players = list(view["seats"])
    width, height = 720, 140 + 34 * len(players) + 220
    im = Image.new("RGB", (width, height), t.BG)
    d = ImageDraw.Draw(im)
    t.put_text(im, (PAD, 10), _("Mining Colony · scores"), 22, t.TEXT, bold=True)
    if "solo" in view:
        result = (view["solo"] or {}).get("result")
        said = _(RESULTS[result]) if result in RESULTS else (result or _("in play"))
        t.put_text(im, (PAD, 50), _("Solo against Zorlord: {result}").format(result=said), 18,
                   t.TEXT)
        return png(im)
    heads = ["player", *PARTS, "total"]
    xs = [PAD, 200, 300, 390, 460, 530, 640]
    for x, right, h in zip(xs, [*xs[1:], width - PAD], heads, strict=True):
        t.put_text(im, (x, 52), t.fit(_(HEADS[h]), 13, False, right - x - 6), 13, t.MUTED)
    for i, pid in enumerate(players):
        p = view["players"][pid]
        score = p.get("score") or p.get("live") or {}
        y = 76 + 34 * i
        d.rectangle((PAD, y + 2, PAD + 8, y + 20), fill=t.seat_rgb(p["seat"]))
        t.put_text(im, (PAD + 14, y), f"{p['seat'] + 1}. {t.fit(p['name'], 16, True, 160)}", 16,
                   t.ACCENT if pid in view["winners"] else t.TEXT, bold=True)
        for x, part in zip(xs[1:], [*PARTS, "total"], strict=True):
            t.put_text(im, (x, y), str(score.get(part, "")), 16, t.TEXT)
    history = view.get("history") or []
    top, left, cw, ch = 100 + 34 * len(players), 60, width - 90, 180
    d.rectangle((left, top, left + cw, top + ch), outline=t.PANEL_EDGE)
    values = [v for row in history for v in row] or [0]
    lo, hi = min(min(values), 0), max(max(values), 1)
    zero = top + ch - (0 - lo) / (hi - lo) * ch
    d.line((left, zero, left + cw, zero), fill=t.FAINT)
    t.put_text(im, (left - 6, top), str(hi), 12, t.MUTED, anchor="ra")
    t.put_text(im, (left - 6, top + ch), str(lo), 12, t.MUTED, anchor="rd")
    for seat in range(len(players)):
        pts = [(left + (r + 1) * cw / 10, top + ch - (row[seat] - lo) / (hi - lo) * ch)
               for r, row in enumerate(history)]
        if len(pts) > 1:
            d.line(pts, fill=t.seat_rgb(seat), width=3)
        for x, y in pts:
            d.rectangle((x - 3, y - 3, x + 3, y + 3), fill=t.seat_rgb(seat))
            t.put_text(im, (x, y - 5), str(seat + 1), 11, t.seat_rgb(seat), bold=True,
                       anchor="md")
    for r in range(1, 11):
        t.put_text(im, (left + r * cw / 10, top + ch + 4), str(r), 12, t.MUTED, anchor="ma")
    return png(im)
