"""Stella Digger's words: the round summary, the final scores, a player's hand (moved here
from ``referee/messages/texts.py`` when the referee became game-agnostic; the words are unchanged)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from texts import _

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
    lines = ["🏁 " + _("**The game is over**: {reason}.").format(reason=reason),
             _("**Final scores**:")]
    order = sorted(view["seats"], key=lambda p: -scores[p]["total"])
    for pid in order:
        s = scores[pid]
        parts = ", ".join(f"{label} {s[key]}" for key, label in SCORE_PARTS if s.get(key))
        out = " " + _("(out)") if view["players"][pid]["out"] else ""
        lines.append(f"• {who.mention(pid)}{out}: **{s['total']}**"
                     + (f" = {parts}" if parts else ""))
    lines.append(winners_line([who.mention(w) for w in winners]))
    return "\n".join(lines)


def options_line(options: Mapping[str, Any], players: int | None = None) -> str:
    """The game's options as players read them (lobby and start posts)."""
    return "Red Tears: " + (_("on") if options.get("red_tears") else _("off")) + "."


def hand_text(view: dict[str, Any], player_id: str, game_id: int, cmd: str = "/stella") -> str:
    """One player's private summary: only ever sent to that player (it names no command)."""
    p = view["players"][player_id]
    hand = ", ".join(p["hand"] or []) or "no cards"
    return (f"Your hand in game #{game_id} ({p['hand_size']}/{p['limits']['hand']}): **{hand}**\n"
            f"Crystals: {crystals(p['crystals'])} (limit {p['limits']['crystals']}); "
            f"gadgets: {', '.join(p['gadgets']) or 'none'}; drills left {p['drills_left']}.")


GADGET_NAMES = {"super-drill": "Super Drill", "enhanced-power": "Enhanced Power",
                "refining-capsule": "Refining Capsule", "support-drone": "Support Drone"}
VERB_WORDS = {"target": "Target", "mine": "Mine with", "fight": "Fight with", "lose": "Lose",
              "capsule": "Refining Capsule:", "gold": "Gold tile: take",
              "return": "Give back", "lose-crystals": "Lose crystals:", "refill": "Refill",
              "buy": "Buy", "pass": "Pass", "decline": "Decline the fight"}


def _colours(text: str) -> str:
    return " + ".join(text.split(","))


def _word(word: str) -> str:
    """One word of the notation in plain words (a card stays as it is: blue-4)."""
    key, _, value = word.partition("=")
    if value:
        if key == "pay":
            return f"- pay {_colours(value)}"
        if key == "super":
            return f"made {value} by a Super Drill"
        if key == "boost":
            return f"+ {value} (Enhanced Power)"
        if key == "discard":
            return "discarding " + ", ".join(value.split(","))
        return word
    gadget, _, colour = word.partition("/")
    if colour and gadget in GADGET_NAMES:
        return f"{GADGET_NAMES[gadget]}, {colour}"
    if ">" in word:
        give, take = word.split(">", 1)
        return f"2 {give} for 1 {take}"
    return word


def choice_label(view: dict[str, Any], text: str) -> str:
    """A decision (or the start of one, ending in " …") in players' words, from the public
    view: ``draw 2`` -> "Deck 2 (blue on top, 11 left)", ``buy refining-capsule/blue
    pay=green,pink,pink`` -> "Buy Refining Capsule, blue - pay green + pink + pink",
    ``drill C2 down pay=...`` -> "Large Drill on C2 facing down - pay ...". The notation
    stays for /stella do and the log."""
    more = text.endswith(" …")
    words = (text[:-2] if more else text).split()
    if not words:
        return text
    verb, rest = words[0], words[1:]
    decks = view.get("decks") or []
    if verb == "draw" and len(rest) == 1 and rest[0].isdigit():
        k = int(rest[0])
        if 1 <= k <= len(decks):
            deck = decks[k - 1]
            top = f"{deck['top']} on top, " if deck.get("top") else ""
            return f"Deck {k} ({top}{deck.get('count', 0)} left)"
        return text
    if verb == "drill" and rest:
        head = f"Large Drill on {rest[0]}" + (f" facing {rest[1]}" if len(rest) > 1 and "=" not in rest[1] else "")
        tail = [_word(w) for w in rest[1:] if "=" in w]
        label = " ".join([head, *tail])
    elif verb == "buy":
        gadgets = [_word(w) for w in rest if "=" not in w]
        label = " ".join(["Buy " + " and ".join(gadgets), *(_word(w) for w in rest if "=" in w)])
    elif verb == "exchange":
        label = "Exchange " + " ".join(_word(w) for w in rest)
    elif verb in ("gold", "return", "lose-crystals", "capsule"):
        label = f"{VERB_WORDS[verb]} {_colours(rest[0])}" if rest else VERB_WORDS[verb]
    elif verb in VERB_WORDS:
        label = " ".join([VERB_WORDS[verb], *(_word(w) for w in rest)])
    else:
        return text
    return label + (" …" if more else "")


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


def discard_choice(view: dict[str, Any], player: str, verb: str, legal: Sequence[str]
                   ) -> tuple[list[tuple[str, str]], int, int] | None:
    """Refill Hand's discards as one multi-select of the cards in the player's hand (their
    own view: the select is private), none to all of them."""
    if verb != "refill" or not legal:
        return None
    hand = sorted((view.get("players") or {}).get(player, {}).get("hand") or ())
    if len(hand) < 2 or not 1 <= len(hand) <= 25:
        return None
    options = []  # a card held twice is two options (a select's values are unique)
    for i, card in enumerate(hand):
        copy = hand[:i].count(card)
        options.append((f"Discard {card}", card if not copy else f"{card}#{copy + 1}"))
    return options, 0, len(hand)
