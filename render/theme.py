"""Colours, shapes and fonts shared by every game's pictures: the dark palette, seat colours,
the shapes that tell colours apart without hue, and the font and its text cache. A game's own
colours and names live in its package (Stella Digger's in render/stella_digger/look.py).

Seats have a colour and their number (1-4).

The font is Noto Sans CJK JP (SIL Open Font License 1.1), shipped by the PyPI packages
``noto-cjk-sans-jp-regular`` and ``noto-cjk-sans-jp-bold`` (project dependencies), so Japanese
names render on a fresh machine. Text goes through ``text_mask``, a cache of rendered glyph runs.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]


def hex_rgb(text: str) -> RGB:
    text = text.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


# -- palette ---------------------------------------------------------------------------------
BG = hex_rgb("#0f121b")  # deep space behind everything
BOARD = hex_rgb("#1a1f2d")  # between the squares
PANEL = hex_rgb("#191e2b")
PANEL_EDGE = hex_rgb("#2c3347")
TEXT = hex_rgb("#eef1f7")
MUTED = hex_rgb("#9aa3b8")
FAINT = hex_rgb("#5d6680")
DARK = hex_rgb("#0b0d14")
ACCENT = hex_rgb("#ffd23f")  # yellow frames, the Foreman marker
DANGER = hex_rgb("#ff5a4e")
GOLD = hex_rgb("#e2b33c")
GOLD_DARK = hex_rgb("#8a6512")

#: Seat colours (seat order), distinct from the four game colours; seats also show a number.
SEAT_RGB: tuple[RGB, ...] = (
    hex_rgb("#ff6b57"),  # 1 coral red
    hex_rgb("#ffc43d"),  # 2 amber
    hex_rgb("#33d1c4"),  # 3 teal
    hex_rgb("#e9ecf2"),  # 4 white
)

FLOOR = hex_rgb("#2b3142")  # a dug-out square (empty, tunnel)


def seat_rgb(seat: int) -> RGB:
    return SEAT_RGB[seat % len(SEAT_RGB)]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved ``t`` of the way to ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


# -- shapes ----------------------------------------------------------------------------------
def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The polygon of a colour's shape centred on (cx, cy) with radius r (circle: none)."""
    import math

    if shape == "triangle":
        return [
            (cx + r * math.cos(math.radians(a)), cy + r * 1.08 * math.sin(math.radians(a)) + r * 0.12)
            for a in (-90, 30, 150)
        ]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    if shape == "star":
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.45
            a = math.radians(-90 + 36 * i)
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a) + r * 0.06))
        return pts
    raise ValueError(shape)


def draw_shape(
    draw: ImageDraw.ImageDraw,
    shape: str,
    cx: float,
    cy: float,
    r: float,
    fill: RGB | None,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    if shape == "circle":
        k = r * 0.86
        draw.ellipse((cx - k, cy - k, cx + k, cy + k), fill=fill, outline=outline, width=width)
    else:
        draw.polygon(shape_points(shape, cx, cy, r), fill=fill, outline=outline, width=width)


# -- fonts and text ---------------------------------------------------------------------------
def _font_path(bold: bool) -> Path:
    try:
        if bold:
            import noto_cjk_sans_jp_bold as pkg
        else:
            import noto_cjk_sans_jp_regular as pkg
    except ImportError as exc:  # an environment set up before the dependency was added
        raise RuntimeError("render/ needs its font: pip install -e . (noto-cjk-sans-jp-regular and "
                           "noto-cjk-sans-jp-bold, see pyproject.toml)") from exc
    return Path(str(pkg.FONT_PATH))


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The project font at a pixel size. BASIC layout: no shaping library, same output anywhere."""
    return ImageFont.truetype(str(_font_path(bold)), size, layout_engine=ImageFont.Layout.BASIC)


def _glyph_image(ch: str, bold: bool) -> tuple[tuple[int, int, int, int], bytes]:
    f = font(24, bold)
    im = Image.new("L", (48, 48), 0)
    ImageDraw.Draw(im).text((8, 8), ch, font=f, fill=255)
    return f.getbbox(ch), im.tobytes()


@lru_cache(maxsize=4096)
def _glyph_missing(ch: str, bold: bool) -> bool:
    """True when the font draws ``ch`` as its .notdef box (no glyph for it)."""
    return not ch.isspace() and _glyph_image(ch, bold) == _glyph_image("\U0010fffd", bold)


@lru_cache(maxsize=1024)
def printable(text: str, bold: bool = False) -> str:
    """``text`` with characters the font lacks (emoji, say) shown as ``?``; controls dropped."""
    out = []
    for ch in text:
        if ch.isprintable() is False and ch != " ":
            continue
        out.append("?" if ord(ch) > 0x7E and _glyph_missing(ch, bold) else ch)
    return "".join(out)


@lru_cache(maxsize=8192)
def text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """A rendered run of text as an ``L`` mask and its offset from the anchor point."""
    f = font(size, bold)
    left, top, right, bottom = f.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """The advance width of a run of text (cached: FreeType lays it out anew each call, ~0.1 ms,
    and a round picture asks for the same names and labels every time)."""
    return int(font(size, bold).getlength(text))


#: a run of text wrapped into lines: spaces, a CJK character (Japanese breaks between any two),
#: or a run of anything else (a word)
_PIECES = re.compile(r"\s+|[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff01-\uff60]|"
                     r"[^\s\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff01-\uff60]+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff01-\uff60]")
#: what never starts a line in Japanese (kinsoku): closing marks, small kana, the long vowel
_NO_START = frozenset("、。，．・：；？！）」』】〉》ゝゞーぁぃぅぇぉっゃゅょァィゥェォッャュョ")


def wrap(text: str, width: int, size: int, bold: bool = False) -> list[str]:
    """``text`` in lines of at most ``width`` pixels: broken at spaces, and between any two
    Japanese characters (never before a closing mark or a small kana). A single word wider
    than ``width`` stays whole on its line."""
    lines: list[str] = []
    line, space = "", False
    for piece in _PIECES.findall(text):
        if piece.isspace():
            space = bool(line)
            continue
        trial = line + (" " if space else "") + piece
        if not line or text_width(trial, size, bold) <= width:
            line = trial
        elif piece[0] not in _NO_START:
            lines.append(line)
            line = piece
        elif not space and len(line) > 1 and _CJK.fullmatch(line[-1]):
            cut = len(line) - 1  # a closing mark takes the character before it along (and
            while cut > 1 and line[cut] in _NO_START and _CJK.fullmatch(line[cut - 1]):
                cut -= 1  # that one's, if it is a closing mark too: "者）。")
            lines.append(line[:cut])
            line = line[cut:] + piece
        else:
            line = trial
        space = False
    return lines + ([line] if line else [])


def fit(text: str, size: int, bold: bool, width: int) -> str:
    """``text`` cut with an ellipsis so that it fits in ``width`` pixels."""
    text = printable(text, bold)
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def put_text(
    im: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB = TEXT,
    bold: bool = False,
    anchor: str = "la",
) -> int:
    """Draw text at ``xy`` (anchor as in Pillow) through the cache; returns its advance width."""
    if not text:
        return 0
    mask, left, top = text_mask(text, size, bold, anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    im.paste(fill, (x, y, x + mask.width, y + mask.height), mask)
    return mask.width
