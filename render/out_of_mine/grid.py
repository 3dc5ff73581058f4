"""One gallery board side with its tiles, as a Pillow image (drawn from view data only).

Colour-blind safe: every crystal colour has its own pattern and its initial on the tile
(yellow dots, blue stripes, green diagonals, red cross-hatch, white plain with a ring), elves
show their colour's initial, elements a short word (Au, Ag, worm, rat).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.out_of_mine.components import COLS, KINDS, ROWS, SIDES

from .. import theme as t

CRYSTAL_RGB: dict[str, t.RGB] = {
    "yellow": t.hex_rgb("#f2c84b"),
    "blue": t.hex_rgb("#3d8bfd"),
    "green": t.hex_rgb("#2fbf71"),
    "red": t.hex_rgb("#e5484d"),
    "white": t.hex_rgb("#e6e8ef"),
}
PATTERN = {"yellow": "dots", "blue": "stripes", "green": "diagonal", "red": "hatch",
           "white": "ring"}
ELEMENT_WORD = {"gold": "Au", "silver": "Ag", "woodworm": "worm", "rat": "rat"}
ROCK = t.hex_rgb("#5a4a3c")  # earth: rock is brown and hatched, galleries dark and plain
GALLERY = t.FLOOR


def square_xy(sq: str, size: int, ox: int, oy: int) -> tuple[int, int]:
    """Top-left pixel of square ``sq`` (row 5 at the top, column A at the left)."""
    return ox + COLS.index(sq[0]) * size, oy + (ROWS - int(sq[1])) * size


def _pattern(draw: ImageDraw.ImageDraw, colour: str, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    ink = t.mix(CRYSTAL_RGB[colour], t.DARK, 0.35)
    kind = PATTERN[colour]
    step = max(6, (x1 - x0) // 5)
    if kind == "dots":
        for x in range(x0 + step // 2, x1, step):
            for y in range(y0 + step // 2, y1, step):
                draw.ellipse((x - 1, y - 1, x + 1, y + 1), fill=ink)
    elif kind == "stripes":
        for y in range(y0 + step // 2, y1, step):
            draw.line((x0, y, x1 - 1, y), fill=ink, width=2)
    elif kind in ("diagonal", "hatch"):
        for k in range(-(y1 - y0), x1 - x0, step):
            draw.line((x0 + k, y1 - 1, x0 + k + (y1 - y0), y0), fill=ink, width=2)
            if kind == "hatch":
                draw.line((x0 + k, y0, x0 + k + (y1 - y0), y1 - 1), fill=ink, width=2)
    else:
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        r = (x1 - x0) // 3
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=ink, width=2)


@lru_cache(maxsize=64)
def _square_tile(colour: str, size: int, faded: bool) -> Image.Image:
    """One covered square: colour, pattern (cached per colour and size)."""
    im = Image.new("RGB", (size, size), CRYSTAL_RGB[colour])
    _pattern(ImageDraw.Draw(im), colour, (0, 0, size, size))
    if faded:
        im = Image.blend(im, Image.new("RGB", (size, size), GALLERY), 0.65)
    return im


def _elf_anchor(side: str, sq: str) -> str:
    """C5: the first of up, right, down, left neighbours that is rock or off the board."""
    grid = SIDES[side].grid
    col, row = COLS.index(sq[0]), int(sq[1])
    for name, dc, dr in (("up", 0, 1), ("right", 1, 0), ("down", 0, -1), ("left", -1, 0)):
        c, r = col + dc, row + dr
        if not (0 <= c < len(COLS) and 1 <= r <= ROWS) or grid[ROWS - r][c] == "#":
            return name
    return "up"


def tile_words(texts: list[str]) -> list[tuple[str, list[str]]]:
    """``red-l:A2,A3,A4,B2@12.0`` -> (kind, squares); ``dig`` and ``time=`` words skipped."""
    out = []
    for word in texts:
        if ":" not in word or word.startswith("time="):
            continue
        kind, _, squares = word.split("@")[0].partition(":")
        if kind in KINDS:
            out.append((kind, squares.split(",")))
    return out


def draw_board(side: str, tiles: list[str], size: int = 46, cut: list[str] | None = None,
               labels: bool = True) -> Image.Image:
    """``side`` (``"4b"``) with ``tiles`` (tile words) placed; ``cut`` tiles faded (R6)."""
    margin = board_margin(size, labels)
    label = max(12, size // 4)  # coordinates: at least 12 px
    w, h = len(COLS) * size + margin + 2, ROWS * size + (margin if labels else 0) + 4
    im = Image.new("RGB", (w, h), t.BOARD)
    draw = ImageDraw.Draw(im)
    ox, oy = margin, 2
    grid = SIDES[side].grid
    for r in range(ROWS):
        for c in range(len(COLS)):
            x, y = ox + c * size, oy + r * size
            rock = grid[r][c] == "#"
            draw.rectangle((x, y, x + size - 1, y + size - 1), fill=ROCK if rock else GALLERY,
                           outline=t.BOARD)
            if rock:
                for k in range(0, size, 9):
                    draw.line((x + k, y + size - 1, x + size - 1, y + k), fill=t.mix(ROCK, t.DARK,
                                                                                      0.3))
    if labels:
        for c, letter in enumerate(COLS):
            t.put_text(im, (ox + c * size + size // 2, oy + ROWS * size + 2), letter, label,
                       t.MUTED, bold=True, anchor="mt")
        for r in range(ROWS):
            t.put_text(im, (margin // 2, oy + r * size + size // 2), str(ROWS - r), label,
                       t.MUTED, bold=True, anchor="mm")
    placed = [(k, s, False) for k, s in tile_words(tiles)]
    placed += [(k, s, True) for k, s in tile_words(cut or [])]
    for kind_name, squares, faded in placed:
        kind = KINDS[kind_name]
        for sq in squares:
            x, y = square_xy(sq, size, ox, oy)
            im.paste(_square_tile(kind.colour, size, faded), (x, y))
        _outline(draw, squares, size, ox, oy, t.DARK if not faded else t.MUTED)
        elves = SIDES[side].elves
        free = [sq for sq in squares if sq not in elves
                and not (kind.element and sq == squares[-1])]
        x, y = square_xy((free or squares)[0], size, ox, oy)
        if free:  # the tile's initial on a square that carries no elf or element word
            t.put_text(im, (x + size // 2, y + size // 2), kind.colour[0].upper(), size // 2,
                       t.DARK, bold=True, anchor="mm")
        else:  # small, in the top left corner: the elf's badge or the word has the rest
            fs = max(12, size // 3)
            draw.rectangle((x + 3, y + 3, x + fs, y + fs + 2), fill=CRYSTAL_RGB[kind.colour])
            t.put_text(im, (x + 4, y + 3), kind.colour[0].upper(), fs, t.DARK, bold=True)
        if kind.element:
            lx, ly = square_xy(squares[-1], size, ox, oy)
            word = ELEMENT_WORD[kind.element]
            fs = element_size(size)
            tw = t.text_width(word, fs, True) + 6
            draw.rectangle((lx + size - tw - 2, ly + size - fs - 6, lx + size - 3, ly + size - 3),
                           fill=t.DARK)
            t.put_text(im, (lx + size - 5, ly + size - 4 - (fs + 2) // 2), word, fs, t.GOLD,
                       bold=True, anchor="rm")
    for sq, colour in SIDES[side].elves.items():
        _elf(im, draw, side, sq, colour, size, ox, oy)
    return im


def board_margin(size: int, labels: bool = True) -> int:
    """The left margin of a drawn board (its row numbers); the squares start there, 2 px down."""
    return max(16, size // 3 + 6) if labels else 2


def square_centre(sq: str, size: int, labels: bool = True) -> tuple[int, int]:
    """The middle of square ``sq`` on a board drawn by ``draw_board``."""
    x, y = square_xy(sq, size, board_margin(size, labels), 2)
    return x + size // 2, y + size // 2


def element_size(size: int) -> int:
    """The element word's text size on a board of ``size`` px squares (12 px at least, so it
    reads at Discord's width; "worm" still fits in a square)."""
    return max(12, min(16, size // 3))


def elf_radius(size: int) -> int:
    return max(8, size // 5)


def _outline(draw: ImageDraw.ImageDraw, squares: list[str], size: int, ox: int, oy: int,
             ink: t.RGB) -> None:
    """The tile's outer edge: each square side not shared with another square of the tile."""
    mine = set(squares)
    for sq in squares:
        x, y = square_xy(sq, size, ox, oy)
        col, row = sq[0], int(sq[1])
        ci = COLS.index(col)
        up = f"{col}{row + 1}"
        down = f"{col}{row - 1}"
        left = f"{COLS[ci - 1]}{row}" if ci > 0 else ""
        right = f"{COLS[ci + 1]}{row}" if ci + 1 < len(COLS) else ""
        e = size - 1
        if up not in mine:
            draw.line((x, y, x + e, y), fill=ink, width=3)
        if down not in mine:
            draw.line((x, y + e, x + e, y + e), fill=ink, width=3)
        if left not in mine:
            draw.line((x, y, x, y + e), fill=ink, width=3)
        if right not in mine:
            draw.line((x + e, y, x + e, y + e), fill=ink, width=3)


def _elf(im: Image.Image, draw: ImageDraw.ImageDraw, side: str, sq: str, colour: str,
         size: int, ox: int, oy: int) -> None:
    """An elf: a badge of its colour with its initial, on the edge toward the rock (C5)."""
    x, y = square_xy(sq, size, ox, oy)
    where = _elf_anchor(side, sq)
    cx, cy = {"up": (x + size // 2, y + 7), "down": (x + size // 2, y + size - 8),
              "left": (x + 7, y + size // 2), "right": (x + size - 8, y + size // 2)}[where]
    r = elf_radius(size)
    off = r + 1  # the badge's centre from the square's edge
    cx, cy = {"up": (x + size // 2, y + off), "down": (x + size // 2, y + size - off),
              "left": (x + off, y + size // 2), "right": (x + size - off, y + size // 2)}[where]
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=CRYSTAL_RGB[colour], outline=t.DARK,
                 width=2)
    t.put_text(im, (cx, cy + 1), colour[0].upper(), max(12, r + 4), t.DARK, bold=True,
               anchor="mm")
