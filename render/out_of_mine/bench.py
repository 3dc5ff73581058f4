"""An Out of Mine! player's workbench picture (their own view, sent only to them): their side
with coordinates and the draft's tiles, the card's tray of shapes (each shape drawn, with how
many tiles of its colour are left), the tiles placed so far with their times, and, for the kind
in hand, its legal placements numbered as the workbench's select numbers them (1 is the first
word of ``places``): the number picked places exactly the shape drawn under it.

The shapes themselves are shapes.py's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.out_of_mine.components import BIT, COLS, KINDS, ROWS, SIDES
from texts import _, ngettext, number

from .. import numbered
from .. import theme as t
from ..encode import png
from .grid import CRYSTAL_RGB, GALLERY, ROCK, draw_board, tile_words
from .shapes import kind_name, shape_tray

WIDTH = 560  # Discord shows a picture about 550 px wide
PAD = 10
CELL = 44  # the board's squares
THUMB = 11  # a numbered placement's squares
PER_ROW = 5  # numbered placements a row


def _thumb(side: str, covered: int, word: str, number: int) -> Image.Image:
    """Placement ``number``: the side small, the draft's squares grey, the placement in its
    colour, its number at the left (render/numbered.py)."""
    kind, squares = tile_words([word])[0]
    mask = sum(BIT[s] for s in squares)
    grid = SIDES[side].grid
    fills = []
    for r in range(ROWS):
        line = []
        for c in range(len(COLS)):
            sq = f"{COLS[c]}{ROWS - r}"
            fill = ROCK if grid[r][c] == "#" else GALLERY
            if covered & BIT[sq]:
                fill = t.FAINT
            if mask & BIT[sq]:
                fill = CRYSTAL_RGB[KINDS[kind].colour]
            line.append(fill)
        fills.append(line)
    return numbered.thumb(fills, number, THUMB)


def bench_png(view: dict[str, Any], player: str, draft: str, kind: str | None,
              places: Sequence[str], times: Mapping[str, float], more: int = 0) -> bytes:
    """``player``'s workbench from their own view: ``draft`` (the dig so far), ``kind`` the
    tile kind in hand (None: nothing), ``places`` its placements numbered from 1, ``times``
    each placed word's seconds on the clock, ``more`` the placements not numbered."""
    p = view["players"][player]
    side = f"{p['board']}{p['side']}"
    words = draft.split()[1:]
    board = draw_board(side, words, size=CELL)
    info = p.get("card_info") or {"tiles": {}, "number": "?"}
    used: dict[str, int] = {}
    for k, _sq in tile_words(words):
        used[KINDS[k].colour] = used.get(KINDS[k].colour, 0) + 1
    left = {c: n - used.get(c, 0) for c, n in info["tiles"].items()}
    tray_w = WIDTH - board.width - 3 * PAD
    tray = shape_tray(info["tiles"], tray_w, hand=KINDS[kind].shape if kind else None,
                      left=left, title=_("card {number}").format(number=info["number"]))
    listed = [f"{i + 1}. {kind_name(k)}  {','.join(s)}"
              + ("  @" + _("{seconds} s").format(seconds=number(times[w], 1)) if w in times else "")
              for i, ((k, s), w) in enumerate(zip(tile_words(words), words, strict=False))]
    thumbs = [_thumb(side, _covered(words), w, i + 1) for i, w in enumerate(places)]
    top = 30
    upper = max(board.height, tray.height)
    height = (top + upper + PAD + 22 * (1 + len(listed)) + (28 + numbered.rows_height(thumbs, PER_ROW) if kind else 0)
              + PAD)
    im = Image.new("RGB", (WIDTH, height), t.BG)
    t.put_text(im, (PAD, 6), t.fit(_("Your workbench · side {side} · round {round} · only you "
                                     "see it").format(side=side, round=view["round"]),
                                   16, True, WIDTH - 2 * PAD), 16, t.TEXT, bold=True)
    im.paste(board, (PAD, top))
    im.paste(tray, (board.width + 2 * PAD, top))
    y = top + upper + PAD
    placed = (ngettext("placed: {n} tile", "placed: {n} tiles", len(listed)).format(n=len(listed))
              + (" " + _("(time on your clock)") if times else ""))
    t.put_text(im, (PAD, y), t.fit(placed, 16, True, WIDTH - 2 * PAD), 16, t.MUTED, bold=True)
    y += 22
    for line in listed:
        t.put_text(im, (PAD, y), t.fit(line, 16, False, WIDTH - 2 * PAD), 16, t.TEXT)
        y += 22
    if kind:
        hand = kind_name(kind)
        head = (_("in hand: {tile} · pick a number").format(tile=hand)
                + (" " + _("(the first {count}; {more} more: point at a square)").format(
                    count=len(places), more=more) if more else "")
                if places else _("in hand: {tile} · it fits nowhere now").format(tile=hand))
        t.put_text(im, (PAD, y + 4), t.fit(head, 17, True, WIDTH - 2 * PAD), 17, t.ACCENT,
                   bold=True)
        y += 28
        numbered.paste_rows(im, thumbs, PAD, y, WIDTH - 2 * PAD, PER_ROW)
    return png(im)


def _covered(words: Sequence[str]) -> int:
    return sum(BIT[s] for _k, squares in tile_words(list(words)) for s in squares)
