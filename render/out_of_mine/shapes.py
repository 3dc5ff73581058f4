"""Out of Mine!'s tile shapes drawn (C2): one shape, a card's tray of shapes (the shapes of
its colours, with how many tiles of each colour are left), a card as chips (a bar of its
colour's size per colour, with the count), and the ``tile-shapes`` rules topic's sheet (every
shape with its name and how many tiles the box holds)."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.out_of_mine.components import COLOURS, KINDS, SHAPES, SIZES
from texts import N_, _

from .. import theme as t
from ..cached import per_language
from ..encode import png
from .grid import CRYSTAL_RGB, _square_tile

WIDTH = 550

#: the crystal colours' words (the notation keeps the English ones: ``red-l``)
COLOUR_WORDS = {"yellow": N_("yellow"), "blue": N_("blue"), "green": N_("green"),
                "red": N_("red"), "white": N_("white")}
#: the finds' words (the card's notation keeps ``gold+1``)
ELEMENT_WORDS = {"gold": N_("gold"), "silver": N_("silver"), "woodworm": N_("woodworm"),
                 "rat": N_("rat")}


def colour_word(colour: str) -> str:
    return _(COLOUR_WORDS[colour]) if colour in COLOUR_WORDS else colour


def element_word(element: str) -> str:
    return _(ELEMENT_WORDS[element]) if element in ELEMENT_WORDS else element


def shape_image(shape: str, cell: int, colour: str | None = None,
                frame: t.RGB | None = None) -> Image.Image:
    """One shape (its first orientation, C2's drawing) in its colour, ``cell`` px squares."""
    cells = SHAPES[shape][0]
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    im = Image.new("RGB", (w * cell + 6, h * cell + 6), t.PANEL)
    d = ImageDraw.Draw(im)
    fill = CRYSTAL_RGB[colour or shape.split("-")[0]]
    for x, y in cells:
        x0, y0 = 3 + x * cell, 3 + (h - 1 - y) * cell
        d.rectangle((x0, y0, x0 + cell - 1, y0 + cell - 1), fill=fill, outline=t.DARK, width=2)
    if frame is not None:
        d.rectangle((0, 0, im.width - 1, im.height - 1), outline=frame, width=3)
    return im


def shape_tray(colours: Mapping[str, int], width: int, cell: int = 11, hand: str | None = None,
               left: Mapping[str, int] | None = None, title: str = "") -> Image.Image:
    """The shapes of ``colours`` (colour -> tiles the card allows), a row of shapes under each
    colour's line ("red · 2 of 2 left"), the shape in ``hand`` framed."""
    rows: list[tuple[str, list[Image.Image]]] = []
    for colour in COLOURS:
        n = colours.get(colour, 0)
        if not n:
            continue
        shapes = list(dict.fromkeys(k.shape for k in KINDS.values() if k.colour == colour))
        more = left.get(colour, n) if left is not None else None
        head = (_("{colour} · {left} of {count} left").format(
            colour=colour_word(colour), left=more, count=n)
            if more is not None else f"{colour_word(colour)} ×{n}")
        rows.append((head, [shape_image(s, cell, frame=t.ACCENT if s == hand else None)
                            for s in shapes]))
    lines: list[tuple[str, list[Image.Image]]] = []
    for head, shapes in rows:  # wrap each colour's shapes into lines of ``width``
        line: list[Image.Image] = []
        x = 0
        lines.append((head, line))
        for im in shapes:
            if line and x + im.width > width:
                line = []
                lines.append(("", line))
                x = 0
            line.append(im)
            x += im.width + 4
    height = (20 if title else 0) + sum((20 if head else 0) + max((i.height for i in line),
                                                                   default=0) + 4
                                        for head, line in lines)
    out = Image.new("RGB", (width, max(1, height)), t.PANEL)
    y = 0
    if title:
        t.put_text(out, (0, y), title, 15, t.TEXT, bold=True)
        y += 20
    for head, line in lines:
        if head:
            t.put_text(out, (0, y + 1), head, 14, t.MUTED, bold=True)
            y += 20
        x = 0
        for im in line:
            out.paste(im, (x, y))
            x += im.width + 4
        y += max((i.height for i in line), default=0) + 4
    return out


def shape_name(shape: str) -> str:
    """``red-l`` -> "red L" (as the menus name it, the colour in the reader's words)."""
    colour, _sep, letter = shape.partition("-")
    return _("{colour} {letter}").format(colour=colour_word(colour),
                                          letter=letter.upper()).strip()


def kind_name(kind: str) -> str:
    """``red-l/gold`` -> "red L with gold"."""
    shape, _sep, element = kind.partition("/")
    return (_("{shape} with {element}").format(shape=shape_name(shape),
                                               element=element_word(element))
            if element else shape_name(shape))


def card_chips(tiles: Mapping[str, int], cell: int = 9, width: int = 10_000) -> Image.Image:
    """A card's tiles as chips: per colour a bar of its size (C1) in its colour, then ``×n``;
    lines of at most ``width`` px."""
    parts = []
    for colour in COLOURS:
        n = tiles.get(colour, 0)
        if n:
            bar = Image.new("RGB", (SIZES[colour] * cell + 2, cell + 2), t.DARK)
            for i in range(SIZES[colour]):
                bar.paste(CRYSTAL_RGB[colour], (1 + i * cell, 1, i * cell + cell, cell + 1))
            parts.append((bar, f"×{n}", bar.width + 4 + t.text_width(f"×{n}", 14, True) + 8))
    lines: list[list[tuple[Image.Image, str, int]]] = [[]]
    for part in parts:
        if lines[-1] and sum(p[2] for p in lines[-1]) + part[2] > width:
            lines.append([])
        lines[-1].append(part)
    line_h = max(cell + 8, 18)
    im = Image.new("RGB", (max(1, max(sum(p[2] for p in line) for line in lines)),
                           line_h * len(lines)), t.PANEL)
    for row, line in enumerate(lines):
        x, mid = 0, row * line_h + line_h // 2
        for bar, word, _w in line:
            im.paste(bar, (x, mid - bar.height // 2))
            x += bar.width + 4
            x += t.put_text(im, (x, mid), word, 14, t.TEXT, bold=True, anchor="lm") + 8
    return im


@per_language  # drawn once per language (the words drawn are the language's)
def shapes_png() -> bytes:
    """Every tile shape (C2) drawn in its colour and pattern, named, with the tiles the box
    holds of it; any may lie turned or mirrored (R8); in the language being written."""
    cell, per = 20, 5
    drawn: list[tuple[str, Image.Image]] = []
    for colour in COLOURS:
        for shape in dict.fromkeys(k.shape for k in KINDS.values() if k.colour == colour):
            count = sum(k.count for k in KINDS.values() if k.shape == shape)
            cells = SHAPES[shape][0]
            w = max(x for x, _ in cells) + 1
            h = max(y for _, y in cells) + 1
            im = Image.new("RGB", (w * cell + 4, h * cell + 4), t.BG)
            d = ImageDraw.Draw(im)
            for x, y in cells:
                x0, y0 = 2 + x * cell, 2 + (h - 1 - y) * cell
                im.paste(_square_tile(colour, cell, False), (x0, y0))
                d.rectangle((x0, y0, x0 + cell - 1, y0 + cell - 1), outline=t.DARK, width=2)
            drawn.append((f"{shape_name(shape)} ×{count}", im))
    pad = 12
    col_w = (WIDTH - 2 * pad) // per
    rows = [drawn[i:i + per] for i in range(0, len(drawn), per)]
    heights = [max(im.height for _, im in line) + 30 for line in rows]
    out = Image.new("RGB", (WIDTH, 84 + sum(heights) + pad), t.BG)
    t.put_text(out, (pad, 10), t.fit(_("Out of Mine! · tile shapes"), 20, True, WIDTH - 2 * pad),
               20, t.TEXT, bold=True)
    t.put_text(out, (pad, 38), t.fit(_("Squares: yellow 1, blue 2, green 3, red 4, white 5."),
                                     15, False, WIDTH - 2 * pad), 15, t.MUTED)
    t.put_text(out, (pad, 58), t.fit(_("Any shape may lie turned or mirrored. ×n: tiles in the "
                                       "box."), 15, False, WIDTH - 2 * pad), 15, t.MUTED)
    y = 84
    for line, h in zip(rows, heights, strict=True):
        for i, (name, im) in enumerate(line):
            x = pad + i * col_w
            out.paste(im, (x, y))
            t.put_text(out, (x, y + h - 26), name, 15, t.TEXT, bold=True)
        y += h
    return png(out)
