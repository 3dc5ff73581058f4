"""Numbered placements: a board drawn small with one placement in colour and its number at the
left, laid out in rows. The private pictures that let a player pick a placement by the number
they see (Out of Mine!'s workbench, Mining Colony's tile placement) draw theirs with it; each
game gives the colours of its squares."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from . import theme as t

NUM_W = 28  # the number's column, left of the small board
GAP = 6  # between rows of placements


def thumb(fills: Sequence[Sequence[t.RGB]], number: int, cell: int,
          edge: Sequence[Sequence[bool]] | None = None) -> Image.Image:
    """Placement ``number``: ``fills`` a row of square colours per board row (top row first),
    each square ``cell`` px; ``edge`` marks the placement's squares, outlined light."""
    rows, cols = len(fills), len(fills[0])
    im = Image.new("RGB", (NUM_W + cols * cell + 2, rows * cell + 2), t.PANEL)
    d = ImageDraw.Draw(im)
    for r, line in enumerate(fills):
        for c, fill in enumerate(line):
            x, y = NUM_W + 1 + c * cell, 1 + r * cell
            d.rectangle((x, y, x + cell - 2, y + cell - 2), fill=fill)
            if edge is not None and edge[r][c]:
                d.rectangle((x - 1, y - 1, x + cell - 1, y + cell - 1), outline=t.TEXT)
    t.put_text(im, (NUM_W - 4, im.height // 2), str(number), 18, t.ACCENT, bold=True,
               anchor="rm")
    return im


def rows_height(thumbs: Sequence[Image.Image], per_row: int) -> int:
    """The height ``paste_rows`` takes."""
    return -(-len(thumbs) // per_row) * (thumbs[0].height + GAP) if thumbs else 0


def paste_rows(im: Image.Image, thumbs: Sequence[Image.Image], x: int, y: int, width: int,
               per_row: int) -> None:
    """``thumbs`` in rows of ``per_row`` across ``width`` px from (x, y), in number order."""
    for i, one in enumerate(thumbs):
        im.paste(one, (x + (i % per_row) * (width // per_row),
                       y + (i // per_row) * (one.height + GAP)))
