"""The pictures of an Out of Mine! game, each drawn from one engine view (never a state).

- ``board_png(view)``: the table now: every player's board side (both sides while a side is
  still to choose), their status, card (only where the view shows it) and total; a viewer's own
  committed dig (their private view) shows its tiles, nobody else's does before the reveal.
- ``draft_png(view, player, draft)``: a player's private draft: their side with the draft's
  tiles, elves, finds, and the card's tiles still to place.
- ``reveal_png(view, round=None)``: all boards of a scored round side by side with each one's
  score parts and time (the reveal).
- ``scores_png(view)``: every player's total after each round, a chart for the end.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.out_of_mine.components import COLOURS, KINDS

from .. import theme as t
from ..encode import png
from .grid import CRYSTAL_RGB, draw_board, tile_words

PAD = 12
HEAD = 64
STATUS = {"side": "chooses a side", "open": "to open the card", "dig": "digging"}


def _seats(view: dict[str, Any]) -> list[str]:
    return list(view["seats"])


def _grid_of(images: list[Image.Image], columns: int) -> tuple[int, int]:
    w = max(i.width for i in images)
    h = max(i.height for i in images)
    rows = (len(images) + columns - 1) // columns
    return w, h if rows else 0


def _compose(panels: list[Image.Image], title: str, columns: int = 2) -> Image.Image:
    w, h = _grid_of(panels, columns)
    rows = (len(panels) + columns - 1) // columns
    cols = min(columns, len(panels))
    im = Image.new("RGB", (PAD + cols * (w + PAD), 44 + rows * (h + PAD)), t.BG)
    t.put_text(im, (PAD, 12), title, 20, t.TEXT, bold=True)
    for i, panel in enumerate(panels):
        im.paste(panel, (PAD + (i % cols) * (w + PAD), 44 + (i // cols) * (h + PAD)))
    return im


def _card_line(info: dict[str, Any] | None, drawn: bool = True) -> str:
    if not info:
        return "card face down" if drawn else "no card yet"
    tiles = "  ".join(f"{c[0].upper()}{n}" for c, n in info["tiles"].items())
    finds = " ".join(f"{e}{p:+d}" for e, p in info["finds"].items())
    return f"card {info['number']}: {tiles}   {finds}"


def _panel(view: dict[str, Any], pid: str, board: Image.Image, lines: list[tuple[str, Any]],
           width: int) -> Image.Image:
    p = view["players"][pid]
    seat = p["seat"]
    im = Image.new("RGB", (width, HEAD + board.height + 8 + 20 * len(lines)), t.PANEL)
    draw = ImageDraw.Draw(im)
    draw.rectangle((0, 0, width - 1, im.height - 1), outline=t.PANEL_EDGE)
    draw.rectangle((0, 0, 6, im.height - 1), fill=t.seat_rgb(seat))
    t.put_text(im, (16, 8), f"{seat + 1}", 18, t.seat_rgb(seat), bold=True)
    t.put_text(im, (36, 8), t.fit(p["name"], 18, True, width - 150), 18, t.TEXT, bold=True)
    t.put_text(im, (width - 12, 10), f"{p['total']} pts", 16, t.ACCENT, bold=True, anchor="ra")
    y = 36
    for text, colour in lines[:1]:
        t.put_text(im, (16, y), t.fit(text, 14, False, width - 28), 14, colour)
    im.paste(board, (10, HEAD))
    y = HEAD + board.height + 6
    for text, colour in lines[1:]:
        t.put_text(im, (16, y), t.fit(text, 14, False, width - 28), 14, colour)
        y += 20
    return im


def _status(view: dict[str, Any], pid: str) -> str:
    owed = {o["player"]: o["decision"] for o in view["to_act"]}
    p = view["players"][pid]
    if view["ended"]:
        return "game over"
    if pid in owed:
        return STATUS[owed[pid]]
    return "committed" if p["committed"] else "side chosen"


def board_png(view: dict[str, Any]) -> bytes:
    return png(board_image(view))


def board_image(view: dict[str, Any]) -> Image.Image:
    panels = []
    for pid in _seats(view):
        p = view["players"][pid]
        if p["side"] is None:
            a = draw_board(f"{p['board']}a", [], size=26, labels=False)
            b = draw_board(f"{p['board']}b", [], size=26, labels=False)
            board = Image.new("RGB", (a.width + b.width + 8, a.height + 16), t.PANEL)
            board.paste(a, (0, 16))
            board.paste(b, (a.width + 8, 16))
            t.put_text(board, (2, 0), f"{p['board']}a", 12, t.MUTED)
            t.put_text(board, (a.width + 10, 0), f"{p['board']}b", 12, t.MUTED)
            where = f"board {p['board']}"
        else:
            tiles = p["dig"].split()[1:] if p["dig"] else []
            board = draw_board(f"{p['board']}{p['side']}", tiles)
            where = f"side {p['board']}{p['side']}"
        lines = [(f"{where} · {_status(view, pid)}", t.MUTED),
                 (_card_line(p["card_info"], p["has_card"]), t.TEXT)]
        panels.append((pid, board, lines))
    width = max(b.width for _, b, _ in panels) + 20
    title = (f"Out of Mine! · round {view['round']} of {view['rounds']}" if not view["ended"]
             else "Out of Mine! · final")
    return _compose([_panel(view, pid, b, lines, width) for pid, b, lines in panels], title)


def _remaining(info: dict[str, Any] | None, tiles: list[str]) -> str:
    if not info:
        return ""
    used: dict[str, int] = {}
    for kind, _ in tile_words(tiles):
        colour = KINDS[kind].colour
        used[colour] = used.get(colour, 0) + 1
    left = [f"{c} ×{info['tiles'][c] - used.get(c, 0)}" for c in COLOURS
            if info["tiles"].get(c, 0) - used.get(c, 0) > 0]
    return "to place: " + (", ".join(left) if left else "nothing")


def draft_png(view: dict[str, Any], player: str, draft: str) -> bytes:
    """``player``'s private draft (their own view): ``draft`` is the notation typed so far."""
    p = view["players"][player]
    if p["side"] is None:
        raise ValueError("no side chosen yet")
    tiles = draft.split()[1:]
    board = draw_board(f"{p['board']}{p['side']}", tiles, size=56)
    found = sum(1 for _ in tile_words(tiles))
    lines = [(f"your draft on {p['board']}{p['side']} · {found} tile(s) placed", t.MUTED),
             (_card_line(p["card_info"]), t.TEXT),
             (_remaining(p["card_info"], tiles), t.ACCENT)]
    return png(_panel(view, player, board, lines, board.width + 20))


def reveal_png(view: dict[str, Any], round_no: int | None = None) -> bytes:
    """Every board of a scored round (default: the last) with its score parts and time."""
    panels = []
    for pid in _seats(view):
        p = view["players"][pid]
        recs = [r for r in p["rounds"] if round_no is None or r["round"] == round_no]
        if not recs:
            continue
        rec = recs[-1]
        board = draw_board(rec["board"], rec["tiles"], cut=rec["cut"])
        parts = f"{rec['base']} ({rec['empty']} empty)"
        for label in ("call", "elves", "finds"):
            if rec[label]:
                parts += f" {rec[label]:+d} {label}"
        time = f" · {rec['time']:.1f} s" if rec["time"] is not None else ""
        cut = f" · {len(rec['cut'])} cut" if rec["cut"] else ""
        panels.append((pid, board, [(f"side {rec['board']} · card {rec['card']}{time}{cut}",
                                     t.MUTED), (f"{parts} = {rec['score']}", t.TEXT)]))
    if not panels:
        raise ValueError("no scored round to show")
    width = max(b.width for _, b, _ in panels) + 20
    shown = round_no or max(r["round"] for p in view["players"].values() for r in p["rounds"])
    return png(_compose([_panel(view, pid, b, lines, width) for pid, b, lines in panels],
                        f"Out of Mine! · round {shown} revealed"))


MARKERS = ("circle", "square", "triangle", "diamond")


def scores_png(view: dict[str, Any]) -> bytes:
    """Each player's running total after every scored round (7 at the end)."""
    w, h = 640, 360
    im = Image.new("RGB", (w, h), t.BG)
    draw = ImageDraw.Draw(im)
    left, top, right, bottom = 48, 40, w - 150, h - 40
    series = {}
    for pid in _seats(view):
        rounds = view["players"][pid]["rounds"]
        start = view["players"][pid]["total"] - sum(r["score"] for r in rounds)
        totals, run = [start], start
        for r in rounds:
            run += r["score"]
            totals.append(run)
        series[pid] = totals
    n = max(len(s) for s in series.values())
    lo = min(min(s) for s in series.values())
    hi = max(max(max(s) for s in series.values()), lo + 1)
    t.put_text(im, (left, 10), "Out of Mine! · totals by round", 18, t.TEXT, bold=True)
    draw.rectangle((left, top, right, bottom), outline=t.PANEL_EDGE)

    def xy(i: int, v: int) -> tuple[float, float]:
        return (left + (right - left) * i / max(1, n - 1),
                bottom - (bottom - top) * (v - lo) / (hi - lo))

    for i in range(n):
        x, _ = xy(i, lo)
        t.put_text(im, (x, bottom + 10), str(i), 12, t.MUTED, anchor="mt")
    for v in sorted({lo, hi, (lo + hi) // 2}):
        _, y = xy(0, v)
        t.put_text(im, (left - 8, y), str(v), 12, t.MUTED, anchor="rm")
    for k, (pid, totals) in enumerate(series.items()):
        seat = view["players"][pid]["seat"]
        colour = t.seat_rgb(seat)
        pts = [xy(i, v) for i, v in enumerate(totals)]
        if len(pts) > 1:
            draw.line(pts, fill=colour, width=3)
        for x, y in pts:
            _marker(draw, MARKERS[seat % 4], x, y, colour)
        ly = top + 10 + 26 * k
        _marker(draw, MARKERS[seat % 4], right + 20, ly, colour)
        name = t.fit(view["players"][pid]["name"], 14, True, 100)
        t.put_text(im, (right + 32, ly), f"{name} {totals[-1]}", 14, colour, bold=True,
                   anchor="lm")
    return png(im)


def _marker(draw: ImageDraw.ImageDraw, shape: str, x: float, y: float, colour: t.RGB) -> None:
    r = 6
    if shape == "square":
        draw.rectangle((x - r, y - r, x + r, y + r), fill=colour, outline=t.DARK)
    else:
        t.draw_shape(draw, shape, x, y, r + 1, colour, t.DARK)


__all__ = ["CRYSTAL_RGB", "board_image", "board_png", "draft_png", "reveal_png", "scores_png"]
