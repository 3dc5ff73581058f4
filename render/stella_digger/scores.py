"""End of game: the R19 score breakdown per player and a chart of each player's score over the
rounds (render/chart.py).

``history`` is a list, one entry per round, of ``{player: total}`` or ``{player: {"total": n,
...}}`` (as ``Game.scores`` gives); a list of totals in seat order is accepted too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from texts import N_, NP_, _, pgettext

from .. import theme as t
from ..chart import draw_chart, player_name, seat_of
from ..encode import png
from ..icons import seat_badge

WIDTH = 1200
PAD = 24
ROW_H = 58

#: R19 parts, in the order of the rulings, with their column titles and bar colours.
PARTS: tuple[tuple[str, str, t.RGB], ...] = (
    ("vp_tiles", NP_("score column", "VP tiles"), t.ACCENT),
    ("monsters", N_("Monsters"), t.hex_rgb("#e0566f")),
    ("gadgets", N_("Gadgets"), t.hex_rgb("#5aa9ff")),
    ("gadget_bonus", N_("Set bonus"), t.hex_rgb("#a88bff")),
    ("crystals", N_("Crystals"), t.hex_rgb("#4cd99a")),
    ("drills", N_("Drills"), t.hex_rgb("#ff9f5a")),
    ("unplaced_drills", N_("Unplaced"), t.hex_rgb("#8c93a8")),
)
END_WORDS = {
    "vp3-exhausted": N_("the 3-VP tiles ran out"),
    "core-mined": N_("both core squares were mined"),
    "last-standing": N_("one player was left standing"),
    "no-target": N_("no target could be chosen"),
}


def scores_image(final_view: dict[str, Any], history: Sequence[Any]) -> Image.Image:
    players = final_view.get("players") or {}
    seats = [pid for pid in (final_view.get("seats") or list(players)) if pid in players]
    scores = {pid: (players[pid].get("score") or {}) for pid in seats}
    order = sorted(seats, key=lambda pid: (-int(scores[pid].get("total", 0)), seat_of(final_view, pid)))
    winners = set(final_view.get("winners") or [])
    chart_h = 330
    table_top = 96
    table_h = 40 + ROW_H * len(order)
    height = table_top + table_h + 30 + chart_h + PAD
    im = Image.new("RGB", (WIDTH, height), t.BG)
    d = ImageDraw.Draw(im)

    # title
    t.put_text(im, (PAD, 34), _("Final scores"), 28, t.TEXT, bold=True, anchor="lm")
    code = str(final_view.get("end_reason") or "")
    reason = _(END_WORDS[code]) if code in END_WORDS else code
    sub = _("Round {round}").format(round=final_view.get("round", "?")) + (
        "  ·  " + _("the game ended because {reason}").format(reason=reason) if reason else "")
    t.put_text(im, (PAD, 68), sub, 16, t.MUTED, anchor="lm")
    if winners:
        names = " & ".join(player_name(final_view, w) for w in seats if w in winners)
        t.put_text(im, (WIDTH - PAD, 34), t.fit(_("Winner: {player}").format(player=names), 24, True, 560), 24, t.ACCENT, bold=True,
                   anchor="rm")

    # table: name, stacked bar, part columns, total
    name_w, bar_x, bar_w = 210, PAD + 214, 330
    col_x0 = bar_x + bar_w + 24
    col_w = (WIDTH - PAD - 80 - col_x0) // len(PARTS)
    y = table_top
    d.rounded_rectangle((PAD - 8, y - 6, WIDTH - PAD + 8, y + table_h), 10, fill=t.PANEL, outline=t.PANEL_EDGE)
    for i, (key, title, colour) in enumerate(PARTS):
        cx = col_x0 + i * col_w + col_w // 2
        d.rounded_rectangle((cx - 16, y + 6, cx + 16, y + 11), 2, fill=colour)
        words = pgettext("score column", title) if key == "vp_tiles" else _(title)
        t.put_text(im, (cx, y + 28), t.fit(words, 13, True, col_w - 4), 13, t.MUTED, bold=True, anchor="mm")
    t.put_text(im, (WIDTH - PAD - 36, y + 28), _("Total"), 14, t.TEXT, bold=True, anchor="mm")
    t.put_text(im, (bar_x, y + 28), _("R19 parts"), 13, t.MUTED, bold=True, anchor="lm")
    # bar scale: the positive parts plus the unplaced-drill penalty drawn after them
    scale_max = max([sum(abs(int(scores[pid].get(k, 0))) for k, _t, _c in PARTS) for pid in order] + [1])
    y += 40
    for rank, pid in enumerate(order):
        sc = scores[pid]
        seat = seat_of(final_view, pid)
        cy = y + ROW_H // 2
        if rank:
            d.line((PAD, y, WIDTH - PAD, y), fill=t.PANEL_EDGE)
        badge = seat_badge(seat, 26)
        im.paste(badge, (PAD, cy - 13), badge)
        out = bool((players[pid] or {}).get("out"))
        name = t.fit(player_name(final_view, pid), 20, True, name_w - 40 - (40 if out else 0))
        t.put_text(im, (PAD + 36, cy), name, 20, t.FAINT if out else t.TEXT, bold=True, anchor="lm")
        if out:
            t.put_text(im, (PAD + 40 + t.text_width(name, 20, True), cy), _("out"), 13, t.DANGER, bold=True,
                       anchor="lm")
        x = bar_x
        for key, _t, colour in PARTS:
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
        for i, (key, _t, _c) in enumerate(PARTS):
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

    draw_chart(im, final_view, history, seats, (PAD, y + 30, WIDTH - PAD, y + 30 + chart_h))
    return im


def scores_png(final_view: dict[str, Any], history: Sequence[Any]) -> bytes:
    """PNG bytes of the end-of-game breakdown and score chart."""
    return png(scores_image(final_view, history))
