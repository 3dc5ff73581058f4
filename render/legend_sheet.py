"""A legend as a key sheet: a title, then one row per mark, the mark drawn on the left by the
game's own drawing code (so it looks exactly as in the pictures) and what it means on the right,
wrapped in whole words. 550 px wide (Discord's width), text at least 14 px. The games' own
``legend.py`` (Mining Colony, White Ranium, Out of Mine!) list their marks with it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from . import theme as t

WIDTH = 550
SAMPLE_W, SAMPLE_H = 96, 44
PAD = 12
TEXT = 14
LINE = 19

#: A row: a function drawing the mark in (x0, y0, x1, y1) of an image, and its meaning (a
#: row with no function is a section heading).
Draw = Callable[[Image.Image, tuple[int, int, int, int]], None]
Row = tuple[Draw | None, str]


def wrap(text: str, width: int, size: int = TEXT) -> list[str]:
    out: list[str] = []
    for word in text.split(" "):
        if out and t.text_width(out[-1] + " " + word, size) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def sheet(title: str, rows: Sequence[Row], sample_w: int = SAMPLE_W,
          sample_h: int = SAMPLE_H) -> Image.Image:
    text_x = PAD + sample_w + 12
    text_w = WIDTH - text_x - PAD
    heights = []
    for draw, text in rows:
        if draw is None:
            heights.append(34)
        else:
            heights.append(max(sample_h, LINE * len(wrap(text, text_w))) + 8)
    im = Image.new("RGB", (WIDTH, 48 + sum(heights) + PAD), t.BG)
    t.put_text(im, (PAD, 12), title, 20, t.TEXT, bold=True)
    y = 48
    d = ImageDraw.Draw(im)
    for (draw, text), h in zip(rows, heights, strict=True):
        if draw is None:
            t.put_text(im, (PAD, y + 10), text, 15, t.ACCENT, bold=True)
            d.line((PAD, y + 31, WIDTH - PAD, y + 31), fill=t.PANEL_EDGE)
            y += h
            continue
        top = y + (h - 8 - sample_h) // 2
        box = (PAD, top, PAD + sample_w, top + sample_h)
        d.rectangle(box, fill=t.PANEL)
        draw(im, box)
        lines = wrap(text, text_w)
        ty = y + (h - 8 - LINE * len(lines)) // 2
        for line in lines:
            t.put_text(im, (text_x, ty), line, TEXT, t.TEXT)
            ty += LINE
        y += h
    return im
