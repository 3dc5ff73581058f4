"""The White Ranium picture: the 6 x 6 mine (C8) with the loader track on the rim (C9), base
camps, crews, ranium, the places this turn's (or the last turn's) decisions named and what
moved, as numbered arrows (crews in their colour, loaders along the rim), and a panel: round,
whose turn, ore left, each player's colours, markers, units and cards, the supplies, a fight or
placement in progress, the latest fight and the decisions of the turn.

550 pixels wide: Discord shows a picture at most about 550 pixels wide in a message, so this
one is shown at its own size, every text at least 11 pixels high."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from texts import _

from ..callouts import LEGEND_HINT
from ..encode import png
from ..theme import ACCENT, BG, DARK, FAINT, MUTED, PANEL, PANEL_EDGE, TEXT, fit, put_text
from . import words
from .cards import LETTER, SMALL_TEXT, TUNNEL_RGB, draw_card, face

CELL_W, CELL_H = 54, 70
RIM = 22  # the loader band around the grid
TOP = 30  # the title line
GRID_X, GRID_Y = RIM, TOP + RIM
BOARD_W, BOARD_H = 6 * CELL_W + 2 * RIM, 6 * CELL_H + 2 * RIM
PANEL_X = BOARD_W + 6
WIDTH, HEIGHT = 550, TOP + BOARD_H + 44
RANIUM_RGB = (236, 246, 255)
COLUMNS = "ABCDEF"


def _cell(place: str) -> tuple[int, int, int, int]:
    col, row = COLUMNS.index(place[0]), int(place[1]) - 1
    x0 = GRID_X + col * CELL_W
    y0 = GRID_Y + (5 - row) * CELL_H
    return x0, y0, x0 + CELL_W - 2, y0 + CELL_H - 2


def _loader_box(n: int) -> tuple[int, int, int, int]:
    """C9: the rim place of loader place n (1-24), as a box in the loader band."""
    i = (n - 1) % 6
    if n <= 6:  # top edges of A6..F6
        x0 = GRID_X + i * CELL_W
        return x0 + 16, GRID_Y - RIM + 3, x0 + CELL_W - 6, GRID_Y - 3
    if n <= 12:  # right edges of F6..F1
        y0 = GRID_Y + i * CELL_H
        x = GRID_X + 6 * CELL_W
        return x + 2, y0 + 12, x + RIM - 4, y0 + CELL_H - 14
    if n <= 18:  # bottom edges of F1..A1
        x0 = GRID_X + (5 - i) * CELL_W
        y = GRID_Y + 6 * CELL_H
        return x0 + 8, y + 2, x0 + CELL_W - 10, y + RIM - 4
    y0 = GRID_Y + (5 - i) * CELL_H  # left edges of A1..A6
    return GRID_X - RIM + 3, y0 + 22, GRID_X - 3, y0 + CELL_H - 8


def _octagon(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    k = r * 0.41
    draw.polygon([(cx - k, cy - r), (cx + k, cy - r), (cx + r, cy - k), (cx + r, cy + k),
                  (cx + k, cy + r), (cx - k, cy + r), (cx - r, cy + k), (cx - r, cy - k)],
                 fill=RANIUM_RGB, outline=DARK)


def _touched(view: dict[str, Any]) -> tuple[set[str], list[list[str]], str]:
    """Places named by this turn's decisions (else the last turn's), those decisions, a label."""
    log, label = view.get("this_turn") or [], _("This turn")
    if not log:
        log, label = view.get("last_turn") or [], _("Last turn")
    places = {w for _who, text in log for w in text.split() if len(w) == 2 and w[0] in COLUMNS
              and w[1] in "123456"}
    return places, log, label


def _trail(view: dict[str, Any]) -> list[list[str]]:
    """What moved this turn (else in the last turn), as the log beside it says."""
    return (view.get("trail") or []) if view.get("this_turn") else (view.get("last_trail") or [])


def _centre(box: tuple[int, int, int, int]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _arrow(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float],
           rgb: tuple[int, int, int], width: int) -> None:
    """A line from ``a`` to ``b`` with a head at ``b``, outlined dark (any background)."""
    (x0, y0), (x1, y1) = a, b
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = 11.0
    bx, by = x1 - ux * head, y1 - uy * head
    tip = [(x1, y1), (bx - uy * 6, by + ux * 6), (bx + uy * 6, by - ux * 6)]
    draw.line((x0, y0, bx, by), fill=DARK, width=width + 4)
    draw.polygon(tip, fill=DARK)
    draw.line((x0, y0, bx, by), fill=rgb, width=width)
    inner = [(x1 - ux * 2.5, y1 - uy * 2.5), (bx - uy * 4, by + ux * 4), (bx + uy * 4, by - ux * 4)]
    draw.polygon(inner, fill=rgb)


_STEP = {"u": (0, 1), "r": (1, 0), "d": (0, -1), "l": (-1, 0)}
_BACK = {"u": "d", "r": "l", "d": "u", "l": "r"}


def tunnel_path(board: dict[str, str], frm: str, to: str) -> list[str] | None:
    """The cards a move from ``frm`` to ``to`` went through, along the tunnels of the view's
    board (R10: neighbours that both show an exit on their shared edge), the shortest way
    through cards of ``frm``'s colour first, then through any tunnel; None when no tunnel
    joins them (a secret tunnel, a transport, a thief sent to its base: a jump)."""
    def faces(place: str) -> tuple[str, str]:
        return face(board[place].partition(":")[0].partition("/")[0])

    start_colour = faces(frm)[0] if frm in board else ""
    for same in (True, False):
        prev: dict[str, str] = {frm: frm}
        todo = [frm]
        while todo:
            here = todo.pop(0)
            if here == to:
                path = [to]
                while path[-1] != frm:
                    path.append(prev[path[-1]])
                return path[::-1]
            colour, exits = faces(here)
            for e in exits:
                dc, dr = _STEP[e]
                c, r = COLUMNS.index(here[0]) + dc, int(here[1]) + dr
                if not (0 <= c < 6 and 1 <= r <= 6):
                    continue
                there = f"{COLUMNS[c]}{r}"
                if there in prev or there not in board:
                    continue
                other, back = faces(there)
                if _BACK[e] in back and (not same or other == start_colour):
                    prev[there] = here
                    todo.append(there)
    return None


def _polyline(draw: ImageDraw.ImageDraw, pts: list[tuple[float, float]],
              rgb: tuple[int, int, int], width: int, dashed: bool = False) -> None:
    """A line through ``pts`` with a head at the last, outlined dark (any background);
    ``dashed``: a jump (no tunnel between its ends)."""
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = 11.0
    bx, by = x1 - ux * head, y1 - uy * head
    body = [*pts[:-1], (bx, by)]
    segments = [body]
    if dashed:
        segments = []
        for (ax, ay), (cx, cy) in zip(body, body[1:], strict=False):
            n = max(1, int(math.hypot(cx - ax, cy - ay) // 9))
            for k in range(0, n, 2):
                segments.append([(ax + (cx - ax) * k / n, ay + (cy - ay) * k / n),
                                 (ax + (cx - ax) * (k + 1) / n, ay + (cy - ay) * (k + 1) / n)])
    tip = [(x1, y1), (bx - uy * 6, by + ux * 6), (bx + uy * 6, by - ux * 6)]
    for seg in segments:
        draw.line(seg, fill=DARK, width=width + 4, joint="curve")
    draw.polygon(tip, fill=DARK)
    for seg in segments:
        draw.line(seg, fill=rgb, width=width, joint="curve")
    inner = [(x1 - ux * 2.5, y1 - uy * 2.5), (bx - uy * 4, by + ux * 4), (bx + uy * 4, by - ux * 4)]
    draw.polygon(inner, fill=rgb)


def _along(pts: list[tuple[float, float]], f: float) -> tuple[float, float]:
    """The point ``f`` (0-1) of the way along the polyline ``pts``."""
    lengths = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:], strict=False)]
    goal = sum(lengths) * f
    for (a, b), n in zip(zip(pts, pts[1:], strict=False), lengths, strict=True):
        if goal <= n and n:
            return a[0] + (b[0] - a[0]) * goal / n, a[1] + (b[1] - a[1]) * goal / n
        goal -= n
    return pts[-1]


def _shifted(pts: list[tuple[float, float]], side: float) -> list[tuple[float, float]]:
    """``pts`` moved ``side`` pixels to the right of their way (each corner by both its
    segments' normals), so a move and the move back are two lines."""
    out = []
    for i, (x, y) in enumerate(pts):
        nx = ny = 0.0
        for a, b in ((pts[max(0, i - 1)], pts[i]), (pts[i], pts[min(len(pts) - 1, i + 1)])):
            n = math.hypot(b[0] - a[0], b[1] - a[1])
            if n:
                nx, ny = nx - (b[1] - a[1]) / n, ny + (b[0] - a[0]) / n
        k = math.hypot(nx, ny) or 1.0
        out.append((x + nx / k * side, y + ny / k * side))
    return out


def _arrows(im: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any]
            ) -> list[tuple[float, float, tuple[int, int, int], str]]:
    """The turn's moves in order: crew arrows from card to card along the tunnels they took
    (a dashed straight arrow for a jump: secret tunnel, transport, a thief sent home), in
    the crew's colour; loader arrows along the rim; each numbered in the order they
    happened, the numbers kept apart."""
    pairs: dict[tuple[str, str], int] = {}
    labels: list[tuple[float, float, tuple[int, int, int], str]] = []
    for i, (kind, who, frm, to) in enumerate(_trail(view)):
        dashed = False
        if kind == "crew":
            rgb = TUNNEL_RGB.get(who, ACCENT)
            way = tunnel_path(view["board"], frm, to)
            dashed = way is None
            pts = [_centre(_cell(p)) for p in (way or [frm, to])]
        else:
            pts = [_centre(_loader_box(int(frm))), _centre(_loader_box(int(to)))]
            rgb = ACCENT
        k = pairs.get((frm, to), 0)  # the same way again: beside the first
        pairs[(frm, to)] = k + 1
        pts = _shifted(pts, 7.0 + 7.0 * k)
        if len(pts) < 2 or pts[0] == pts[-1]:
            continue
        for end, f in ((0, 12.0), (-1, 8.0)):  # start and end off the pieces' middles
            a, b = (pts[0], pts[1]) if end == 0 else (pts[-1], pts[-2])
            n = math.hypot(b[0] - a[0], b[1] - a[1])
            if n > 2 * f:
                pts[end] = (a[0] + (b[0] - a[0]) * f / n, a[1] + (b[1] - a[1]) * f / n)
        _polyline(draw, pts, rgb, 4 if kind == "crew" else 3, dashed)
        spot = _along(pts, 0.5)
        for f in (0.5, 0.3, 0.7, 0.15, 0.85):  # a number clear of the ones already placed
            spot = _along(pts, f)
            if all(math.hypot(spot[0] - x, spot[1] - y) >= 19 for x, y, _r, _t in labels):
                break
        else:
            while any(math.hypot(spot[0] - x, spot[1] - y) < 19 for x, y, _r, _t in labels):
                spot = (spot[0], spot[1] + 19)
        labels.append((spot[0], spot[1], rgb, str(i + 1)))
    for mx, my, rgb, text in labels:  # the numbers over every arrow
        draw.ellipse((mx - 9, my - 9, mx + 9, my + 9), fill=rgb, outline=DARK, width=2)
        put_text(im, (mx, my), text, 12, DARK, bold=True, anchor="mm")
    return labels


def _crew(im: Image.Image, draw: ImageDraw.ImageDraw, cx: float, cy: float, colour: str) -> None:
    """A crew: a pawn (a head over a body) in its colour with its letter, a shape no tunnel
    hub has (those are plain discs)."""
    rgb = TUNNEL_RGB[colour]
    body = [(cx - 11, cy + 12), (cx - 7, cy - 3), (cx + 7, cy - 3), (cx + 11, cy + 12)]
    draw.polygon(body, fill=rgb, outline=DARK, width=2)
    draw.ellipse((cx - 7, cy - 15, cx + 7, cy - 1), fill=rgb, outline=DARK, width=2)
    put_text(im, (cx, cy + 5), LETTER[colour], 11, DARK, bold=True, anchor="mm")


def _board(im: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    draw.rectangle((0, TOP, BOARD_W - 1, TOP + BOARD_H - 1), fill=PANEL)
    for place, shown in view["board"].items():
        draw_card(im, draw, _cell(place), shown)
    touched = _touched(view)[0]
    for place in sorted(touched):
        x0, y0, x1, y1 = _cell(place)
        draw.rectangle((x0, y0, x1, y1), outline=ACCENT, width=3)
    for place in view["ranium"]:
        x0, _y0, _x1, y1 = _cell(place)
        _octagon(draw, x0 + 11, y1 - 11, 8)
    for colour, crew in view["crews"].items():  # base camps: a ring in the crew's colour
        x0, y0, x1, y1 = _cell(crew["base"])
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        draw.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), outline=TUNNEL_RGB[colour], width=3)
    slots = [(14, 18), (-14, 18), (14, -14), (-14, -14)]
    stacked: dict[str, int] = {}
    for colour, crew in view["crews"].items():
        x0, y0, x1, y1 = _cell(crew["at"])
        k = stacked.get(crew["at"], 0)
        stacked[crew["at"]] = k + 1
        dx, dy = slots[k % 4]
        cx, cy = (x0 + x1) // 2 + dx, (y0 + y1) // 2 + dy
        _crew(im, draw, cx, cy, colour)
        if crew["ranium"]:
            _octagon(draw, cx + 11, cy - 11, 7)
            put_text(im, (cx + 11, cy - 11), str(crew["ranium"]), SMALL_TEXT, DARK, bold=True,
                     anchor="mm")
    for name, place in view["loaders"].items():
        box = _loader_box(place)
        draw.rounded_rectangle(box, radius=4, fill=ACCENT, outline=DARK)
        put_text(im, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), name, 12, DARK, bold=True,
                 anchor="mm")
    _arrows(im, draw, view)
    for i in range(6):  # coordinates
        put_text(im, (GRID_X + i * CELL_W + 8, TOP + 13), COLUMNS[i], 11, MUTED, bold=True,
                 anchor="mm")
        put_text(im, (GRID_X - RIM // 2, GRID_Y + (5 - i) * CELL_H + 11), str(i + 1), 11, MUTED,
                 bold=True, anchor="mm")


def _title(view: dict[str, Any]) -> str:
    names = view["names"]
    if view["ended"]:
        return _("Game over: {players} wins!").format(
            players=_(", ").join(names[w] for w in view["winners"]))
    if view["phase"] != "play":
        who = names.get(view["to_act"]["player"] if view["to_act"] else None, "?")
        return (_("Setup: {player} swaps cards") if view["phase"] == "swap"
                else _("Setup: {player} chooses a colour")).format(player=who)
    return _("Round {round}: {player}'s turn").format(round=view["round"],
                                                     player=names[view["turn"]])


def _panel(im: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    x, w = PANEL_X, WIDTH - PANEL_X - 6
    names = view["names"]
    y = TOP
    if view["phase"] == "play" and not view["ended"]:
        put_text(im, (x, y), fit(_("Ore"), 14, False, 38), 14, MUTED)
        for i in range(4):
            fill = ACCENT if i < view["ore"] else PANEL_EDGE
            draw.rectangle((x + 40 + i * 22, y + 3, x + 56 + i * 22, y + 17), fill=fill,
                           outline=DARK)
        y += 26
    goal = view.get("goal", 3)
    for pid in view["seats"]:
        p = view["players"][pid]
        draw.rectangle((x, y, x + w, y + 58), fill=PANEL, outline=PANEL_EDGE)
        _stripe(draw, (x, y, x + 6, y + 58), p["colours"])
        active = pid == view.get("turn")
        room = w - 18 - 24 * max(1, len(p["colours"]))  # the name up to the colour discs
        full = f"{p['seat'] + 1} {names[pid]}"
        size = 15 if text_fits(full, 15, room) else 13  # a long name a little smaller first
        put_text(im, (x + 12, y + 3 + (15 - size)), fit(full, size, True, room), size,
                 ACCENT if active else TEXT, bold=True)
        for i, colour in enumerate(p["colours"]):
            cx = x + w - 16 - i * 24
            draw.ellipse((cx - 9, y + 4, cx + 9, y + 22), fill=TUNNEL_RGB[colour], outline=DARK)
            put_text(im, (cx, y + 13), LETTER[colour], SMALL_TEXT, DARK, bold=True, anchor="mm")
        for i in range(goal):
            fill = ACCENT if i < p["markers"] else PANEL_EDGE
            draw.ellipse((x + 12 + i * 15, y + 26, x + 24 + i * 15, y + 38), fill=fill,
                         outline=DARK)
        put_text(im, (x + 16 + goal * 15, y + 24),
                 fit(_("{count}/{goal} markers").format(count=p["markers"], goal=goal), 12,
                     False, w - 20 - goal * 15), 12, MUTED)
        cards = (_("hand {cards}").format(cards=" ".join(c.split("-")[1] for c in p["hand"]))
                 if p["hand"] else _("pile {left}/{all}").format(
                     left=p["pile"], all=p["pile"] + len(p["discard"])))
        put_text(im, (x + 12, y + 40), fit(_("ranium {count} · {cards}").format(
            count=p["ranium"], cards=cards), 12, False, w - 16), 12, TEXT)
        y += 62
    supply = view["supply"]
    for part in _wrap(_("Supply: {markers} markers, {ranium} ranium").format(
            markers=supply["markers"], ranium=supply["ranium"]), w):
        put_text(im, (x, y), part, 12, MUTED)
        y += 15
    y += 3
    for line in _status(view):
        for part in _wrap(line, w):
            put_text(im, (x, y), part, 12, ACCENT)
            y += 15
    log, label = _touched(view)[1:]
    if log:
        put_text(im, (x, y), _("{label}:").format(label=label), 12, MUTED, bold=True)
        y += 16
        for who, text in log[-max(1, (HEIGHT - y - 8) // 15):]:
            put_text(im, (x + 4, y), fit(f"{names.get(who, who)}: {text}", 12, False, w - 4), 12,
                     TEXT)
            y += 15


def text_fits(text: str, size: int, width: int) -> bool:
    return fit(text, size, True, width) == text


def stripe_colours(colours: list[str]) -> list[tuple[int, int, int]]:
    """The colours of a player's side stripe: the crews they play, in their order (two
    colours in a 2-player game: the stripe split in two); none chosen yet: a neutral grey."""
    return [TUNNEL_RGB[c] for c in colours] or [FAINT]


def _stripe(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
            colours: list[str]) -> None:
    x0, y0, x1, y1 = box
    fills = stripe_colours(colours)
    step = (y1 - y0 + 1) / len(fills)
    for i, fill in enumerate(fills):
        draw.rectangle((x0, round(y0 + i * step), x1, round(y0 + (i + 1) * step) - 1), fill=fill,
                       outline=None)


def _wrap(line: str, width: int) -> list[str]:
    """``line`` in at most two lines of ``width`` pixels (the second cut if need be)."""
    if fit(line, 12, False, width) == line:
        return [line]
    words = line.split(" ")
    for k in range(len(words) - 1, 0, -1):
        head = " ".join(words[:k])
        if fit(head, 12, False, width) == head:
            return [head, fit("  " + " ".join(words[k:]), 12, False, width)]
    for k in range(len(line) - 1, 0, -1):  # no space to break at (Japanese): at a character
        if fit(line[:k], 12, False, width) == line[:k]:
            return [line[:k], fit("  " + line[k:], 12, False, width)]
    return [fit(line, 12, False, width)]


def _status(view: dict[str, Any]) -> list[str]:
    out = []
    fight = view.get("fight")
    if fight:
        done = _(", ").join(words.colour(c) for c in sorted(fight["committed"])) or _("nobody yet")
        out.append(_("Fight {colour} vs {other}: committed {done}").format(
            colour=words.colour(fight["attacker"]), other=words.colour(fight["defender"]), done=done))
    placing = view.get("placing")
    if placing:
        out.append(_("{player} places ranium ({card}), {left} left").format(
            player=view["names"][placing["player"]],
            card=words.card(placing["card"]) if placing["card"] else _("a card"),
            left=placing["left"]))
    last = view.get("last_fight")
    if last:
        vals = last["values"]
        out.append(_("Last fight: {colour} {value} vs {other} {other_value}: {won}").format(
            colour=words.colour(last["attacker"]), value=vals[last["attacker"]],
            other=words.colour(last["defender"]), other_value=vals[last["defender"]],
            won=words.colour(last["winner"]) if last["winner"] else _("tie")))
    return out


def _image(view: dict[str, Any], panel: bool = True) -> Image.Image:
    im = Image.new("RGB", (WIDTH if panel else BOARD_W, HEIGHT), BG)
    draw = ImageDraw.Draw(im)
    put_text(im, (8, 6), fit(_title(view), 18, True, WIDTH - 16), 18,
             ACCENT if view["ended"] else TEXT, bold=True)
    _board(im, draw, view)
    if panel:
        _panel(im, draw, view)
    legend = _(LEGEND_HINT) + " · " + _("W R B Y: tunnel colours")
    put_text(im, (8, TOP + BOARD_H + 6), fit(legend, 12, False, WIDTH - 16), 12, MUTED)
    legend = _("pawn: crew · octagon: White Ranium · ring: base camp · 1-3: loaders · "
               "arrows: moves")
    put_text(im, (8, TOP + BOARD_H + 23), fit(legend, 12, False, WIDTH - 16), 12, MUTED)
    return im


def board_png(view: dict[str, Any]) -> bytes:
    """The whole picture: the mine and the panel (any view; nothing hidden is in a view)."""
    return png(_image(view))


def board_only_png(view: dict[str, Any]) -> bytes:
    """The mine alone (a replay frame)."""
    return png(_image(view, panel=False))
