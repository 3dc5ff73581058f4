"""The words the bot writes. Pure functions of public data (``g.view(state, None)``, public
events, ``g.prompt``, the decision log) or of one player's own view (their hand, for them only).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from db import Decision, Game, Seat
from engine import Event

COLOURS = ("blue", "green", "pink", "purple")
END_REASON = {
    "vp3-exhausted": "the last 3-VP tile left the supply",
    "core-mined": "neither yellow-framed square holds a tile any more",
    "no-target": "no target could be chosen",
    "last-standing": "only one player is left",
}
SCORE_PARTS = (
    ("vp_tiles", "VP tiles"), ("monsters", "monsters"), ("gadgets", "gadgets"),
    ("gadget_bonus", "gadget colour bonus"), ("crystals", "crystal pairs"),
    ("drills", "drill points"), ("unplaced_drills", "unplaced drills"),
)
DECISION_WORDS = {
    "target": "choose the target", "draw": "draw a card", "action": "choose an action",
    "return": "return crystals", "gold": "choose gold crystals", "lose": "choose a card to lose",
    "capsule": "choose a Refining Capsule", "fight": "fight the monster or decline",
    "lose-crystals": "choose crystals to lose",
}


def mention(seat: Seat | None, fallback: str = "someone") -> str:
    if seat is None:
        return fallback
    if seat.is_ai or seat.user_id is None:
        return f"🤖 {seat.display_name}"
    return f"<@{seat.user_id}>"


def when(deadline: int | None) -> str:
    return "no deadline" if deadline is None else f"<t:{deadline}:f> (<t:{deadline}:R>)"


def public_lines(events: Iterable[Event]) -> list[str]:
    return [e.text for e in events if e.to is None]


def private_lines(events: Iterable[Event], player_id: str) -> list[str]:
    return [e.text for e in events if e.to is not None and player_id in e.to]


def crystals(counts: Mapping[str, int]) -> str:
    held = [f"{counts.get(c, 0)} {c}" for c in COLOURS if counts.get(c, 0)]
    return ", ".join(held) if held else "none"


def prompt_line(seat: Seat | None, prompt: str, deadline: int | None) -> str:
    line = f"➡️ {mention(seat)}: {prompt}"
    if deadline is not None and seat is not None and not seat.is_ai:
        line += f"\n⏰ Deadline: {when(deadline)}"
    return line


def player_line(view: dict[str, Any], pid: str, total: int | None, seat: Seat | None) -> str:
    p = view["players"][pid]
    name = mention(seat, p["name"]) if seat is not None else p["name"]
    if p["out"]:
        return f"• {name} — out of the game"
    parts = [
        f"score {total}" if total is not None else None,
        f"VP tiles {p['vp_tiles']['3']}×3 + {p['vp_tiles']['1']}×1",
        f"crystals: {crystals(p['crystals'])}",
        f"hand {p['hand_size']} ({', '.join(p['hand_colours']) or 'empty'})",
        f"gadgets: {', '.join(p['gadgets']) or 'none'}",
        f"drills left {p['drills_left']}",
        f"monsters {p['monsters']}" if p["monsters"] else None,
        f"tears {p['tears']}" if view["options"].get("red_tears") else None,
        "absent" if seat is not None and seat.absent else None,
    ]
    return f"• {name} — " + "; ".join(x for x in parts if x)


def round_summary(view: dict[str, Any], scores: Mapping[str, Mapping[str, int]],
                  seats: Mapping[str, Seat]) -> str:
    """The public summary posted with the map each round (and on /stella status)."""
    decks = ", ".join(f"deck {i + 1}: {d['count']} ({d['top'] or 'empty'} on top)"
                      for i, d in enumerate(view["decks"]))
    acc = view["accidents"]
    start = view["names"].get(view["start_player"], "?")
    lines = [
        f"**Round {view['round']}** — start player {start}; marker on {view['marker']}"
        + (f"; target {', '.join(view['target'])}" if view["target"] else ""),
        f"Decks: {decks}. Discard pile: {len(view['discard'])}.",
        f"Safety Forecast: {acc['safety'] or 'none'}; Danger Forecast {acc['danger']}, "
        f"Alarm {acc['alarm']}" + (f"; revealed: {', '.join(acc['revealed'])}" if acc["revealed"] else "")
        + f". Supply: 3-VP tiles {view['supply']['vp3']}, 1-VP tiles {view['supply']['vp1']}.",
    ]
    for pid in view["seats"]:
        lines.append(player_line(view, pid, scores.get(pid, {}).get("total"), seats.get(pid)))
    return "\n".join(lines)


def final_text(view: dict[str, Any], scores: Mapping[str, Mapping[str, int]],
               seats: Mapping[str, Seat]) -> str:
    reason = END_REASON.get(view.get("end_reason") or "", view.get("end_reason") or "the end")
    lines = [f"🏁 **The game is over**: {reason}.", "**Final scores** (R19):"]
    order = sorted(view["seats"], key=lambda p: -scores[p]["total"])
    for pid in order:
        s = scores[pid]
        parts = ", ".join(f"{label} {s[key]}" for key, label in SCORE_PARTS if s.get(key))
        out = " (out)" if view["players"][pid]["out"] else ""
        lines.append(f"• {mention(seats.get(pid), view['names'][pid])}{out}: **{s['total']}**"
                     + (f" = {parts}" if parts else ""))
    winners = [mention(seats.get(w), view["names"][w]) for w in view["winners"]]
    if len(winners) == 1:
        lines.append(f"🏆 Winner: {winners[0]}")
    elif winners:
        lines.append(f"🏆 Shared victory: {' and '.join(winners)}")
    else:
        lines.append("Nobody wins.")
    return "\n".join(lines)


def hand_text(view: dict[str, Any], player_id: str, game_id: int) -> str:
    """One player's private summary: only ever sent to that player."""
    p = view["players"][player_id]
    hand = ", ".join(p["hand"] or []) or "no cards"
    return (f"Your hand in game #{game_id} ({p['hand_size']}/{p['limits']['hand']}): **{hand}**\n"
            f"Crystals: {crystals(p['crystals'])} (limit {p['limits']['crystals']}); "
            f"gadgets: {', '.join(p['gadgets']) or 'none'}; drills left {p['drills_left']}.")


def log_text(decisions: Sequence[Decision], names: Mapping[str, str], total: int) -> str:
    if not decisions:
        return "No decisions yet."
    shown = [f"{d.seq}. {names.get(d.player_id, d.player_id)}: `{d.text}`"
             + ("" if d.source in ("player",) else f" ({d.source})") for d in decisions]
    head = f"Decisions {decisions[0].seq}–{decisions[-1].seq} of {total}:"
    return "\n".join([head, *shown])


def lobby_text(game: Game, max_players: int = 4) -> str:
    opts = game.options
    hours = opts.get("turn_seconds", 86400) / 3600
    seats = ", ".join(mention(s) for s in game.seats) or "nobody yet"
    return (f"🪐 **Stella Digger — game #{game.id}** ({game.status})\n"
            f"Host: <@{game.host_id}>. Red Tears: {'on' if opts.get('red_tears') else 'off'}. "
            f"Turn time limit: {hours:g} h.\n"
            f"Players ({len(game.seats)}/{max_players}): {seats}\n"
            "Press **Join** (or /stella join) to take a seat; the host presses **Start** "
            "(or /stella start) with 2-4 players. /stella addbot seats an AI.")


def status_header(game: Game, view: dict[str, Any], prompt: str, deadline: int | None) -> str:
    who = None
    if view["to_act"]:
        who = game.seat_of_player(view["to_act"]["player"])
    head = f"🪐 **Stella Digger — game #{game.id}** ({game.status})"
    if game.status == "running":
        head += "\n" + prompt_line(who, prompt, deadline)
    return head
