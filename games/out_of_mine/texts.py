"""Out of Mine!'s words: the lobby's options, the round post (who has committed, never what,
R3; after a reveal every board's score parts), the end, and a player's private message (their
card once opened, their own draft or commit). Public texts come from the spectator view, a
player's own text from that player's view only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import BENCH_BUTTON, Who

#: the button that opens a player's card (``OutOfMine.verb_labels["open"]``)
OPEN_BUTTON = "Open my card (starts my clock)"
SIDE_BUTTON = "My board's side {side}"
#: the ``tile-shapes`` rules topic's words (its picture draws every shape)
SHAPES_TOPIC = (
    "**Tile shapes** (drawn in the picture): a tile's colour fixes its size: yellow 1 square, "
    "blue 2, green 3 (a line or an angle), red 4 (five shapes: I, O, T, S, L), white 5 (the "
    "twelve pentominoes F, I, L, N, P, T, U, V, W, X, Y, Z). Any tile may lie turned or "
    "mirrored. Your card says how many tiles of each colour you may place; which shape "
    "of a colour is yours to choose. ×n under a shape: how many tiles of it the box holds "
    "(each player has a full box).")
STEP = {"side": "choosing a side", "open": "card still face down", "dig": "digging"}


def options_line(options: Mapping[str, Any], players: int | None = None) -> str:
    def word(key: str, default: bool) -> str:
        return "on" if options.get(key, default) else "off"

    return (f"Race: {word('race', True)}. Elf Support: {word('elves', False)}. "
            f"Good Finds - Bad Finds: {word('finds', False)}.")


def _state_of(view: Mapping[str, Any], pid: str) -> str:
    owed = {o["player"]: o["decision"] for o in view.get("to_act") or ()}
    p = view["players"][pid]
    if pid in owed:
        return STEP[owed[pid]]
    return "✅ committed" if p["committed"] else f"side {p['board']}{p['side']}"


def _last_parts(p: Mapping[str, Any], round_no: int) -> str | None:
    recs = [r for r in p["rounds"] if r["round"] == round_no]
    if not recs:
        return None
    rec = recs[-1]
    parts = f"{rec['base']} ({rec['empty']} empty)"
    for label in ("call", "elves", "finds"):
        if rec[label]:
            parts += f" {rec[label]:+d} {label}"
    time = f", {rec['time']:.1f} s" if rec["time"] is not None else ""
    return f"{rec['board']}, card {rec['card']}{time}: {parts} = **{rec['score']}**"


def round_summary(view: Mapping[str, Any], scores: Mapping[str, Mapping[str, int]],
                  who: Who) -> str:
    """The public round post: the last round's score parts (after a reveal), then where each
    player stands now (board, side, committed or not: never a card or a tile before the
    reveal, R3)."""
    lines = []
    last = view.get("last_round")
    if last:
        lines.append(f"**Round {last['round']} revealed**")
        for pid in view["seats"]:
            parts = _last_parts(view["players"][pid], last["round"])
            if parts:
                lines.append(f"• {who.mention(pid)}: {parts}")
    lines.append(f"**Round {view['round']} of {view['rounds']}**")
    for pid in view["seats"]:
        p = view["players"][pid]
        lines.append(f"• {who.mention(pid)} — board {p['board']} — {_state_of(view, pid)} — "
                     f"total {scores.get(pid, {}).get('total', p['total'])}"
                     + (" — absent" if who.absent(pid) else ""))
    return "\n".join(lines)


def final_text(view: Mapping[str, Any], scores: Mapping[str, Mapping[str, int]],
               winners: Sequence[str], who: Who) -> str:
    """R16: the highest total, then more calls, then fewer empty spaces (the engine's
    ``ranking_key``, which decides the winners)."""
    lines = ["🏁 **OUT OF MINE! The game is over.**", "**Final scores** (total, then calls, "
             "then fewer empty spaces):"]
    order = sorted(view["seats"], key=lambda p: (-scores[p]["total"], -scores[p]["calls"],
                                                 scores[p]["empty"]))  # R16
    for pid in order:
        s = scores[pid]
        lines.append(f"• {who.mention(pid)}: **{s['total']}** ({s['calls']} "
                     f"call{'s' if s['calls'] != 1 else ''}, {s['empty']} empty)")
    named = [who.mention(w) for w in winners]
    if len(named) == 1:
        lines.append(f"🏆 Winner: {named[0]}")
    elif named:
        lines.append(f"🏆 Shared victory: {' and '.join(named)}")
    return "\n".join(lines)


def hand_text(view: Mapping[str, Any], player_id: str, game_id: int, cmd: str) -> str:
    """A player's own message: their board and side, their card once they may see it, their
    commit (only they see it until the reveal, R3) and how to dig."""
    p = (view.get("players") or {}).get(player_id)
    if p is None:
        return f"You are not playing in game #{game_id}."
    owed = {o["player"]: o["decision"] for o in view.get("to_act") or ()}.get(player_id)
    where = f"board {p['board']}" + (f", side {p['board']}{p['side']}" if p["side"] else "")
    lines = [f"⛏️ **Out of Mine! game #{game_id}**, round {view['round']} of {view['rounds']}: "
             f"{where}. Total {p['total']}."]
    info = p.get("card_info")
    if info:
        lines.append(f"Your card {info['number']}: {info['text']}.")
    elif p["has_card"]:
        lines.append(f"Your card is face down: **{OPEN_BUTTON}** under your prompt in the "
                     "thread shows it on your private workbench and starts your clock.")
    if p["dig"]:
        lines.append(f"Your commit (secret until the reveal): `{p['dig']}`")
    elif owed == "dig":
        lines.append(f"Dig on your private workbench (**{BENCH_BUTTON}** under your prompt "
                     "in the thread): take a tile in hand, pick the number of its place, "
                     f"confirm; or type tiles with `{cmd} draft action:+red-l:C3`, then "
                     f"`{cmd} confirm`.")
    elif owed == "side":
        lines.append("Choose side a or side b of your board.")
    return "\n".join(lines)


def card_words(view: Mapping[str, Any], player: str) -> str:
    """The player's card in words (its shapes are drawn on the workbench): how many tiles of
    each colour, and its finds when they score (R13)."""
    p = (view.get("players") or {}).get(player) or {}
    info = p.get("card_info")
    if not info:
        return ""
    tiles = ", ".join(f"{n} {c}" for c, n in info["tiles"].items())
    finds = ", ".join(f"{e} {v:+d}" for e, v in info["finds"].items())
    scored = f"; finds: {finds}" if (view.get("options") or {}).get("finds") else ""
    return f"Card {info['number']}: {tiles}{scored}. Side {p['board']}{p['side']}."


def draft_ready(plain: Any, calling: Any, race: bool) -> str:
    """What a legal dig draft is told: ``plain`` and ``calling`` are the engine's round records
    of it revealed now without and with the call. R10: complete only when no space is empty,
    and only a complete board calls; R11: 10 - empty (0 above 10 empty) + elves + finds; R6:
    with the race on only the fastest complete board calls, and a faster call cuts the tiles
    placed after it."""
    cut = " (a faster call cuts the tiles placed after it)" if race else ""
    if plain.empty == 0:
        score = (f"revealed now it would score **{calling.score}** if it calls OUT OF MINE! "
                 f"(the fastest complete board calls), else **{plain.score}**{cut}"
                 if race else f"it scores **{calling.score}** with the call")
        return (f"It is complete (all 20 spaces covered): {score}. Confirm it to commit it "
                "(a decision is final).")
    spaces = "space is" if plain.empty == 1 else "spaces are"
    zero = ": more than 10 empty spaces score 0" if plain.empty > 10 else cut
    return (f"Not complete: {plain.empty} of 20 {spaces} empty. Revealed now it would score "
            f"**{plain.score}**{zero}. Add tiles, or confirm it to commit it as it stands "
            "(a decision is final).")


def draft_squares(part: str, words: Sequence[str]) -> list[tuple[str, str]]:
    """(label, ``KIND:SQUARE``) for each square some legal placement of ``part``'s kind covers,
    column by column: the squares a player may point at."""
    kind = part.split(":", 1)[0]
    squares: set[str] = set()
    for word in words:
        name, _, where = word.partition(":")
        if name == kind:
            squares.update(where.split(","))
    ordered = sorted(squares, key=lambda sq: (sq[0], int(sq[1:])))
    return [(f"near {sq}", f"{kind}:{sq}") for sq in ordered]
