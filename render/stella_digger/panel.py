"""The text-and-token parts of the round picture: the header, one panel per player (seat order)
and the strip under the map (Performance Management Board, common supply, gadgets for sale).

Only public facts are read: ``hand_colours`` and ``hand_size``, never ``hand`` (R2)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.stella_digger.components import COLOURS, GADGET_TYPES
from texts import N_, _, ngettext

from .. import theme as t
from ..callouts import legend_hint
from ..icons import paste, seat_badge
from . import icons, look, tiles
from .layout import (
    HEADER_H,
    MAP_W,
    MAP_X,
    MARGIN,
    PANEL_W,
    PANEL_X,
    PANEL_Y,
    PLAYER_GAP,
    PLAYER_H,
    TABLE_H,
    TABLE_Y,
    WIDTH,
)

DECISION_WORDS = {
    "target": N_("choose the target"),
    "draw": N_("draw a card"),
    "action": N_("take an action"),
    "return": N_("return crystals"),
    "gold": N_("pick gold colours"),
    "lose": N_("lose a card"),
    "capsule": N_("use a capsule"),
    "fight": N_("fight or decline"),
    "lose-crystals": N_("lose crystals"),
}
#: the game's name in the header, as each edition prints it (ja: the Japanese original's title)
LOGO = N_("STELLA DIGGER")
#: the table's labels: (words, left of the centre) of the accident card slots
SLOTS = ((N_("Safety"), 14), (N_("Danger"), 80), (N_("Alarm"), 146), (N_("Revealed"), 212))
CARD_W, CARD_H = 28, 40
#: Gadgets for sale: the names' width, a colour column's width, a kind's row height.
GRID_NAMES, GRID_STEP, GRID_ROW = 104, 19, 17

# -- static --------------------------------------------------------------------------------------


def _box(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], radius: int = 8) -> None:
    d.rounded_rectangle(box, radius, fill=t.PANEL, outline=t.PANEL_EDGE, width=1)


def table_boxes() -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    x0, x1 = MARGIN, MAP_X + MAP_W + 6
    split = x0 + 282
    return (x0, TABLE_Y, split, TABLE_Y + TABLE_H), (split + 8, TABLE_Y, x1, TABLE_Y + TABLE_H)


def player_box(index: int) -> tuple[int, int, int, int]:
    y = PANEL_Y + index * (PLAYER_H + PLAYER_GAP)
    return PANEL_X, y, PANEL_X + PANEL_W, y + PLAYER_H


def discard_box(n_players: int) -> tuple[int, int, int, int]:
    """The discard pile's box, in the room the player panels leave: a tall box with two or
    three players, a strip under the fourth panel with four (``compact_discard``)."""
    top = PANEL_Y + n_players * (PLAYER_H + PLAYER_GAP)
    bottom = TABLE_Y + TABLE_H
    return PANEL_X, top, PANEL_X + PANEL_W, min(bottom, top + 230)


def compact_discard(box: tuple[int, int, int, int]) -> bool:
    """Too short for a row of cards per colour: one row, each number once with its count."""
    return box[3] - box[1] < 150


def gadget_grid(supply: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """Gadgets for sale in the supply box: (left of the names, left of the first colour
    column, centre of the first row); a row per kind, a column per colour (C1 order)."""
    right = supply[2] - 14
    cells = right - len(COLOURS) * GRID_STEP
    return cells - GRID_NAMES, cells, supply[1] + 73


def draw_header_bar(im: Image.Image) -> None:
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, im.width, HEADER_H), fill=t.mix(t.BG, t.PANEL, 0.9))
    d.line((0, HEADER_H, im.width, HEADER_H), fill=t.PANEL_EDGE, width=1)
    t.put_text(im, (MARGIN, HEADER_H // 2), _(LOGO), 20, t.ACCENT, bold=True, anchor="lm")


def draw_static(im: Image.Image, n_players: int) -> None:
    """Frames and fixed labels: the header bar, the table boxes, the player boxes."""
    d = ImageDraw.Draw(im)
    draw_header_bar(im)
    board, supply = table_boxes()
    _box(d, board)
    _box(d, supply)
    t.put_text(im, (board[0] + 12, board[1] + 8), t.fit(_("PERFORMANCE BOARD"), 12, True, board[2] - board[0] - 24), 12, t.MUTED, bold=True)
    t.put_text(im, (supply[0] + 12, supply[1] + 8), _("SUPPLY"), 12, t.MUTED, bold=True)
    for label, dx in SLOTS:
        t.put_text(im, (board[0] + dx + 20, board[1] + 112), t.fit(_(label), 12, False, 64), 12,
                   t.MUTED, anchor="ma")
    pile = discard_box(n_players)
    _box(d, pile)
    if compact_discard(pile):
        t.put_text(im, (pile[0] + 12, pile[1] + 7), _("DISCARD"), 12, t.MUTED, bold=True)
    else:
        t.put_text(im, (pile[0] + 12, pile[1] + 8), t.fit(_("DISCARD PILE (FACE UP)"), 12, True, pile[2] - pile[0] - 24), 12, t.MUTED, bold=True)
    names, _cells, row = gadget_grid(supply)
    for i, kind in enumerate(GADGET_TYPES):
        name = t.fit(_(look.GADGET_NAME[kind]), 12, False, GRID_NAMES - 4)
        t.put_text(im, (names, row + i * GRID_ROW), name, 12, t.MUTED, anchor="lm")
    for i in range(n_players):
        box = player_box(i)
        _box(d, box)
        for label, dx, dy in ((_("HAND"), 12, 92), (_("PLAY"), 262, 92)):
            t.put_text(im, (box[0] + dx, box[1] + dy), label, 11, t.FAINT, bold=True)


# -- header --------------------------------------------------------------------------------------


def _name(view: dict[str, Any], player: str | None) -> str:
    if player is None:
        return ""
    p = (view.get("players") or {}).get(player) or {}
    return str(p.get("name") or (view.get("names") or {}).get(player) or player)


def _chip(im: Image.Image, x: int, cy: int, text: str, size: int, fg: t.RGB, bg: t.RGB,
          bold: bool = True) -> int:
    """A rounded label; returns its right edge."""
    w = t.text_width(text, size, bold) + 18
    h = size + 12
    ImageDraw.Draw(im).rounded_rectangle((x, cy - h // 2, x + w, cy + h // 2), h // 2, fill=bg)
    t.put_text(im, (x + w // 2, cy), text, size, fg, bold=bold, anchor="mm")
    return x + w


END_WORDS = {
    "vp3-exhausted": N_("3-VP tiles ran out"),
    "core-mined": N_("core mined out"),
    "last-standing": N_("last player standing"),
    "no-target": N_("no target left"),
}


def draw_header(im: Image.Image, view: dict[str, Any], width: int = WIDTH) -> None:
    """Round, target, a fight, and who must decide what (or who won), across ``width``."""
    cy = HEADER_H // 2
    x = MARGIN + t.text_width(_(LOGO), 20, True) + 18
    x = _chip(im, x, cy, _("Round {round}").format(round=view.get("round", 1)), 16, t.TEXT,
              t.PANEL_EDGE) + 10
    target = view.get("target") or []
    if target and not view.get("ended"):
        x = _chip(im, x, cy, _("Target {squares}").format(squares=" + ".join(target)), 16, t.DARK, look.TARGET) + 10
    fight = view.get("fight")
    if fight:
        x = _chip(im, x, cy, _("Fight at {square}").format(square=fight.get("square")), 16, t.TEXT, look.MONSTER_RGB) + 10
    right = width - MARGIN
    room = right - x - 8
    if view.get("ended"):
        winners = [_name(view, w) for w in view.get("winners") or []]
        reason = _(END_WORDS[str(view.get("end_reason"))]) if view.get("end_reason") in END_WORDS else ""
        text = (_("Game over ({reason})").format(reason=reason) if reason and room > 420
                else _("Game over"))
        if winners:
            text += ngettext(": {names} won", ": {names} won", len(winners)).format(
                names=" & ".join(winners))
        t.put_text(im, (right, cy), t.fit(text, 18, True, room), 18, t.ACCENT, bold=True, anchor="rm")
        return
    to_act = view.get("to_act") or {}
    if to_act.get("player"):
        decision = str(to_act.get("decision") or "")
        words = _(DECISION_WORDS[decision]) if decision in DECISION_WORDS else decision
        wtext = _(" to {what}").format(what=words)
        name = t.fit(_name(view, to_act["player"]), 18, True, max(40, min(220, room - t.text_width(wtext, 16))))
        t.put_text(im, (right, cy), wtext, 16, t.MUTED, anchor="rm")
        t.put_text(im, (right - t.text_width(wtext, 16), cy), name, 18, t.TEXT, bold=True, anchor="rm")
        right -= t.text_width(wtext, 16) + t.text_width(name, 18, True)
    words = legend_hint()
    hint = t.text_width(words, 14)
    if right - x - 32 >= hint:  # where the header has room: what points at the legend
        t.put_text(im, ((x + right) // 2, cy), words, 14, t.MUTED, anchor="mm")


# -- players -------------------------------------------------------------------------------------


def _seat(view: dict[str, Any], player: str, default: int) -> int:
    seat = ((view.get("players") or {}).get(player) or {}).get("seat")
    return int(seat) if isinstance(seat, int) else default


def draw_players(im: Image.Image, view: dict[str, Any]) -> None:
    players = view.get("players") or {}
    fight_plays = (view.get("fight") or {}).get("plays") or {}
    for i, pid in enumerate(view.get("seats") or list(players)):
        p = players.get(pid)
        if p is None:
            continue
        _draw_player(im, view, pid, p, _seat(view, pid, i), player_box(i), fight_plays.get(pid))


def _draw_player(im: Image.Image, view: dict[str, Any], pid: str, p: dict[str, Any], seat: int,
                 box: tuple[int, int, int, int], fight_play: dict[str, Any] | None) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1 = box[:3]
    colour = t.seat_rgb(seat)
    to_act = (view.get("to_act") or {}).get("player") == pid and not view.get("ended")
    out = bool(p.get("out"))
    if to_act:
        d.rounded_rectangle(box, 8, outline=colour, width=3)
    d.rounded_rectangle((x0, y0, x0 + 7, box[3]), 3, fill=colour)

    # row 1: seat, name, marks, score
    cy = y0 + 22
    paste(im, seat_badge(seat), (x0 + 16, cy - 13))
    right = x1 - 12
    if view.get("ended") and p.get("score"):
        total = p["score"].get("total", 0)
        winner = pid in (view.get("winners") or [])
        right = _chip(im, x1 - 12 - (t.text_width(f"{total} VP", 18, True) + 18), cy, f"{total} VP", 18,
                      t.DARK, t.ACCENT if winner else t.MUTED) - (t.text_width(f"{total} VP", 18, True) + 18) - 8
    elif to_act:
        label = _("to act")
        w = t.text_width(label, 13, True) + 18
        _chip(im, x1 - 12 - w, cy, label, 13, t.DARK, colour)
        right = x1 - 12 - w - 8
    marks = []
    if view.get("start_player") == pid:
        marks.append("foreman")
    if out:
        marks.append("out")
    perf = len(p.get("performance") or [])
    if perf:
        marks.append("perf")
    name_x = x0 + 50
    mark_w = sum(_mark_width(m, perf) for m in marks)
    name = t.fit(_name(view, pid), 21, True, right - name_x - mark_w - 8)
    t.put_text(im, (name_x, cy), name, 21, t.FAINT if out else t.TEXT, bold=True, anchor="lm")
    mx = name_x + t.text_width(name, 21, True) + 10
    for m in marks:
        if m == "foreman":
            end = _chip(im, mx, cy, _start_words(), 12, t.DARK, t.ACCENT)
            paste(im, icons.foreman(18), (mx + 7, cy - 10))
            mx = end + 6
        elif m == "perf":  # tiles in the performance area (R15)
            mx = _chip(im, mx, cy, _tiles_won(perf), 12, t.TEXT, t.PANEL_EDGE) + 6
        else:
            mx = _chip(im, mx, cy, _("OUT"), 12, t.TEXT, t.DANGER) + 6

    # row 2: crystals, VP tiles, monsters, tears
    cy = y0 + 62
    crystals = p.get("crystals") or {}
    x = x0 + 16
    for c in COLOURS:
        n = int(crystals.get(c, 0))
        paste(im, icons.crystal(c, 22, dim=n == 0), (x, cy - 11))
        t.put_text(im, (x + 26, cy), str(n), 18, t.TEXT if n else t.FAINT, bold=True, anchor="lm")
        x += 50
    limit = (p.get("limits") or {}).get("crystals")
    held = sum(int(v) for v in crystals.values())
    if limit:
        t.put_text(im, (x - 4, cy), f"{held}/{limit}", 12, t.MUTED, anchor="lm")
    x = x0 + 262
    vp = p.get("vp_tiles") or {}
    for value in (3, 1):
        n = int(vp.get(str(value), 0) or 0)
        paste(im, icons.vp_tile(value, 24), (x, cy - 12))
        t.put_text(im, (x + 28, cy), f"×{n}", 16, t.TEXT if n else t.FAINT, bold=True, anchor="lm")
        x += 58
    monsters = int(p.get("monsters") or 0)
    if monsters:
        d.rounded_rectangle((x, cy - 12, x + 24, cy + 12), 5, fill=look.MONSTER_RGB, outline=t.DANGER)
        t.put_text(im, (x + 12, cy), str(monsters), 14, t.TEXT, bold=True, anchor="mm")
        t.put_text(im, (x + 28, cy), f"{p.get('monster_vp', 0)}VP", 13, t.MUTED, anchor="lm")
        x += 66
    tears = int(p.get("tears") or 0)
    if (view.get("options") or {}).get("red_tears") or tears:
        paste(im, icons.vp_tile(0, 22), (x, cy - 11))
        t.put_text(im, (x + 26, cy), str(tears), 16, t.TEXT if tears else t.FAINT, bold=True, anchor="lm")

    # row 3: hand (backs: colours are public) and this round's play
    top = y0 + 108
    colours = list(p.get("hand_colours") or [])
    size = int(p.get("hand_size") or len(colours))
    limit_h = (p.get("limits") or {}).get("hand")
    t.put_text(im, (x0 + 52, y0 + 92), f"{size}/{limit_h}" if limit_h else str(size), 11, t.MUTED, bold=True)
    x = x0 + 16
    step = min(CARD_W + 5, (238 - CARD_W) // max(1, size - 1))  # up to 8 cards (Support Drones)
    for i in range(size):
        c = colours[i] if i < len(colours) else None
        im.paste(tiles.card_back(c, CARD_W, CARD_H), (x, top), tiles.card_back_mask(CARD_W, CARD_H))
        x += step
    play = fight_play if fight_play is not None else p.get("play")
    px = x0 + 262
    if fight_play is not None:
        fx = px + max(38, t.text_width(_("PLAY"), 11, True) + 8)  # after the PLAY label
        t.put_text(im, (fx, y0 + 92), _("FIGHT"), 11, t.DANGER, bold=True)
    if play:
        _draw_play(im, play, px, top)
    elif fight_play is None and view.get("fight") and pid in ((view.get("fight") or {}).get("plays") or {}):
        t.put_text(im, (px, top + CARD_H // 2), _("declined"), 14, t.MUTED, anchor="lm")
    else:
        t.put_text(im, (px, top + CARD_H // 2), _("mined") if p.get("mined") else "—", 14, t.FAINT, anchor="lm")

    # row 4: gadgets, drills, drill points
    cy = y0 + 164
    x = x0 + 16
    gadgets = list(p.get("gadgets") or [])
    for g in gadgets[:5]:
        chip = icons.gadget_chip(g, 24)
        paste(im, chip, (x, cy - 12))
        x += chip.width + 4
    if len(gadgets) > 5:
        t.put_text(im, (x, cy), f"+{len(gadgets) - 5}", 14, t.MUTED, bold=True, anchor="lm")
    if not gadgets:
        t.put_text(im, (x, cy), _("no gadgets"), 13, t.FAINT, anchor="lm")
    x = x0 + 306
    left = int(p.get("drills_left") or 0)
    token = icons.drill_token(seat, 22)
    paste(im, token, (x, cy - 11))
    t.put_text(im, (x + token.width + 4, cy), f"×{left}", 16, t.TEXT if left else t.FAINT, bold=True,
               anchor="lm")
    x += token.width + 48
    pts = int(p.get("drill_points") or 0)
    t.put_text(im, (x, cy), f"{pts}", 16, t.TEXT if pts else t.FAINT, bold=True, anchor="lm")
    t.put_text(im, (x + t.text_width(str(pts), 16, True) + 4, cy), _("drill pts"), 12, t.MUTED, anchor="lm")


def _start_words() -> str:
    """The start player's chip: room for the hard hat, then "start" (a CJK glyph has no side
    bearing: two spaces more keep it off the hat)."""
    word = _("start")
    return ("    " if word.isascii() else "      ") + word


def _tiles_won(perf: int) -> str:
    return ngettext("{n} tile won", "{n} tiles won", perf).format(n=perf)


def _mark_width(mark: str, perf: int) -> int:
    """The room a mark's chip takes beside a player's name (its words and the gap after it)."""
    words = {"foreman": _start_words(), "out": _("OUT"), "perf": _tiles_won(perf)}[mark]
    return max({"foreman": 76, "out": 50, "perf": 100}[mark], t.text_width(words, 12, True) + 24)


def _draw_play(im: Image.Image, play: dict[str, Any], x: int, top: int) -> None:
    cards = list(play.get("cards") or [])
    for card in cards:
        im.paste(tiles.card_face(card, CARD_W, CARD_H), (x, top), tiles.card_back_mask(CARD_W, CARD_H))
        x += CARD_W + 4
    colour = play.get("colour")
    if colour:
        x += 4
        t.put_text(im, (x, top + 12), _("as"), 12, t.MUTED, anchor="lm")
        paste(im, icons.crystal(colour, 18), (x + 18, top + 3))
        notes = []
        if play.get("super"):
            notes.append(_("Super Drill"))
        if play.get("boost"):
            notes.append(_("Enh. Power"))
        if notes:
            t.put_text(im, (x, top + 32), _(", ").join(notes), 11, t.MUTED, anchor="lm")


# -- the strip under the map -----------------------------------------------------------------------


def draw_table(im: Image.Image, view: dict[str, Any]) -> None:
    board, supply = table_boxes()
    acc = view.get("accidents") or {}
    x, y = board[0] + 14, board[1] + 34
    safety = acc.get("safety")
    if safety:
        paste(im, icons.accident(safety), (x + 6, y + 10))
    else:
        _empty_slot(im, x + 6, y + 10)
    for dx, n in ((66, int(acc.get("danger") or 0)), (132, int(acc.get("alarm") or 0))):
        if n:
            for k in range(min(n, 3) - 1, -1, -1):
                paste(im, icons.accident(None), (x + dx + 6 + 3 * k, y + 10 - 3 * k))
            _count(im, x + dx + 44, y + 6, n, t.DANGER if dx == 132 else t.PANEL_EDGE)
        else:
            _empty_slot(im, x + dx + 6, y + 10)
    revealed = list(acc.get("revealed") or [])
    rx = x + 198
    for i, c in enumerate(revealed[:4]):
        paste(im, icons.accident(c, 26, 36), (rx + (i % 2) * 28, y + (i // 2) * 38))
    if not revealed:
        t.put_text(im, (rx + 26, y + 36), _("none"), 12, t.FAINT, anchor="mm")

    sup = view.get("supply") or {}
    x, cy = supply[0] + 14, supply[1] + 46
    for c in COLOURS:
        n = int(sup.get(c, 0))
        paste(im, icons.crystal(c, 24, dim=n == 0), (x, cy - 12))
        t.put_text(im, (x + 28, cy), str(n), 18, t.TEXT if n else t.FAINT, bold=True, anchor="lm")
        x += 58
    for value, key in ((3, "vp3"), (1, "vp1")):
        n = int(sup.get(key, 0))
        paste(im, icons.vp_tile(value, 26), (x, cy - 13))
        t.put_text(im, (x + 30, cy), str(n), 18, t.TEXT if n else t.DANGER, bold=True, anchor="lm")
        x += 60
    cy2 = supply[1] + 80
    x = supply[0] + 14
    if (view.get("options") or {}).get("red_tears"):
        paste(im, icons.vp_tile(0, 22), (x, cy2 - 11))
        t.put_text(im, (x + 26, cy2), str(int(sup.get("tears", 0))), 16, t.TEXT, bold=True, anchor="lm")
        cy2 += 36
    discard = view.get("discard") or []
    im.paste(tiles.card_back(None, 16, 22), (x, cy2 - 11), tiles.card_back_mask(16, 22))
    t.put_text(im, (x + 22, cy2), _("{n} discarded").format(n=len(discard)), 14, t.MUTED, anchor="lm")
    # gadgets for sale: a column per colour (a set of one colour scores a bonus), a row per kind
    on_sale = set(view.get("gadget_supply") or [])
    cells, row = gadget_grid(supply)[1:]
    for i, kind in enumerate(GADGET_TYPES):
        for k, c in enumerate(COLOURS):
            paste(im, icons.crystal(c, 14, dim=f"{kind}/{c}" not in on_sale),
                  (cells + k * GRID_STEP + 2, row + i * GRID_ROW - 7))


def draw_discard(im: Image.Image, view: dict[str, Any]) -> None:
    """The discard pile's cards by colour (public, R2): a row of cards per colour, or with four
    players one strip, each number once with how many of it."""
    box = discard_box(len(view.get("seats") or view.get("players") or ()))
    discard = list(view.get("discard") or [])
    by_colour = {c: sorted((k for k in discard if k.rpartition("-")[0] == c),
                           key=lambda k: int(k.rpartition("-")[2])) for c in COLOURS}
    if compact_discard(box):
        _draw_discard_strip(im, box, discard, by_colour)
        return
    t.put_text(im, (box[2] - 12, box[1] + 8), ngettext("{n} card", "{n} cards", len(discard)).format(n=len(discard)), 12, t.MUTED, anchor="ra")
    w, h = 22, 31
    y = box[1] + 32
    for c in COLOURS:
        cards = by_colour[c]
        paste(im, icons.crystal(c, 16, dim=not cards), (box[0] + 12, y + (h - 16) // 2))
        x = box[0] + 38
        for k in cards:
            if x + w > box[2] - 10:
                break
            im.paste(tiles.card_face(k, w, h), (x, y), tiles.card_back_mask(w, h))
            x += w + 3
        y += h + 8
        if y + h > box[3] - 4:
            break


def discard_groups(box: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """The compact pile's colour groups: (left, right) of each, in C1 order."""
    left, right = box[0] + 78, box[2] - 8
    step = (right - left) // len(COLOURS)
    return [(left + i * step, left + (i + 1) * step - 4) for i in range(len(COLOURS))]


def _draw_discard_strip(im: Image.Image, box: tuple[int, int, int, int], discard: list[str],
                        by_colour: dict[str, list[str]]) -> None:
    d = ImageDraw.Draw(im)
    t.put_text(im, (box[0] + 12, box[1] + 24), ngettext("{n} card", "{n} cards", len(discard)).format(n=len(discard)), 12, t.MUTED)
    w, h = 18, 26
    y = (box[1] + box[3] - h) // 2
    for c, (gx, _right) in zip(COLOURS, discard_groups(box), strict=True):
        cards = by_colour[c]
        paste(im, icons.crystal(c, 14, dim=not cards), (gx, y + (h - 14) // 2))
        x = gx + 18
        for k in dict.fromkeys(cards):
            im.paste(tiles.card_face(k, w, h), (x, y), tiles.card_back_mask(w, h))
            n = cards.count(k)
            if n > 1:  # how many of this number: a small count on the card's corner
                cx, cy = x + w - 1, y + h - 2
                d.ellipse((cx - 7, cy - 7, cx + 7, cy + 7), fill=t.DARK, outline=t.TEXT, width=1)
                t.put_text(im, (cx, cy), str(n), 10, t.TEXT, bold=True, anchor="mm")
            x += w + 4


def _count(im: Image.Image, x: int, y: int, n: int, bg: t.RGB) -> None:
    d = ImageDraw.Draw(im)
    d.ellipse((x - 11, y - 11, x + 11, y + 11), fill=bg, outline=t.TEXT, width=2)
    t.put_text(im, (x, y), str(n), 13, t.TEXT, bold=True, anchor="mm")


def _empty_slot(im: Image.Image, x: int, y: int) -> None:
    ImageDraw.Draw(im).rounded_rectangle((x, y, x + 40, y + 54), 5, outline=t.PANEL_EDGE, width=2)
