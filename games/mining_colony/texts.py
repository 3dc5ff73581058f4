"""Mining Colony's words: the lobby's options, the round post (who has bid, never what, until
every bid is in; credits, live scores, Zorlord's cards in solo), the end (every score part, or
the solo result), and a player's private message (their hand, the cards they slid under their
deck, their bid before the reveal). Public texts come from the spectator view, a player's own
text from that player's view only. Every text is in the language being written (issue 30)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.mining_colony.words import cards as _cards
from render.mining_colony.words import listed
from texts import N_, _, ngettext

from ..base import Who, winners_line

#: the R19 score parts in scoring order, with their words
PARTS = (("structures", N_("structures")), ("resources", N_("resources")),
         ("credits", N_("credits")), ("cards", N_("unplayed cards")),
         ("undeveloped", N_("undeveloped")))
DECISION = {"bid": N_("bidding"), "take": N_("taking a zone"), "develop": N_("developing")}
#: the colony boards' sides (C6)
SIDES = {"standard": N_("standard"), "advanced": N_("advanced")}
#: the round's phases as the view names them (engine/mining_colony/view.py PHASE_WORD)
PHASES = {"excavate": N_("excavate"), "develop": N_("develop"), "ended": N_("ended")}


def side_word(side: str) -> str:
    return _(SIDES[side]) if side in SIDES else side


def phase_word(phase: str) -> str:
    return _(PHASES[phase]) if phase in PHASES else phase


def options_line(options: Mapping[str, Any], players: int | None = None) -> str:
    """The colony side, and the solo options only where a solo game can still be: a lobby of
    one seat (or an unknown count), a solo game (issue 28: not in 2-player lobbies and starts)."""
    line = _("Colony side: {side}.").format(side=side_word(options.get("side", "standard")))
    solo_possible = players is None or players <= 1
    if solo_possible and ("difficulty" in options or "free_undeveloped" in options):
        free = _("free") if options.get("free_undeveloped") else _("1 credit more")
        line += " " + _("Solo only (one player against Zorlord): difficulty {difficulty}, a "
                        "token on an undeveloped square costs {cost}.").format(
            difficulty=options.get("difficulty", 1), cost=free)
    return line


def _where(view: Mapping[str, Any], pid: str) -> str:
    to_act = view.get("to_act") or {}
    p = view["players"][pid]
    if view["step"] == "bid":
        return "✅ " + _("has bid") if p["has_bid"] else "⏳ " + _("bidding")
    if to_act.get("player") == pid:
        return "⏳ " + _(DECISION[to_act["decision"]])
    return _("card {card}").format(card=p["bid"]) if p["bid"] is not None else ""


def round_summary(view: Mapping[str, Any], scores: Mapping[str, Mapping[str, int]],
                  who: Who) -> str:
    """The public round post: the round, the resource card, each player's credits, live score
    and where they stand (who has bid, never what, before the reveal: R6)."""
    head = _("**Round {round} of 10** ({phase})").format(round=view["round"],
                                                         phase=phase_word(view["phase"]))
    if view.get("resource_card"):
        head += " — " + _("resource card {card}").format(card=view["resource_card"])
    lines = [head]
    for pid in view["seats"]:
        p = view["players"][pid]
        live = (p.get("live") or {}).get("total")
        parts = [ngettext("{n} credit", "{n} credits", p["credits"]).format(n=p["credits"])]
        if live is not None:
            parts.append(_("score {score}").format(score=live))
        if p["refreshed"]:
            parts.append(_("refreshed {n}×").format(n=p["refreshed"]))
        where = _where(view, pid)
        lines.append(f"• {who.mention(pid)}: " + _(", ").join(parts)
                     + (f" — {where}" if where else "")
                     + (" — " + _("absent") if who.absent(pid) else ""))
    z = view.get("zorlord")
    if z is not None:
        lines.append("• " + ngettext(
            "Zorlord: played {played}; {n} card left; his supply: {supply}",
            "Zorlord: played {played}; {n} cards left; his supply: {supply}",
            z["deck_size"]).format(played=_cards(z["played"]), n=z["deck_size"],
                                   supply=listed(z["supply"]) or _("empty")))
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
    lacking = [s for s in SOLO_STRUCTURES if s not in built]
    parts = []
    if left:
        parts.append(ngettext("{n} undeveloped square", "{n} undeveloped squares",
                              left).format(n=left))
    if lacking:
        parts.append(_("no {structures}").format(structures=listed(lacking)))
    return _("Missing: {parts}.").format(parts=_("; ").join(parts)) if parts else ""


def final_text(view: Mapping[str, Any], scores: Mapping[str, Mapping[str, int]],
               winners: Sequence[str], who: Who) -> str:
    """Every player's score parts in scoring order, the winner (the tie-break is in the rules);
    solo: won or lost."""
    solo = view.get("solo")
    if solo is not None:
        pid = view["seats"][0]
        if solo.get("result") == "win":
            return "🏁 " + _("**The game is over**: {player} completed the colony with a "
                             "structure of every colour and beats Zorlord!").format(
                player=who.mention(pid)) + " 🏆"
        return ("🏁 " + _("**The game is over**: ten rounds are played and the colony is not "
                          "complete; Zorlord wins against {player}.").format(
            player=who.mention(pid)) + " " + solo_missing(view, pid)).rstrip()
    lines = ["🏁 " + _("**The game is over**."), _("**Final scores** ({parts}):").format(
        parts=_(", ").join(_(label) for _key, label in PARTS))]
    for pid in sorted(view["seats"], key=lambda q: -scores.get(q, {}).get("total", 0)):
        s = scores.get(pid, {})
        parts = " ".join(f"{s.get(key, 0):+d}" for key, _label in PARTS)
        lines.append(f"• {who.mention(pid)}: **{s.get('total', 0)}** ("
                     + _("{parts}; unplayed sum {sum}").format(parts=parts,
                                                                sum=s.get("unplayed", 0)) + ")")
    lines.append(winners_line([who.mention(w) for w in winners]))
    return "\n".join(lines)


def hand_text(view: Mapping[str, Any], player_id: str, game_id: int, cmd: str) -> str:
    """One player's private message: their hand, their bid before the reveal, the cards they
    slid under their deck (in order, the last at the very bottom)."""
    p = view["players"][player_id]
    lines = [_("Your hand in game #{game} (round {round}): **{cards}**").format(
        game=game_id, round=view["round"], cards=_cards(p["hand"] or []))]
    if view["step"] == "bid" and p["bid"] is not None:
        lines.append(_("Your bid (secret until everyone has bid): **{card}**.").format(
            card=p["bid"]))
    elif view["step"] == "bid" and p["hand"]:
        lines.append(_("Bid with the Play… button or `{cmd} do action:play CARD`; a refresh "
                       "costs 1 credit (you have {credits}).").format(cmd=cmd,
                                                                     credits=p["credits"]))
    if p.get("bottom"):
        lines.append(_("Under your deck (the last at the very bottom): {cards}.").format(
            cards=_cards(p["bottom"])))
    lines.append(_("Cards you still hold (hand and deck): {cards}.").format(
        cards=_cards(p["cards_left"])))
    return "\n".join(lines)

