"""Annotated legends (the rules topic ``legend``): a picture of a made-up table drawn by a game's
own picture code, numbered badges on each kind of thing it draws, and a numbered key under it in
two columns saying what each one is. Stella Digger's, Mining Colony's, White Ranium's and Out of
Mine!'s legends are drawn with it; each game gives only its made-up view and its callouts (where
each badge goes, from its renderer's layout functions, and its words)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from texts import N_, _

from . import theme as t


class Callout(NamedTuple):
    x: int
    y: int
    words: str


#: The line a picture ends with, pointing at its legend (marked for the catalogs; drawn as
#: ``legend_hint()``, in the language being drawn in, with the command as the reader's Discord
#: names it).
LEGEND_HINT = N_("Every mark explained: /game rules topic:legend")
HINT_H = 22
BADGE_R = 13
KEY_SIZE = 15
KEY_LINE = 20
MARGIN = 12


def legend_hint() -> str:
    """``LEGEND_HINT`` in the language being drawn in."""
    return _(LEGEND_HINT)


def badge(im: Image.Image, xy: tuple[int, int], n: int) -> None:
    """A numbered yellow disc with a dark ring, legible on any picture."""
    d = ImageDraw.Draw(im)
    x, y = xy
    r = BADGE_R
    d.ellipse((x - r - 2, y - r - 2, x + r + 2, y + r + 2), fill=t.DARK)
    d.ellipse((x - r, y - r, x + r, y + r), fill=t.ACCENT, outline=t.TEXT, width=2)
    t.put_text(im, (x, y), str(n), 14, t.DARK, bold=True, anchor="mm")


def wrap(text: str, width: int) -> list[str]:
    """A key's words in lines (``theme.wrap``: at spaces, and between Japanese characters)."""
    return t.wrap(text, width, KEY_SIZE)


def problems(marks: Sequence[Callout], width: int, height: int) -> list[str]:
    """What is wrong with where the badges go: one outside the picture, two overlapping."""
    out = []
    for i, a in enumerate(marks):
        if not (BADGE_R <= a.x <= width - BADGE_R and BADGE_R <= a.y <= height - BADGE_R):
            out.append(f"{i + 1} outside: {a.words[:30]}")
        for j, b in enumerate(marks[i + 1:], i + 2):
            if math.dist((a.x, a.y), (b.x, b.y)) <= 2 * BADGE_R + 2:
                out.append(f"{i + 1} and {j} overlap")
    return out


def annotated(top: Image.Image, marks: Sequence[Callout], title: str) -> Image.Image:
    """``top`` with a numbered badge on each mark, and the numbered key below it."""
    width = top.width
    col_w = (width - 3 * MARGIN) // 2
    text_w = col_w - 2 * BADGE_R - 14
    half = (len(marks) + 1) // 2
    columns = [marks[:half], marks[half:]]
    heights = [sum(len(wrap(m.words, text_w)) * KEY_LINE + 10 for m in col) for col in columns]
    key_h = 56 + max(heights) + MARGIN
    im = Image.new("RGB", (width, top.height + key_h), t.BG)
    im.paste(top, (0, 0))
    for n, m in enumerate(marks, 1):
        badge(im, (m.x, m.y), n)
    y0 = top.height + 8
    ImageDraw.Draw(im).line((0, y0 - 8, width, y0 - 8), fill=t.PANEL_EDGE, width=1)
    t.put_text(im, (MARGIN, y0 + 18), title, 16, t.ACCENT, bold=True, anchor="lm")
    n = 1
    for c, col in enumerate(columns):
        x = MARGIN + c * (col_w + MARGIN)
        y = y0 + 48
        for m in col:
            badge(im, (x + BADGE_R + 2, y + KEY_LINE // 2), n)
            for line in wrap(m.words, text_w):
                t.put_text(im, (x + 2 * BADGE_R + 14, y + KEY_LINE // 2), line, KEY_SIZE, t.TEXT,
                           anchor="lm")
                y += KEY_LINE
            y += 10
            n += 1
    return im


def with_hint(im: Image.Image) -> Image.Image:
    """``im`` with a line under it pointing at the legend (its height grows by HINT_H)."""
    out = Image.new("RGB", (im.width, im.height + HINT_H), t.BG)
    out.paste(im, (0, 0))
    t.put_text(out, (MARGIN, im.height + HINT_H // 2), t.fit(legend_hint(), 12, False,
                                                              im.width - 2 * MARGIN),
               12, t.MUTED, anchor="lm")
    return out
