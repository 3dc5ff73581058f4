"""White Ranium's words: the lobby's options, the post at each turn (whose turn, each
player's crews, units, markers and symbol cards), the end, the fight alert, and a player's own
message (their crews and cards, their fight card while it is secret). Public texts come from
the spectator view, a player's own text from that player's view only. Every text is in the
catalogs (``white_ranium`` domain), said in the language being written."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.white_ranium.words import card, cards, colour
from texts import N_, _

from ..base import Who, winners_line

MODES = {"standard": N_("in sequence (each pile turned from the top)"),
         "luck": N_("luck (the turned card is shuffled back)"),
         "strategy": N_("strategy (chosen from hand; fight cards chosen in secret)")}
PHASES = {"swap": N_("setup: the start player may swap two ring cards"),
          "colours": N_("setup: choosing crew colours")}


def options_line(options: Mapping[str, Any], players: int | None = None) -> str:
    mode = str(options.get("cards", "standard"))
    return _("Symbol cards: {mode}. Goal: 3 markers (5 with two players, who play two crews "
             "each).").format(mode=_(MODES[mode]) if mode in MODES else mode)


def _crews(view: Mapping[str, Any], pid: str) -> str:
    parts = []
    for name, one in view["crews"].items():
        if one["player"] != pid:
            continue
        held = one["ranium"]
        parts.append(_("{colour} on {place} holding {count}") if held
                     else _("{colour} on {place}"))
        parts[-1] = parts[-1].format(colour=colour(name), place=one["at"], count=held)
    return _(", ").join(parts) or _("no crew yet")


def _cards(view: Mapping[str, Any], p: Mapping[str, Any]) -> str:
    if view["options"]["cards"] == "strategy":
        return _("hand {cards}").format(cards=cards(p["hand"]))
    return _("pile {count}, discard {cards}").format(count=p["pile"], cards=cards(p["discard"]))


def player_lines(view: Mapping[str, Any], who: Who) -> list[str]:
    lines = []
    for pid in view["seats"]:
        p = view["players"][pid]
        mark = "▶️ " if pid == view.get("turn") else "• "
        lines.append(mark + _("{player}: {crews}; markers **{markers}**/{goal}; {cards}").format(
            player=who.mention(pid), crews=_crews(view, pid), markers=p["markers"],
            goal=view["goal"], cards=_cards(view, p))
            + (" — " + _("absent") if who.absent(pid) else ""))
    return lines


def round_summary(view: Mapping[str, Any], scores: Mapping[str, Mapping[str, int]],
                  who: Who) -> str:
    """The post at each new turn (with the map): whose turn, loaders, every player."""
    if view["phase"] in PHASES:
        head = "**" + _("White Ranium — {phase}").format(phase=_(PHASES[view["phase"]])) + "**"
    else:
        turn = view.get("turn")
        head = (_("**Round {round} — {player}'s turn** (4 ore)").format(
                    round=view["round"], player=who.name(turn)) if turn
                else "**" + _("Round {round}").format(round=view["round"]) + "**")
    loaders = _(", ").join(_("{loader} on {place}").format(loader=k, place=v)
                           for k, v in sorted(view["loaders"].items()))
    lines = [head, _("Space loaders: {loaders}. White Ranium on {places}; supply {supply}.").format(
        loaders=loaders, places=_(", ").join(view["ranium"]) or _("no card"),
        supply=view["supply"]["ranium"])]
    return "\n".join(lines + player_lines(view, who))


def final_text(view: Mapping[str, Any], scores: Mapping[str, Mapping[str, int]],
               winners: Sequence[str], who: Who) -> str:
    lines = ["🏁 " + _("**The game is over.**"), _("**Markers delivered**:")]
    for pid in sorted(view["seats"], key=lambda p: -scores.get(p, {}).get("total", 0)):
        lines.append(f"• {who.mention(pid)}: **{scores.get(pid, {}).get('total', 0)}**")
    lines.append(winners_line([who.mention(w) for w in winners]))
    return "\n".join(lines)


def hand_text(view: Mapping[str, Any], player_id: str, game_id: int, cmd: str) -> str:
    """A player's own message: crews, markers, symbol cards and, while it is secret, their
    fight card; ``cmd`` is the command to type a decision (``/game do``, in the reader's
    Discord's names)."""
    p = (view.get("players") or {}).get(player_id)
    if p is None:
        return _("You are not playing in game #{game}.").format(game=game_id)
    lines = ["⛏️ " + _("**White Ranium game #{game}**: your crews {crews}; markers "
                      "{markers}/{goal}.").format(game=game_id, crews=_crews(view, player_id),
                                                  markers=p["markers"], goal=view["goal"])]
    if p["colours"]:
        lines.append(_("Symbol cards ({colour}): {cards}.").format(
            colour=colour(p["colours"][0]), cards=_cards(view, p)))
    fight = view.get("fight") or {}
    own = {c for c, one in view["crews"].items() if one["player"] == player_id}
    mine = [c for name, c in (fight.get("committed") or {}).items()
            if name in own and c != "hidden"]
    if mine:
        lines.append(_("Your fight card (secret until both fighters have chosen): {card}.").format(
            card=card(mine[0])))
    lines.append(_("Play with the buttons in the game's thread, or `{command}` with the "
                   "notation.").format(command=cmd))
    return "\n".join(lines)


def private_key(view: Mapping[str, Any], player_id: str) -> str:
    """A new private message only when the player's secret fight card changes: it is all
    they know that others don't (crews, markers and symbol cards are public, in the turn
    post and ``/game hand``); "" while they have none (no DM)."""
    fight = view.get("fight") or {}
    own = {c for c, one in view["crews"].items() if one["player"] == player_id}
    mine = sorted(c for name, c in (fight.get("committed") or {}).items()
                  if name in own and c != "hidden")
    return ",".join(mine)


def private_keys(state: Any, players: Sequence[str]) -> dict[str, str]:
    """``private_key`` of each of ``players``' views, read from the state: the cards
    committed to the fight on top of the stack (engine/white_ranium/view.py ``_fight``), each
    its crew's player's (a crew without a player is nobody's)."""
    mine: dict[str, list[str]] = {pid: [] for pid in players}
    top = state.stack[-1] if state.stack else None
    if top is not None and top.kind == "fight":
        committed = {colour: card for colour, card in ((top.attacker, top.attacker_card),
                                                       (top.defender, top.defender_card))
                     if card is not None}
        for colour, card in committed.items():
            crew = state.crew(colour)
            if crew is None or crew.seat < 0 or card == "hidden":
                continue
            owner = state.players[crew.seat].id
            if owner in mine:
                mine[owner].append(card)
    return {pid: ",".join(sorted(cards)) for pid, cards in mine.items()}


def alerts(view: Mapping[str, Any], events: Sequence[Any], who: Who) -> list[tuple[str, str]]:
    """A steal pings the defending crew's player."""
    out = []
    for e in events:
        if e.kind != "steal":
            continue
        name = e.data.get("defender")
        one = view["crews"].get(name) or {}
        pid = one.get("player")
        if pid:
            out.append((pid, "⚔️ " + _("{player}, your {colour} crew is attacked.").format(
                player=who.mention(pid), colour=colour(name))))
    return out
