"""Stella Digger's words: the round summary, the final scores, a player's hand (moved here
from ``referee/texts.py`` when the referee became game-agnostic; the words are unchanged)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Who, winners_line

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


def crystals(counts: Mapping[str, int]) -> str:
    held = [f"{counts.get(c, 0)} {c}" for c in COLOURS if counts.get(c, 0)]
    return ", ".join(held) if held else "none"


def player_line(view: dict[str, Any], pid: str, total: int | None, who: Who) -> str:
    p = view["players"][pid]
    name = who.mention(pid)
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
        "absent" if who.absent(pid) else None,
    ]
    return f"• {name} — " + "; ".join(x for x in parts if x)


def round_summary(view: dict[str, Any], scores: Mapping[str, Mapping[str, int]], who: Who) -> str:
    """The public summary posted with the map each round (and on /stella status)."""
    decks = ", ".join(f"deck {i + 1}: {d['count']} ({d['top'] or 'empty'} on top)"
                      for i, d in enumerate(view["decks"]))
    acc = view["accidents"]
    start = who.name(view["start_player"]) if view["start_player"] else "?"
    lines = [
        f"**Round {view['round']}** — start player {start}; marker on {view['marker']}"
        + (f"; target {', '.join(view['target'])}" if view["target"] else ""),
        f"Decks: {decks}. Discard pile: {len(view['discard'])}.",
        f"Safety Forecast: {acc['safety'] or 'none'}; Danger Forecast {acc['danger']}, "
        f"Alarm {acc['alarm']}" + (f"; revealed: {', '.join(acc['revealed'])}" if acc["revealed"] else "")
        + f". Supply: 3-VP tiles {view['supply']['vp3']}, 1-VP tiles {view['supply']['vp1']}.",
    ]
    for pid in view["seats"]:
        lines.append(player_line(view, pid, scores.get(pid, {}).get("total"), who))
    return "\n".join(lines)


def final_text(view: dict[str, Any], scores: Mapping[str, Mapping[str, int]],
               winners: Sequence[str], who: Who) -> str:
    reason = END_REASON.get(view.get("end_reason") or "", view.get("end_reason") or "the end")
    lines = [f"🏁 **The game is over**: {reason}.", "**Final scores**:"]
    order = sorted(view["seats"], key=lambda p: -scores[p]["total"])
    for pid in order:
        s = scores[pid]
        parts = ", ".join(f"{label} {s[key]}" for key, label in SCORE_PARTS if s.get(key))
        out = " (out)" if view["players"][pid]["out"] else ""
        lines.append(f"• {who.mention(pid)}{out}: **{s['total']}**"
                     + (f" = {parts}" if parts else ""))
    lines.append(winners_line([who.mention(w) for w in winners]))
    return "\n".join(lines)


def hand_text(view: dict[str, Any], player_id: str, game_id: int) -> str:
    """One player's private summary: only ever sent to that player."""
    p = view["players"][player_id]
    hand = ", ".join(p["hand"] or []) or "no cards"
    return (f"Your hand in game #{game_id} ({p['hand_size']}/{p['limits']['hand']}): **{hand}**\n"
            f"Crystals: {crystals(p['crystals'])} (limit {p['limits']['crystals']}); "
            f"gadgets: {', '.join(p['gadgets']) or 'none'}; drills left {p['drills_left']}.")


def choice_label(view: dict[str, Any], text: str) -> str:
    """``draw 2`` -> "Deck 2 (blue on top, 11 left)" (the public view's decks)."""
    words = text.split()
    decks = view.get("decks") or []
    if len(words) == 2 and words[0] == "draw" and words[1].isdigit():
        k = int(words[1])
        if 1 <= k <= len(decks):
            deck = decks[k - 1]
            top = f"{deck['top']} on top, " if deck.get("top") else ""
            return f"Deck {k} ({top}{deck.get('count', 0)} left)"
    return text


def draw_runs(view: dict[str, Any], player: str, legal: Sequence[str]
              ) -> list[tuple[str, tuple[str, ...]]]:
    """The draws a player still owes in a row (hand limit minus hand size), chosen at once:
    one option per way to split them among the decks (each deck at most its count)."""
    from itertools import combinations_with_replacement

    if not legal or not all(t.startswith("draw ") and t[5:].isdigit() for t in legal):
        return []
    me = (view.get("players") or {}).get(player) or {}
    limit, size = (me.get("limits") or {}).get("hand"), me.get("hand_size")
    if not isinstance(limit, int) or not isinstance(size, int) or limit - size < 2:
        return []
    n = limit - size
    counts = {i + 1: int(d.get("count", 0)) for i, d in enumerate(view.get("decks") or [])}
    decks = sorted(int(t[5:]) for t in legal)
    out = []
    for combo in combinations_with_replacement(decks, n):
        if any(combo.count(k) > counts.get(k, 0) for k in set(combo)):
            continue
        parts = [f"{combo.count(k)} from deck {k}" for k in sorted(set(combo))]
        out.append((f"Draw all {n}: " + ", ".join(parts), tuple(f"draw {k}" for k in combo)))
    return out if len(out) <= 25 else []
