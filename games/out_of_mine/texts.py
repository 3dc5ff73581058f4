"""Out of Mine!'s words: the lobby's options, the round post (who has committed, never what,
R3; after a reveal every board's score parts), the end, and a player's private message (their
card once opened, their own draft or commit). Public texts come from the spectator view, a
player's own text from that player's view only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.out_of_mine.shapes import colour_word, element_word
from texts import N_, _, command, ngettext, number, pgettext

from ..base import BENCH_BUTTON, Who

#: the button that opens a player's card (``OutOfMine.verb_labels["open"]``)
OPEN_BUTTON = N_("Open my card (starts my clock)")
SIDE_BUTTON = N_("My board's side {side}")
CHOOSE_SIDE = N_("Choose your side…")
DIG = N_("Dig…")
#: the ``tile-shapes`` rules topic's words (its picture draws every shape)
SHAPES_TOPIC = N_(
    "**Tile shapes** (drawn in the picture): a tile's colour fixes its size: yellow 1 square, "
    "blue 2, green 3 (a line or an angle), red 4 (five shapes: I, O, T, S, L), white 5 (the "
    "twelve pentominoes F, I, L, N, P, T, U, V, W, X, Y, Z). Any tile may lie turned or "
    "mirrored. Your card says how many tiles of each colour you may place; which shape "
    "of a colour is yours to choose. ×n under a shape: how many tiles of it the box holds "
    "(each player has a full box).")
STEP = {"side": N_("choosing a side"), "open": N_("card still face down"), "dig": N_("digging")}


def options_line(options: Mapping[str, Any], players: int | None = None) -> str:
    def word(key: str, default: bool) -> str:
        return _("on") if options.get(key, default) else _("off")

    return _("Race: {race}. Elf Support: {elves}. Good Finds - Bad Finds: {finds}.").format(
        race=word("race", True), elves=word("elves", False), finds=word("finds", False))


def _state_of(view: Mapping[str, Any], pid: str) -> str:
    owed = {o["player"]: o["decision"] for o in view.get("to_act") or ()}
    p = view["players"][pid]
    if pid in owed:
        return _(STEP[owed[pid]])
    return ("✅ " + _("committed") if p["committed"]
            else _("side {side}").format(side=f"{p['board']}{p['side']}"))


#: the score parts' words (the round records' keys)
PART_WORDS = {"call": N_("call"), "elves": N_("elves"), "finds": N_("finds")}


def score_parts(rec: Mapping[str, Any]) -> str:
    """A scored round's parts: ``8 (2 empty) +2 call +1 elves`` (R11-R13)."""
    parts = _("{base} ({empty} empty)").format(base=rec["base"], empty=rec["empty"])
    for label in ("call", "elves", "finds"):
        if rec[label]:
            parts += f" {rec[label]:+d} {_(PART_WORDS[label])}"
    return parts


def _last_parts(p: Mapping[str, Any], round_no: int) -> str | None:
    recs = [r for r in p["rounds"] if r["round"] == round_no]
    if not recs:
        return None
    rec = recs[-1]
    time = (", " + _("{seconds} s").format(seconds=number(rec["time"], 1))
            if rec["time"] is not None else "")
    return _("{side}, card {card}{time}: {parts} = **{score}**").format(
        side=rec["board"], card=rec["card"], time=time, parts=score_parts(rec),
        score=rec["score"])


def round_summary(view: Mapping[str, Any], scores: Mapping[str, Mapping[str, int]],
                  who: Who) -> str:
    """The public round post: the last round's score parts (after a reveal), then where each
    player stands now (board, side, committed or not: never a card or a tile before the
    reveal, R3)."""
    lines = []
    last = view.get("last_round")
    if last:
        lines.append("**" + _("Round {round} revealed").format(round=last["round"]) + "**")
        for pid in view["seats"]:
            parts = _last_parts(view["players"][pid], last["round"])
            if parts:
                lines.append(f"• {who.mention(pid)}: {parts}")
    lines.append("**" + _("Round {round} of {rounds}").format(
        round=view["round"], rounds=view["rounds"]) + "**")
    for pid in view["seats"]:
        p = view["players"][pid]
        lines.append(_("• {player} — board {board} — {state} — total {total}").format(
            player=who.mention(pid), board=p["board"], state=_state_of(view, pid),
            total=scores.get(pid, {}).get("total", p["total"]))
            + (" — " + _("absent") if who.absent(pid) else ""))
    return "\n".join(lines)


def final_text(view: Mapping[str, Any], scores: Mapping[str, Mapping[str, int]],
               winners: Sequence[str], who: Who) -> str:
    """R16: the highest total, then more calls, then fewer empty spaces (the engine's
    ``ranking_key``, which decides the winners)."""
    lines = ["🏁 " + _("**OUT OF MINE! The game is over.**"),
             _("**Final scores** (total, then calls, then fewer empty spaces):")]
    order = sorted(view["seats"], key=lambda p: (-scores[p]["total"], -scores[p]["calls"],
                                                 scores[p]["empty"]))  # R16
    for pid in order:
        s = scores[pid]
        calls = ngettext("{n} call", "{n} calls", s["calls"]).format(n=s["calls"])
        lines.append("• " + _("{player}: **{total}** ({calls}, {empty} empty)").format(
            player=who.mention(pid), total=s["total"], calls=calls, empty=s["empty"]))
    named = [who.mention(w) for w in winners]
    if len(named) == 1:
        lines.append("🏆 " + _("Winner: {player}").format(player=named[0]))
    elif named:
        lines.append("🏆 " + _("Shared victory: {players}").format(
            players=_(" and ").join(named)))
    return "\n".join(lines)


def hand_text(view: Mapping[str, Any], player_id: str, game_id: int, cmd: str) -> str:
    """A player's own message: their board and side, their card once they may see it, their
    commit (only they see it until the reveal, R3) and how to dig."""
    p = (view.get("players") or {}).get(player_id)
    if p is None:
        return _("You are not playing in game #{game}.").format(game=game_id)
    owed = {o["player"]: o["decision"] for o in view.get("to_act") or ()}.get(player_id)
    where = (_("board {board}, side {side}").format(board=p["board"],
                                                     side=f"{p['board']}{p['side']}")
             if p["side"] else _("board {board}").format(board=p["board"]))
    lines = ["⛏️ " + _("**Out of Mine! game #{game}**, round {round} of {rounds}: {where}. "
                       "Total {total}.").format(game=game_id, round=view["round"],
                                                rounds=view["rounds"], where=where,
                                                total=p["total"])]
    info = p.get("card_info")
    if info:
        lines.append(_("Your card {number}: {tiles}.").format(number=info["number"],
                                                              tiles=info["text"]))
    elif p["has_card"]:
        lines.append(_("Your card is face down: **{button}** under your prompt in the thread "
                       "shows it on your private workbench and starts your clock.").format(
                           button=_(OPEN_BUTTON)))
    if p["dig"]:
        lines.append(_("Your commit (secret until the reveal): `{dig}`").format(dig=p["dig"]))
    elif owed == "dig":
        lines.append(_("Dig on your private workbench (**{button}** under your prompt in the "
                       "thread): take a tile in hand, pick the number of its place, confirm; "
                       "or type tiles with `{draft}:+red-l:C3`, then `{confirm}`.").format(
                           button=_(BENCH_BUTTON),
                           draft=command(cmd.lstrip("/") + " draft") + " "
                           + pgettext("slash name", "action"),
                           confirm=command(cmd.lstrip("/") + " confirm")))
    elif owed == "side":
        lines.append(_("Choose side a or side b of your board."))
    return "\n".join(lines)


def card_words(view: Mapping[str, Any], player: str) -> str:
    """The player's card in words (its shapes are drawn on the workbench): how many tiles of
    each colour, and its finds when they score (R13)."""
    p = (view.get("players") or {}).get(player) or {}
    info = p.get("card_info")
    if not info:
        return ""
    tiles = _(", ").join(_("{count} {colour}").format(count=n, colour=colour_word(c))
                         for c, n in info["tiles"].items())
    finds = _(", ").join(f"{element_word(e)} {v:+d}" for e, v in info["finds"].items())
    scored = (_("; ") + _("finds: {finds}").format(finds=finds)
              if (view.get("options") or {}).get("finds") else "")
    return _("Card {number}: {tiles}{finds}. Side {side}.").format(
        number=info["number"], tiles=tiles, finds=scored, side=f"{p['board']}{p['side']}")


def draft_ready(plain: Any, calling: Any, race: bool) -> str:
    """What a legal dig draft is told: ``plain`` and ``calling`` are the engine's round records
    of it revealed now without and with the call. R10: complete only when no space is empty,
    and only a complete board calls; R11: 10 - empty (0 above 10 empty) + elves + finds; R6:
    with the race on only the fastest complete board calls, and a faster call cuts the tiles
    placed after it."""
    cut = " " + _("(a faster call cuts the tiles placed after it)") if race else ""
    if plain.empty == 0:
        score = (_("revealed now it would score **{call}** if it calls OUT OF MINE! (the "
                   "fastest complete board calls), else **{plain}**").format(
                       call=calling.score, plain=plain.score) + cut
                 if race else _("it scores **{score}** with the call").format(
                     score=calling.score))
        return _("It is complete (all 20 spaces covered): {score}. Confirm it to commit it "
                 "(a decision is final).").format(score=score)
    zero = (": " + _("more than 10 empty spaces score 0") if plain.empty > 10 else cut)
    return ngettext("Not complete: {empty} of 20 space is empty. Revealed now it would score "
                    "**{score}**{zero}. Add tiles, or confirm it to commit it as it stands "
                    "(a decision is final).",
                    "Not complete: {empty} of 20 spaces are empty. Revealed now it would score "
                    "**{score}**{zero}. Add tiles, or confirm it to commit it as it stands "
                    "(a decision is final).", plain.empty).format(
                        empty=plain.empty, score=plain.score, zero=zero)


def draft_squares(part: str, words: Sequence[str]) -> list[tuple[str, str]]:
    """(label, ``KIND:SQUARE``) for each square some legal placement of ``part``'s kind covers,
    column by column: the squares a player may point at."""
    kind = part.split(":", 1)[0]
    squares: set[str] = set()
    for word in words:
        name, _sep, where = word.partition(":")
        if name == kind:
            squares.update(where.split(","))
    ordered = sorted(squares, key=lambda sq: (sq[0], int(sq[1:])))
    return [(_("near {square}").format(square=sq), f"{kind}:{sq}") for sq in ordered]
