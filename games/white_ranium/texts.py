"""White Ranium's words: the lobby's options, the post at each turn (whose turn, each
player's crews, units, markers and symbol cards), the end, the fight alert, and a player's own
message (their crews and cards, their fight card while it is secret). Public texts come from
the spectator view, a player's own text from that player's view only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Who, winners_line

MODES = {"standard": "in sequence (each pile turned from the top)",
         "luck": "luck (the turned card is shuffled back)",
         "strategy": "strategy (chosen from hand; fight cards chosen in secret)"}
PHASES = {"swap": "setup: the start player may swap two ring cards",
          "colours": "setup: choosing crew colours"}


def options_line(options: Mapping[str, Any], players: int | None = None) -> str:
    mode = str(options.get("cards", "standard"))
    return (f"Symbol cards: {MODES.get(mode, mode)}. Goal: 3 markers "
            "(5 with two players, who play two crews each).")


def _crews(view: Mapping[str, Any], pid: str) -> str:
    parts = []
    for colour, crew in view["crews"].items():
        if crew["player"] != pid:
            continue
        held = crew["ranium"]
        parts.append(f"{colour} on {crew['at']}" + (f" holding {held}" if held else ""))
    return ", ".join(parts) or "no crew yet"


def _cards(view: Mapping[str, Any], p: Mapping[str, Any]) -> str:
    if view["options"]["cards"] == "strategy":
        return f"hand {', '.join(p['hand']) or '—'}"
    return f"pile {p['pile']}, discard {', '.join(p['discard']) or '—'}"


def player_lines(view: Mapping[str, Any], who: Who) -> list[str]:
    lines = []
    for pid in view["seats"]:
        p = view["players"][pid]
        mark = "▶️ " if pid == view.get("turn") else "• "
        lines.append(f"{mark}{who.mention(pid)}: {_crews(view, pid)}; markers "
                     f"**{p['markers']}**/{view['goal']}; {_cards(view, p)}"
                     + (" — absent" if who.absent(pid) else ""))
    return lines


def round_summary(view: Mapping[str, Any], scores: Mapping[str, Mapping[str, int]],
                  who: Who) -> str:
    """The post at each new turn (with the map): whose turn, loaders, every player."""
    if view["phase"] in PHASES:
        head = f"**White Ranium — {PHASES[view['phase']]}**"
    else:
        turn = view.get("turn")
        head = (f"**Round {view['round']} — {who.name(turn)}'s turn** (4 ore)" if turn
                else f"**Round {view['round']}**")
    loaders = ", ".join(f"{k} on {v}" for k, v in sorted(view["loaders"].items()))
    lines = [head, f"Space loaders: {loaders}. White Ranium on "
             f"{', '.join(view['ranium']) or 'no card'}; supply {view['supply']['ranium']}."]
    return "\n".join(lines + player_lines(view, who))


def final_text(view: Mapping[str, Any], scores: Mapping[str, Mapping[str, int]],
               winners: Sequence[str], who: Who) -> str:
    lines = ["🏁 **The game is over.**", "**Markers delivered**:"]
    for pid in sorted(view["seats"], key=lambda p: -scores.get(p, {}).get("total", 0)):
        lines.append(f"• {who.mention(pid)}: **{scores.get(pid, {}).get('total', 0)}**")
    lines.append(winners_line([who.mention(w) for w in winners]))
    return "\n".join(lines)


def hand_text(view: Mapping[str, Any], player_id: str, game_id: int, cmd: str) -> str:
    """A player's own message: crews, markers, symbol cards and, while it is secret, their
    fight card."""
    p = (view.get("players") or {}).get(player_id)
    if p is None:
        return f"You are not playing in game #{game_id}."
    lines = [f"⛏️ **White Ranium game #{game_id}**: your crews {_crews(view, player_id)}; "
             f"markers {p['markers']}/{view['goal']}."]
    if p["colours"]:
        lines.append(f"Symbol cards ({p['colours'][0]}): {_cards(view, p)}.")
    fight = view.get("fight") or {}
    own = {c for c, crew in view["crews"].items() if crew["player"] == player_id}
    mine = [card for colour, card in (fight.get("committed") or {}).items()
            if colour in own and card != "hidden"]
    if mine:
        lines.append(f"Your fight card (secret until both fighters have chosen): {mine[0]}.")
    lines.append(f"Play with the buttons in the game's thread, or `{cmd} do` with the notation.")
    return "\n".join(lines)


def private_key(view: Mapping[str, Any], player_id: str) -> str:
    """A new private message only when the player's secret fight card changes: it is all
    they know that others don't (crews, markers and symbol cards are public, in the turn
    post and ``/game hand``); "" while they have none (no DM)."""
    fight = view.get("fight") or {}
    own = {c for c, crew in view["crews"].items() if crew["player"] == player_id}
    mine = sorted(card for colour, card in (fight.get("committed") or {}).items()
                  if colour in own and card != "hidden")
    return ",".join(mine)


def alerts(view: Mapping[str, Any], events: Sequence[Any], who: Who) -> list[tuple[str, str]]:
    """A steal pings the defending crew's player."""
    out = []
    for e in events:
        if e.kind != "steal":
            continue
        colour = e.data.get("defender")
        crew = view["crews"].get(colour) or {}
        pid = crew.get("player")
        if pid:
            out.append((pid, f"⚔️ {who.mention(pid)}, your {colour} crew is attacked."))
    return out
