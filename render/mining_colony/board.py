"""The board picture of a Mining Colony game, drawn from one engine view (never a state).

``board_png(view)``: the round picture: the four excavation zones and what lies in them,
supplies and piles, then a panel per player (colony board with tiles, tokens, items and
structures; credits, cards, pending and staged things), Zorlord's supply in solo. A player's
panel alone is hand.py's picture, the scores scores.py's. Nothing hidden is drawn: hands and
sealed bids appear only where the view holds them.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from engine.mining_colony.components import (
    CREW_COLOURS,
    CRYSTAL_COLOURS,
    PLACEMENTS,
    STARTING,
    TILE_PRINT,
    TOKEN_TYPES,
)
from texts import N_, _, ngettext

from .. import theme as t
from ..callouts import with_hint
from ..encode import png
from . import marks
from .words import TOKEN_SHORT

PAD = 12
SQ = 40  # a colony square
GRID = 6 * SQ
PANEL_W = 540
PANEL_H = GRID + 108
FOOT = GRID + 84  # the structures line: under the column letters (panel y)
COLUMNS = "ABCDEF"
ZONE_H = 136  # a 3-square-high tile chip and its id
GRID_X, GRID_Y = 36, 60  # the colony board's corner in a player's panel
INFO_X = GRID_X + GRID + 18  # credits, card, deck, staging and pending: right of the board
#: the round's phases as the view names them (engine/mining_colony/view.py PHASE_WORD)
PHASES = {"excavate": N_("excavate"), "develop": N_("develop"), "ended": N_("ended")}


class Layout(NamedTuple):
    """Where board_image puts its parts: the header's height, each zone's box and each
    player's panel corner (the legend's callouts are placed from these)."""

    width: int
    head_h: int
    zones: list[tuple[int, int, int, int]]
    panels: list[tuple[int, int]]


def layout(view: dict[str, Any]) -> Layout:
    width = PAD + PANEL_W + PAD  # one panel a row: 564 px, shown at its own size on Discord
    info = wrap_parts(_info_parts(view), 13, width - 2 * PAD)
    head_h = 64 + 18 * len(info) + 10
    zones = view["zones"]
    per_row = max(1, min(2, len(zones)))  # two zones a row
    zw = (width - PAD * (per_row + 1)) // per_row
    boxes = []
    for i in range(len(zones)):
        x, y = PAD + (i % per_row) * (zw + PAD), head_h + (i // per_row) * (ZONE_H + PAD)
        boxes.append((x, y, x + zw, y + ZONE_H))
    top = head_h + ((len(zones) + 1) // 2) * (ZONE_H + PAD)
    panels = [(PAD, top + i * (PANEL_H + PAD)) for i in range(len(view["seats"]))]
    return Layout(width, head_h, boxes, panels)


def square_box(view: dict[str, Any], seat: int, sq: str) -> tuple[int, int, int, int]:
    """A colony square's box on the round picture, in the panel of the player at ``seat``."""
    x, y = layout(view).panels[seat]
    return _box(x + GRID_X, y + GRID_Y, sq)


def _name(view: dict[str, Any], pid: str | None) -> str:
    if pid == "zorlord":
        return "Zorlord"
    return str(view["names"].get(pid, pid)) if pid else "-"


def _box(x: int, y: int, sq: str) -> tuple[int, int, int, int]:
    col, row = COLUMNS.index(sq[0]), int(sq[1]) - 1
    left, top = x + col * SQ, y + (5 - row) * SQ
    return left, top, left + SQ - 1, top + SQ - 1


def draw_colony(im: Image.Image, x: int, y: int, p: dict[str, Any], side: str) -> None:
    """The 6x6 colony board with its top-left corner at (x, y) (row 6 on top, C6)."""
    d = ImageDraw.Draw(im)
    start = STARTING[side]
    tile_of = {sq: tile for tile, squares in p["tiles"].items() for sq in squares}
    for sq, code in p["colony"].items():
        box = _box(x, y, sq)
        if code == "undeveloped":
            d.rectangle(box, fill=marks.UNDEVELOPED, outline=t.hex_rgb("#232838"))
            continue
        name, _, thing = code.partition(":")
        marks.building(im, box, name, sq in start and sq not in p["tokens"], letter=not thing)
        if sq in p["tokens"]:
            marks.token_ring(im, box)
        if thing:
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            marks.thing(im, thing, cx, cy, SQ * 0.3)
    # tile edges: a dark line wherever a square meets one of another tile
    for sq, tile in tile_of.items():
        x0, y0, x1, y1 = _box(x, y, sq)
        col, row = COLUMNS.index(sq[0]), int(sq[1])
        sides = {(0, 1): (x0, y0, x1, y0), (0, -1): (x0, y1, x1, y1),
                 (-1, 0): (x0, y0, x0, y1), (1, 0): (x1, y0, x1, y1)}
        for (dx, dy), line in sides.items():
            c, r = col + dx, row + dy
            other = f"{COLUMNS[c]}{r}" if 0 <= c < 6 and 1 <= r <= 6 else None
            if other is None or tile_of.get(other) != tile:
                d.line(line, fill=marks.TILE_EDGE, width=3)
    for i, c in enumerate(COLUMNS):
        t.put_text(im, (x + i * SQ + SQ / 2, y + GRID + 2), c, 12, t.MUTED, anchor="ma")
    for r in range(6):
        t.put_text(im, (x - 4, y + (5 - r) * SQ + SQ / 2), str(r + 1), 12, t.MUTED, anchor="rm")


def _things(im: Image.Image, x: int, cy: int, names: list[str], r: int = 11) -> int:
    for name in names:
        marks.thing(im, name, x + r, cy, r)
        x += 2 * r + 5
    return x


CHIP = 26  # a tile's square in the zones (the board's are 40)
PENDING = 32  # a pending tile's square (a tile to place now)


def _tile_chip(im: Image.Image, x: int, top: int, tile: str, cell: int = CHIP,
               label: bool = True) -> int:
    """A tile in its base orientation with its buildings, and its id under it (the word
    ``take`` and ``place`` name it by); returns its right edge."""
    cells = PLACEMENTS[tile[1]][("A1", 0)]
    xs = [int(c[1]) - 1 for c in cells]
    cols = [COLUMNS.index(c[0]) for c in cells]
    height = max(xs) + 1
    for (col, row), name in zip(zip(cols, xs, strict=True), TILE_PRINT[tile], strict=True):
        box = (x + col * cell, top + (height - 1 - row) * cell,
               x + (col + 1) * cell - 1, top + (height - row) * cell - 1)
        marks.building(im, box, name, False)
        ImageDraw.Draw(im).rectangle(box, outline=marks.TILE_EDGE)
    right = x + (max(cols) + 1) * cell
    if label:
        t.put_text(im, (x, top + height * cell + 3), tile, 13, t.TEXT, bold=True)
        right = max(right, x + t.text_width(tile, 13, True))
    return right


def chip_height(tiles: list[str], cell: int = CHIP) -> int:
    """The tallest tile chip of ``tiles`` with its id under it."""
    rows = [max(int(c[1]) for c in PLACEMENTS[tile[1]][("A1", 0)]) for tile in tiles]
    return max(rows, default=0) * cell + 20


def player_panel(view: dict[str, Any], pid: str) -> Image.Image:
    p = view["players"][pid]
    im = Image.new("RGB", (PANEL_W, PANEL_H), t.PANEL)
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, PANEL_W - 1, PANEL_H - 1), outline=t.PANEL_EDGE)
    seat = p["seat"]
    d.rectangle((0, 0, 8, PANEL_H - 1), fill=t.seat_rgb(seat))
    to_act = view.get("to_act") or {}
    acting = pid in view.get("waiting", [])
    title = f"{seat + 1}. {t.fit(p['name'], 20, True, 250)}"
    t.put_text(im, (18, 10), title, 20, t.ACCENT if acting else t.TEXT, bold=True)
    live = p.get("score") or p.get("live")
    if live:
        t.put_text(im, (PANEL_W - 12, 12), _("{points} VP").format(points=live["total"]), 18, t.TEXT, bold=True,
                   anchor="ra")
    status = ""
    if acting:
        status = {"bid": _("choosing a card"), "take": _("takes a zone"),
                  "develop": _("developing")}.get(to_act.get("decision", ""), "")
        if view["step"] == "bid":
            status = _("choosing a card")
    elif view["step"] == "bid" and p["has_bid"]:
        status = _("has bid")
    t.put_text(im, (18, 36), status, 14, t.ACCENT if acting else t.MUTED)
    gx, gy = GRID_X, GRID_Y
    draw_colony(im, gx, gy, p, view["options"]["side"])
    x = gx + GRID + 18
    y = gy
    card = p["bid"] if p["bid"] is not None else ("?" if p["has_bid"] else "-")
    lines = [_("credits {n}").format(n=p["credits"]), _("card {card}").format(card=card),
             _("deck {deck}  played {played}").format(deck=p["deck_size"],
                                                      played=len(p["played"]))]
    if p.get("hand") is not None:
        lines.append(_("hand {cards}").format(cards=" ".join(map(str, p["hand"]))))
    for line in lines:
        t.put_text(im, (x, y), t.fit(line, 15, False, PANEL_W - 8 - x), 15, t.TEXT)
        y += 22
    staging = t.fit(_("staging"), 13, False, 58)
    t.put_text(im, (x, y + 4), staging, 13, t.MUTED)
    _things(im, x + max(62, t.text_width(staging, 13) + 6), y + 12, p["staging"])
    y += 30
    pending = p["pending"]
    if pending["tiles"] or pending["items"]:
        t.put_text(im, (x, y), _("pending"), 13, t.MUTED)
        y += 20
        right = x
        for tile in pending["tiles"]:  # to place: as large as the board allows beside it
            right = _tile_chip(im, right, y, tile, cell=PENDING) + 10
        room = PANEL_W - 8 - right >= 26 * len(pending["items"])
        _things(im, right if room else x,
                y + 16 if room else y + chip_height(pending["tiles"], PENDING) + 14,
                pending["items"])
    structures = p["structures"]
    undeveloped = sum(1 for c in p["colony"].values() if c == "undeveloped")
    t.put_text(im, (18, FOOT),
               ngettext("{n} structure", "{n} structures", len(structures)).format(
                   n=len(structures)) + _(", ")
               + _("{n} undeveloped").format(n=undeveloped),
               13, t.MUTED)
    return im


def _zone_box(view: dict[str, Any], n: str, zone: dict[str, Any], w: int) -> Image.Image:
    im = Image.new("RGB", (w, ZONE_H), t.PANEL)
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, w - 1, ZONE_H - 1), outline=t.PANEL_EDGE)
    taken = zone["taken_by"]
    t.put_text(im, (8, 6), _("zone {zone}").format(zone=n), 15, t.TEXT, bold=True)
    if taken:
        t.put_text(im, (w - 8, 8), t.fit(_("taken: {player}").format(player=_name(view, taken)),
                                         13, False, w - 70), 13,
                   t.MUTED, anchor="ra")
    x = 10
    for tile in zone["tiles"]:
        x = _tile_chip(im, x, 32, tile) + 12
    _things(im, max(x, 10), 32 + max(CHIP, chip_height(zone["tiles"]) - 20) // 2,
            zone["items"], r=13)
    if not zone["tiles"] and not zone["items"]:
        t.put_text(im, (10, 46), _("empty"), 14, t.FAINT)
    return im


def _supply_line(view: dict[str, Any]) -> str:
    return " | ".join(_supply_parts(view))


def _supply_parts(view: dict[str, Any]) -> list[str]:
    s = view["supply"]
    outposts = " ".join(f"{marks.LETTER[c]}{s[f'outpost/{c}']}" for c in CREW_COLOURS)
    stations = " ".join(f"{marks.LETTER[c]}{s[f'station/{c}']}" for c in CRYSTAL_COLOURS)
    tokens = " ".join(f"{_(TOKEN_SHORT[k])} {s[f'token/{k}']}" for k in TOKEN_TYPES)
    return [_("outposts {counts}").format(counts=outposts),
            _("stations {counts}").format(counts=stations),
            _("tokens {counts}").format(counts=tokens)]


def _info_parts(view: dict[str, Any]) -> list[str]:
    """The header's facts under the title, each a part kept whole when lines wrap."""
    piles = " ".join(f"{k}:{v}" for k, v in view["piles"].items())
    return [_("resource card {card} (deck {deck})").format(card=view["resource_card"] or "-",
                                                           deck=view["resource_deck"]),
            _("piles {piles}").format(piles=piles), *_supply_parts(view)]


def wrap_parts(parts: list[str], size: int, width: int, sep: str = "  ·  ") -> list[str]:
    """``parts`` joined by ``sep`` into as few lines of ``width`` pixels as they fit in; a
    part is never split (one wider than a line is cut with an ellipsis, on its own)."""
    lines: list[str] = []
    for part in parts:
        if lines and t.text_width(lines[-1] + sep + part, size) <= width:
            lines[-1] += sep + part
        else:
            lines.append(t.fit(part, size, False, width))
    return lines


def board_image(view: dict[str, Any]) -> Image.Image:
    players = list(view["seats"])
    at = layout(view)
    width = at.width
    zones = view["zones"]
    info = wrap_parts(_info_parts(view), 13, width - 2 * PAD)
    top = at.panels[0][1] if at.panels else at.head_h
    rows = len(players)
    extra = 60 if "zorlord" in view else 0
    im = Image.new("RGB", (width, top + rows * (PANEL_H + PAD) + extra), t.BG)
    phase = _("game over") if view["ended"] else _(PHASES.get(view["phase"], view["phase"]))
    head = _("Mining Colony · round {round}/10 · {phase}").format(round=view["round"],
                                                                 phase=phase)
    t.put_text(im, (PAD, 10), t.fit(head, 22, True, width - 2 * PAD), 22, t.TEXT, bold=True)
    if view["ended"]:
        sub = _("winner: {players}").format(
            players=_(", ").join(_name(view, w) for w in view["winners"]))
    elif view["waiting"]:
        sub = _("waiting for {players}").format(
            players=_(", ").join(_name(view, w) for w in view["waiting"]))
    else:
        sub = ""
    if view["order"]:
        sub += "   " + _("order: {players}").format(
            players=" > ".join(_name(view, o) for o in view["order"]))
    t.put_text(im, (PAD, 40), t.fit(sub, 15, False, width - 2 * PAD), 15, t.MUTED)
    for k, line in enumerate(info):  # every part whole: wrapped, never cut
        t.put_text(im, (PAD, 64 + 18 * k), line, 13, t.MUTED)
    for box, (n, zone) in zip(at.zones, zones.items(), strict=True):
        im.paste(_zone_box(view, n, zone, box[2] - box[0]), box[:2])
    for corner, pid in zip(at.panels, players, strict=True):
        im.paste(player_panel(view, pid), corner)
    z = view.get("zorlord")
    if z is not None:
        y = top + rows * (PANEL_H + PAD)
        solo = view.get("solo") or {}
        t.put_text(im, (PAD, y + 4), t.fit(_("Zorlord: card {card}, deck {deck}, difficulty "
                                             "{difficulty}").format(
            card=z["bid"] or "-", deck=z["deck_size"], difficulty=solo.get("difficulty")),
            15, True, width - 2 * PAD), 15, t.TEXT, bold=True)
        items = [s for s in z["supply"] if not s.startswith("t")]
        tiles = len(z["supply"]) - len(items)
        x = _things(im, PAD, y + 40, items[:16], r=11)
        more = len(items) - 16
        rest = [ngettext("{n} more item", "{n} more items", more).format(n=more)
                ] if more > 0 else []
        if tiles:
            rest.append(ngettext("{n} tile", "{n} tiles", tiles).format(n=tiles))
        if not items and not tiles:
            rest.append(_("supply empty"))
        if rest:
            t.put_text(im, (x + 6 if items else PAD, y + 30), ("+ " if items else "")
                       + _(" and ").join(rest), 13, t.MUTED)
    return with_hint(im)


def board_png(view: dict[str, Any]) -> bytes:
    return png(board_image(view))
