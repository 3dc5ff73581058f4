"""The board pictures of an Out of Mine! game, each drawn from one engine view (never a state).

- ``board_png(view)``: the table now: every player's board side (both sides while a side is
  still to choose), their status, card (only where the view shows it) and total; a viewer's own
  committed dig (their private view) shows its tiles, nobody else's does before the reveal.
- ``reveal_png(view, round=None)``: all boards of a scored round side by side with each one's
  score parts and time (the reveal).

A player's private draft is hand.py's picture, the chart of totals scores.py's; one board side
is drawn by grid.py.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from texts import N_, _, number

from .. import theme as t
from ..callouts import with_hint
from ..encode import png
from .grid import draw_board
from .shapes import card_chips, element_word

PAD = 12
HEAD = 64
#: A square of the public pictures: two boards side by side make a picture about 590 px
#: wide, shown at ~550 px with its coordinates and labels at least 11 px high.
CELL = 34
#: While a side is still to choose: both sides of a board side by side, one panel a row.
SIDES_CELL = 30
STATUS = {"side": N_("chooses a side"), "open": N_("to open the card"), "dig": N_("digging")}
#: the score parts' words (the round records' keys)
PART_WORDS = {"call": N_("call"), "elves": N_("elves"), "finds": N_("finds")}


def _seats(view: dict[str, Any]) -> list[str]:
    return list(view["seats"])


def _grid_of(images: list[Image.Image], columns: int) -> tuple[int, int]:
    w = max(i.width for i in images)
    h = max(i.height for i in images)
    rows = (len(images) + columns - 1) // columns
    return w, h if rows else 0


def panel_corners(panels: list[Image.Image], columns: int = 2) -> list[tuple[int, int]]:
    """Where ``_compose`` puts each panel (its top-left corner)."""
    w, h = _grid_of(panels, columns)
    cols = min(columns, len(panels))
    return [(PAD + (i % cols) * (w + PAD), 44 + (i // cols) * (h + PAD))
            for i in range(len(panels))]


#: A board's corner in its panel.
BOARD_AT = (10, HEAD)


def _compose(panels: list[Image.Image], title: str, columns: int = 2) -> Image.Image:
    w, h = _grid_of(panels, columns)
    rows = (len(panels) + columns - 1) // columns
    cols = min(columns, len(panels))
    im = Image.new("RGB", (PAD + cols * (w + PAD), 44 + rows * (h + PAD)), t.BG)
    t.put_text(im, (PAD, 12), title, 20, t.TEXT, bold=True)
    for panel, corner in zip(panels, panel_corners(panels, columns), strict=True):
        im.paste(panel, corner)
    return with_hint(im)


def _card_lines(info: dict[str, Any] | None, drawn: bool = True, finds: bool = False,
                width: int = 240) -> list[tuple[str | Image.Image, Any]]:
    """The card as its tiles: per colour a bar of its size in its colour and the count, and
    its finds on a line of their own when they score (R13); in words while face down."""
    if not info:
        return [(_("card face down") if drawn else _("no card yet"), t.TEXT)]
    head = _("card {number}:").format(number=info["number"])
    hw = t.text_width(head, 14) + 8
    chips = card_chips(info["tiles"], cell=7, width=width - hw)
    im = Image.new("RGB", (hw + chips.width, max(20, chips.height)), t.PANEL)
    t.put_text(im, (0, 9), head, 14, t.TEXT, anchor="lm")
    im.paste(chips, (hw, 0))
    lines: list[tuple[str | Image.Image, Any]] = [(im, t.TEXT)]
    if finds:
        lines.append((_("finds: {finds}").format(finds=" ".join(
            f"{element_word(e)} {p:+d}" for e, p in info["finds"].items())), t.MUTED))
    return lines


def _panel(view: dict[str, Any], pid: str, board: Image.Image,
           lines: list[tuple[str | Image.Image, Any]], width: int) -> Image.Image:
    p = view["players"][pid]
    seat = p["seat"]
    rows: list[tuple[str | Image.Image, Any]] = lines[:1]
    for text, colour in lines[1:]:
        rows += [(text, colour)] if isinstance(text, Image.Image) else [
            (part, colour) for part in _wrap(text, width - 28)]
    heights = [max(20, text.height + 2) if isinstance(text, Image.Image) else 20
               for text, _ in rows[1:]]
    im = Image.new("RGB", (width, HEAD + board.height + 8 + 20 + sum(heights) + 4), t.PANEL)
    draw = ImageDraw.Draw(im)
    draw.rectangle((0, 0, width - 1, im.height - 1), outline=t.PANEL_EDGE)
    draw.rectangle((0, 0, 6, im.height - 1), fill=t.seat_rgb(seat))
    t.put_text(im, (16, 8), f"{seat + 1}", 18, t.seat_rgb(seat), bold=True)
    t.put_text(im, (36, 8), t.fit(p["name"], 18, True, width - 150), 18, t.TEXT, bold=True)
    t.put_text(im, (width - 12, 10), _("{points} pts").format(points=p["total"]), 16, t.ACCENT,
               bold=True, anchor="ra")
    y = 36
    for text, colour in rows[:1]:
        t.put_text(im, (16, y), t.fit(str(text), 14, False, width - 28), 14, colour)
    im.paste(board, BOARD_AT)
    y = HEAD + board.height + 6
    for (text, colour), h in zip(rows[1:], heights, strict=True):
        if isinstance(text, Image.Image):
            im.paste(text.crop((0, 0, min(text.width, width - 28), text.height)), (16, y))
        else:
            t.put_text(im, (16, y), t.fit(text, 14, False, width - 28), 14, colour)
        y += h
    return im


def _wrap(text: str, width: int, size: int = 14) -> list[str]:
    """``text`` in lines of ``width`` pixels, broken between words (never cut, unless one
    word is wider than a line)."""
    out: list[str] = []
    for word in text.split(" "):
        if out and t.text_width(out[-1] + " " + word, size) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    return [t.fit(line, size, False, width) for line in out] or [""]


def _finds(view: dict[str, Any]) -> bool:
    return bool((view.get("options") or {}).get("finds"))


def _status(view: dict[str, Any], pid: str) -> str:
    owed = {o["player"]: o["decision"] for o in view["to_act"]}
    p = view["players"][pid]
    if view["ended"]:
        return _("game over")
    if pid in owed:
        return _(STATUS[owed[pid]])
    return _("committed") if p["committed"] else _("side chosen")


def board_png(view: dict[str, Any]) -> bytes:
    return png(board_image(view))


def board_image(view: dict[str, Any]) -> Image.Image:
    panels = []
    for pid in _seats(view):
        p = view["players"][pid]
        if p["side"] is None:
            a = draw_board(f"{p['board']}a", [], size=SIDES_CELL)
            b = draw_board(f"{p['board']}b", [], size=SIDES_CELL)
            board = Image.new("RGB", (a.width + b.width + 12, a.height + 20), t.PANEL)
            board.paste(a, (0, 20))
            board.paste(b, (a.width + 12, 20))
            t.put_text(board, (2, 0), _("side {side}").format(side=f"{p['board']}a"), 14,
                       t.MUTED, bold=True)
            t.put_text(board, (a.width + 14, 0), _("side {side}").format(side=f"{p['board']}b"),
                       14, t.MUTED, bold=True)
            where = _("board {board}").format(board=p["board"])
        else:
            tiles = p["dig"].split()[1:] if p["dig"] else []
            board = draw_board(f"{p['board']}{p['side']}", tiles, size=CELL)
            where = _("side {side}").format(side=f"{p['board']}{p['side']}")
        lines = [(f"{where} · {_status(view, pid)}", t.MUTED),
                 *_card_lines(p["card_info"], p["has_card"], _finds(view))]
        panels.append((pid, board, lines))
    width = max(b.width for _, b, _ in panels) + 20
    title = (_("Out of Mine! · round {round} of {rounds}").format(
        round=view["round"], rounds=view["rounds"]) if not view["ended"]
             else _("Out of Mine! · final"))
    both = any(view["players"][pid]["side"] is None for pid in _seats(view))
    return _compose([_panel(view, pid, b, lines, width) for pid, b, lines in panels], title,
                    columns=1 if both else 2)


def reveal_png(view: dict[str, Any], round_no: int | None = None) -> bytes:
    """Every board of a scored round (default: the last) with its score parts and time."""
    return png(reveal_image(view, round_no))


def reveal_image(view: dict[str, Any], round_no: int | None = None) -> Image.Image:
    panels = reveal_panels(view, round_no)
    shown = round_no or max(r["round"] for p in view["players"].values() for r in p["rounds"])
    return _compose(panels, _("Out of Mine! · round {round} revealed").format(round=shown))


def reveal_panels(view: dict[str, Any], round_no: int | None = None) -> list[Image.Image]:
    """A panel per player who scored the round (default: the last), in seat order."""
    panels = []
    for pid in _seats(view):
        p = view["players"][pid]
        recs = [r for r in p["rounds"] if round_no is None or r["round"] == round_no]
        if not recs:
            continue
        rec = recs[-1]
        board = draw_board(rec["board"], rec["tiles"], size=CELL, cut=rec["cut"])
        parts = _("{base} ({empty} empty)").format(base=rec["base"], empty=rec["empty"])
        for label in ("call", "elves", "finds"):
            if rec[label]:
                parts += f" {rec[label]:+d} {_(PART_WORDS[label])}"
        time = (" · " + _("{seconds} s").format(seconds=number(rec["time"], 1))
                if rec["time"] is not None else "")
        cut = " · " + _("{count} cut").format(count=len(rec["cut"])) if rec["cut"] else ""
        head = _("side {side} · card {card}").format(side=rec["board"], card=rec["card"])
        panels.append((pid, board, [(f"{head}{time}{cut}", t.MUTED),
                                    (f"{parts} = {rec['score']}", t.TEXT)]))
    if not panels:
        raise ValueError("no scored round to show")  # a programming error, never shown
    width = max(b.width for _, b, _ in panels) + 20
    return [_panel(view, pid, b, lines, width) for pid, b, lines in panels]
