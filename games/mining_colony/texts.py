"""Mining Colony's words: the lobby's options, the round post (who has bid, never what, until
every bid is in; credits, live scores, Zorlord's cards in solo), the end (every score part, or
the solo result), and a player's private message (their hand, the cards they slid under their
deck, their bid before the reveal). Public texts come from the spectator view, a player's own
text from that player's view only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.mining_colony.events import words

from ..base import Who, winners_line

PARTS = (("structures", "structures"), ("resources", "resources"), ("credits", "credits"),
         ("cards", "unplayed cards"), ("undeveloped", "undeveloped"))
DECISION = {"bid": "bidding", "take": "taking a zone", "develop": "developing"}


def options_line(options: Mapping[str, Any], players: int | None = None) -> str:
    """The colony side, and the solo options only where a solo game can still be: a lobby of
    one seat (or an unknown count), a solo game (issue 28: not in 2-player lobbies and starts)."""
    side = options.get("side", "standard")
    line = f"Colony side: {side}."
    solo_possible = players is None or players <= 1
    if solo_possible and ("difficulty" in options or "free_undeveloped" in options):
        free = "free" if options.get("free_undeveloped") else "1 credit more"
        line += (f" Solo only (one player against Zorlord): difficulty {options.get('difficulty', 1)}"
                 f", a token on an undeveloped square costs {free}.")
    return line


def _cards(cards: Sequence[int]) -> str:
    return ", ".join(map(str, cards)) or "none"


def _where(view: Mapping[str, Any], pid: str) -> str:
    to_act = view.get("to_act") or {}
    p = view["players"][pid]
    if view["step"] == "bid":
        return "✅ has bid" if p["has_bid"] else "⏳ bidding"
    if to_act.get("player") == pid:
        return f"⏳ {DECISION[to_act['decision']]}"
    return f"card {p['bid']}" if p["bid"] is not None else ""


def round_summary(view: Mapping[str, Any], scores: Mapping[str, Mapping[str, int]],
                  who: Who) -> str:
    """The public round post: the round, the resource card, each player's credits, live score
    and where they stand (who has bid, never what, before the reveal: R6)."""
    head = f"**Round {view['round']} of 10** ({view['phase']})"
    if view.get("resource_card"):
        head += f" — resource card {view['resource_card']}"
    lines = [head]
    for pid in view["seats"]:
        p = view["players"][pid]
        live = (p.get("live") or {}).get("total")
        parts = [f"{p['credits']} credit(s)"]
        if live is not None:
            parts.append(f"score {live}")
        if p["refreshed"]:
            parts.append(f"refreshed {p['refreshed']}×")
        where = _where(view, pid)
        lines.append(f"• {who.mention(pid)}: " + ", ".join(parts) + (f" — {where}" if where else "")
                     + (" — absent" if who.absent(pid) else ""))
    z = view.get("zorlord")
    if z is not None:
        lines.append(f"• Zorlord: played {_cards(z['played'])}; {z['deck_size']} card(s) left; "
                     f"his supply: {', '.join(z['supply']) or 'empty'}")
    return "\n".join(lines)


#: the seven structures a solo win needs (R24): outposts of the crew colours, stations of the
#: crystal colours
SOLO_STRUCTURES = ("outpost/red", "outpost/blue", "outpost/orange", "station/purple",
                   "station/yellow", "station/white", "station/green")


def solo_missing(view: Mapping[str, Any], pid: str) -> str:
    """What a lost solo game lacked (R24: all 36 squares developed and a structure of each of
    the 7 colours): "Missing: 5 undeveloped squares; no red outpost, green science station."."""
    p = (view.get("players") or {}).get(pid) or {}
    left = sum(1 for code in (p.get("colony") or {}).values()
               if str(code).split(":")[0] == "undeveloped")
    built = set(p.get("structures") or ())
    lacking = [words(s) for s in SOLO_STRUCTURES if s not in built]
    parts = []
    if left:
        parts.append(f"{left} undeveloped square{'s' if left != 1 else ''}")
    if lacking:
        parts.append("no " + ", ".join(lacking))
    return ("Missing: " + "; ".join(parts) + ".") if parts else ""


def final_text(view: Mapping[str, Any], scores: Mapping[str, Mapping[str, int]],
               winners: Sequence[str], who: Who) -> str:
    """Every player's score parts in scoring order, the winner (the tie-break is in the rules);
    solo: won or lost."""
    solo = view.get("solo")
    if solo is not None:
        pid = view["seats"][0]
        if solo.get("result") == "win":
            return (f"🏁 **The game is over**: {who.mention(pid)} completed the colony with a "
                    "structure of every colour and beats Zorlord! 🏆")
        return (f"🏁 **The game is over**: ten rounds are played and the colony is not complete;"
                f" Zorlord wins against {who.mention(pid)}. {solo_missing(view, pid)}")
    lines = ["🏁 **The game is over**.", "**Final scores** (" + ", ".join(
        label for _, label in PARTS) + "):"]
    for pid in sorted(view["seats"], key=lambda q: -scores.get(q, {}).get("total", 0)):
        s = scores.get(pid, {})
        parts = " ".join(f"{s.get(key, 0):+d}" for key, _ in PARTS)
        lines.append(f"• {who.mention(pid)}: **{s.get('total', 0)}** ({parts}; unplayed sum "
                     f"{s.get('unplayed', 0)})")
    lines.append(winners_line([who.mention(w) for w in winners]))
    return "\n".join(lines)


def hand_text(view: Mapping[str, Any], player_id: str, game_id: int, cmd: str) -> str:
    """One player's private message: their hand, their bid before the reveal, the cards they
    slid under their deck (in order, the last at the very bottom)."""
    p = view["players"][player_id]
    lines = [f"Your hand in game #{game_id} (round {view['round']}): **{_cards(p['hand'] or [])}**"]
    if view["step"] == "bid" and p["bid"] is not None:
        lines.append(f"Your bid (secret until everyone has bid): **{p['bid']}**.")
    elif view["step"] == "bid" and p["hand"]:
        lines.append(f"Bid with the Play… button or `{cmd} do action:play CARD`; a refresh costs "
                     f"1 credit (you have {p['credits']}).")
    if p.get("bottom"):
        lines.append(f"Under your deck (the last at the very bottom): {_cards(p['bottom'])}.")
    lines.append(f"Cards you still hold (hand and deck): {_cards(p['cards_left'])}.")
    return "\n".join(lines)
