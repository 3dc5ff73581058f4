"""A player's hand as drawn cards (DM and ``/stella hand``), from that player's own view.

``view["players"][player]["hand"]`` holds the numbers only in the player's own view (R2); in any
other view it is ``None`` and there is nothing to draw, so this refuses."""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from engine.stella_digger.components import COLOURS, card_key
from texts import N_, _, language, ngettext

from .. import theme as t
from ..encode import palette_of, png
from ..icons import seat_badge
from . import hand_palette, icons, look, tiles
from .hand_palette import palette

CARD_W, CARD_H = 150, 212
GAP = 18
PAD = 24
TOP = 70
FOOT = 56
SS = 3


#: a card's colour as its band names it
BAND = {"blue": N_("BLUE"), "green": N_("GREEN"), "pink": N_("PINK"), "purple": N_("PURPLE")}


def big_card(card: str) -> Image.Image:
    """A drill card face: the number in two corners, one pip per point in the colour's shape,
    the colour's name on the band (in the language being written)."""
    return _big_card(card, language())


@lru_cache(maxsize=64)
def _big_card(card: str, lang: str) -> Image.Image:
    colour, _sep, number = card.rpartition("-")
    n = int(number)
    w, h = CARD_W * SS, CARD_H * SS
    paper = (247, 247, 251)
    c, dark = look.COLOUR_RGB[colour], look.COLOUR_DARK[colour]
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((2 * SS, 4 * SS, w - 1, h - 1), 12 * SS, fill=(0, 0, 0, 120))
    d.rounded_rectangle((0, 0, w - 3 * SS, h - 5 * SS), 12 * SS, fill=paper + (255,), outline=c + (255,),
                        width=5 * SS)
    inner = (16 * SS, 44 * SS, w - 19 * SS, h - 49 * SS)
    d.rounded_rectangle(inner, 8 * SS, fill=c + (255,))
    ix0, iy0, ix1, iy1 = inner
    spots = {
        1: ((0.5, 0.5),),
        2: ((0.5, 0.27), (0.5, 0.73)),
        3: ((0.5, 0.2), (0.5, 0.5), (0.5, 0.8)),
        4: ((0.3, 0.27), (0.7, 0.27), (0.3, 0.73), (0.7, 0.73)),
    }.get(n, ((0.5, 0.5),))
    r = (ix1 - ix0) * {1: 0.26, 2: 0.2, 3: 0.15}.get(n, 0.17)
    for fx, fy in spots:
        look.draw_colour_shape(d, colour, ix0 + (ix1 - ix0) * fx, iy0 + (iy1 - iy0) * fy, r,
                            outline=(255, 255, 255, 255), width=2 * SS, fill=dark + (255,))
    im = im.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)
    t.put_text(im, (14, 24), str(n), 34, dark, bold=True, anchor="lm")
    small = icons.crystal(colour, 18)
    im.paste(small, (40, 15), small)
    t.put_text(im, (CARD_W - 17, CARD_H - 30), str(n), 34, dark, bold=True, anchor="rm")
    t.put_text(im, ((CARD_W - 3) // 2, CARD_H - 26), _(BAND[colour]) if colour in BAND else colour.upper(), 13, dark, bold=True, anchor="mm")
    return im


@lru_cache(maxsize=128)
def _target_tile(code: str) -> Image.Image:
    """A target tile as the hand's header shows it (drawn once per process)."""
    return tiles.square_sprite("face", code).resize((44, 44), Image.Resampling.LANCZOS)


def hand_image(view: dict[str, Any], player: str) -> Image.Image:
    p = (view.get("players") or {}).get(player)
    if p is None:
        raise KeyError(f"no player {player!r} in this view")
    hand = p.get("hand")
    if hand is None:
        raise ValueError("this view does not show that player's hand (only their own view does)")
    cards = sorted(hand, key=card_key)
    n = len(cards)
    width = max(560, 2 * PAD + n * CARD_W + max(0, n - 1) * GAP)
    height = TOP + CARD_H + FOOT + 8
    im = Image.new("RGB", (width, height), t.BG)
    d = ImageDraw.Draw(im)
    seat = p.get("seat") if isinstance(p.get("seat"), int) else 0
    d.rectangle((0, 0, 7, height), fill=t.seat_rgb(seat))
    badge = seat_badge(seat, 30)
    im.paste(badge, (PAD, 20), badge)
    limit = (p.get("limits") or {}).get("hand")
    info = (ngettext("{n}/{limit} card", "{n}/{limit} cards", n) if limit
            else ngettext("{n} card", "{n} cards", n)).format(n=n, limit=limit)
    info += "  ·  " + _("round {round}").format(round=view.get("round", 1))
    t.put_text(im, (width - PAD, 35), info, 16, t.MUTED, anchor="rm")
    # this round's target, as it lies on the map: what the cards are played for
    x = width - PAD - t.text_width(info, 16) - 12
    for sq in reversed(view.get("target") or []):
        code = (view.get("map") or {}).get(sq)
        if not code or code in ("empty", "hidden", "blockade") or ":" not in code or code.startswith("drill"):
            continue
        tile = _target_tile(code)
        x -= 44
        im.paste(tile, (x, 13))
        x -= 6
    if x < width - PAD - t.text_width(info, 16) - 12:
        t.put_text(im, (x, 35), _("target"), 13, t.FAINT, anchor="rm")
        x -= t.text_width(_("target"), 13) + 10
    name = t.fit(str(p.get("name") or player), 24, True, max(60, x - PAD - 52))
    t.put_text(im, (PAD + 42, 35), name, 24, t.TEXT, bold=True, anchor="lm")
    if not cards:
        d.rounded_rectangle((PAD, TOP, PAD + CARD_W, TOP + CARD_H - 5), 12, outline=t.PANEL_EDGE, width=3)
        t.put_text(im, (PAD + CARD_W + 24, TOP + CARD_H // 2), _("No cards in hand"), 20, t.MUTED,
                   anchor="lm")
    x = PAD
    for card in cards:
        face = big_card(card)
        im.paste(face, (x, TOP), face)
        x += CARD_W + GAP
    # the things a play can use: gadgets and crystals
    y = TOP + CARD_H + FOOT // 2 + 4
    x = PAD
    for g in p.get("gadgets") or []:
        chip = icons.gadget_chip(g, 26)
        im.paste(chip, (x, y - 13), chip)
        x += chip.width + 6
    if not p.get("gadgets"):
        x += t.put_text(im, (x, y), _("no gadgets"), 14, t.FAINT, anchor="lm") + 10
    x = max(x + 16, width - PAD - 4 * 52)
    crystals = p.get("crystals") or {}
    for c in COLOURS:
        k = int(crystals.get(c, 0))
        gem = icons.crystal(c, 22, dim=k == 0)
        im.paste(gem, (x, y - 11), gem)
        t.put_text(im, (x + 26, y), str(k), 17, t.TEXT if k else t.FAINT, bold=True, anchor="lm")
        x += 52
    return im


def hand_png(view: dict[str, Any], player: str) -> bytes:
    """PNG bytes of ``player``'s hand, from ``player``'s own view, mapped to the hand picture's
    fixed palette, stored as data (hand_palette.py): ~1.3 ms a hand instead of ~2.5 with its own
    palette, and no swatch to draw at a worker's start."""
    return png(hand_image(view, player), palette())


def build_palette() -> bytes:
    """The palette taken from the swatch hands' pictures (768 bytes: 256 RGB triples)."""
    built = palette_of([hand_image(v, p) for v, p in hand_palette.swatch_hands()])
    return bytes(built.getpalette() or b"")[:768].ljust(768, b"\0")


def main() -> int:
    """Rewrite ``COLOURS_HEX`` in hand_palette.py from ``build_palette()``."""
    data = build_palette().hex()
    lines = "".join(f'    "{data[i:i + 96]}"\n' for i in range(0, len(data), 96))
    path = Path(hand_palette.__file__)
    text = re.sub(r'COLOURS_HEX = \(\n.*?\n\)', f"COLOURS_HEX = (\n{lines.rstrip()}\n)",
                  path.read_text(encoding="utf-8"), count=1, flags=re.S)
    path.write_text(text, encoding="utf-8")
    print(f"{path}: {len(data) // 6} colours")
    return 0


if __name__ == "__main__":
    sys.exit(main())
