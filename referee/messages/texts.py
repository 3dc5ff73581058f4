"""The words the bot writes. Pure functions of public data (``g.view(state, None)``, public
events, ``g.prompt``, the decision log) or of one player's own view (their hand, for them only).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from db import Decision, Game, Seat
from engine import Event
from engine.core.game import public_text
from games import Presentation, Who
from referee.messages.names import clean, shown
from texts import DEFAULT, LOCALES, NAMES

_RULE_GROUP = re.compile(r"\s*\((?:R\d+[a-z]?(?:,\s*|;\s*)?)+\)")
_RULE_TAIL = re.compile(r",\s*R\d+[a-z]?(?=\))")


def plain(text: str) -> str:
    """A text as players read it: the rule citations the engines keep for their maintainers
    (" (R13)", ", R6)") taken out; the rules' numbers are for the code and its tests."""
    return _RULE_TAIL.sub("", _RULE_GROUP.sub("", text))


def name(text: str) -> str:
    """A player's name as written in a message (``referee.messages.names``)."""
    return shown(clean(text))


def mention(seat: Seat | None, fallback: str = "someone") -> str:
    if seat is None:
        return name(fallback)
    if seat.is_ai or seat.user_id is None:
        return f"🤖 {name(seat.display_name)}"
    return f"<@{seat.user_id}>"


def when(deadline: int | None) -> str:
    return "no deadline" if deadline is None else f"<t:{deadline}:f> (<t:{deadline}:R>)"


def public_lines(events: Iterable[Event]) -> list[str]:
    return [shown(plain(e.text)) for e in events if e.to is None]


def private_lines(events: Iterable[Event], player_id: str) -> list[str]:
    return [shown(plain(e.text)) for e in events if e.to is not None and player_id in e.to]


def collapse(lines: Sequence[str], limit: int = 20) -> list[str]:
    """A run of automatic decisions in one message: its last ``limit`` lines, and how many
    earlier ones /stella log has."""
    if len(lines) <= limit:
        return list(lines)
    return [f"… {len(lines) - limit + 1} earlier line(s): see the log command.",
            *lines[len(lines) - limit + 1:]]


def prompt_line(seat: Seat | None, prompt: str, deadline: int | None) -> str:
    line = f"➡️ {mention(seat)}: {shown(plain(prompt))}"
    if deadline is not None and seat is not None and not seat.is_ai:
        line += f"\n⏰ Deadline: {when(deadline)}"
    return line


def who(game: Game, view: Mapping[str, Any]) -> Who:
    """How this game's seats are named in a post built from ``view`` (its ``names``)."""
    seats = {s.player_id: s for s in game.seats}
    names = view.get("names") or {}

    def absent(pid: str) -> bool:
        seat = seats.get(pid)
        return seat is not None and seat.absent

    return Who(lambda pid: mention(seats.get(pid), names.get(pid, pid)), absent,
               lambda pid: name(names.get(pid, pid)))


SEALED = "🔒 (a secret decision, shown when it is revealed)"


def unsealed(decisions: Sequence[Decision], viewer: str | None, engine_game: Any
             ) -> list[Decision]:
    """The log as ``viewer`` (a player id, None: anyone else) may read it: a sealed decision's
    text only for its own player until it is revealed; another player's decision in its public
    form (the engine's ``public_text``: a revealed bid without where the other cards went)."""
    def seen(d: Decision) -> Decision:
        if d.player_id == viewer:
            return d
        if d.sealed:
            return dataclasses.replace(d, text=SEALED)
        return dataclasses.replace(d, text=public_text(engine_game, d.text))

    return [seen(d) for d in decisions]


def log_text(decisions: Sequence[Decision], names: Mapping[str, str], total: int) -> str:
    if not decisions:
        return "No decisions yet."
    lines = [f"{d.seq}. {name(names.get(d.player_id, d.player_id))}: `{d.text}`"
             + ("" if d.source in ("player",) else f" ({d.source})") for d in decisions]
    head = f"Decisions {decisions[0].seq}–{decisions[-1].seq} of {total}:"
    return "\n".join([head, *lines])


def language_of(options: Mapping[str, Any]) -> str:
    """A game's language from its options (``referee.shared.context.Context.language``)."""
    value = options.get("language")
    return value if value in LOCALES else DEFAULT


def lobby_text(game: Game, present: Presentation, min_players: int = 2,
               max_players: int = 4) -> str:
    opts = game.options
    hours = opts.get("turn_seconds", 86400) / 3600
    seats = ", ".join(mention(s) for s in game.seats) or "nobody yet"
    status = "expired" if game.end_reason == "expired" else game.status  # referee.desks.expiry
    text = (f"{present.emoji} **{present.title} — game #{game.id}** ({status})\n"
            f"Host: <@{game.host_id}>. {present.options_line(opts, len(game.seats))} "
            f"Turn time limit: {hours:g} h. Language: {NAMES[language_of(opts)]}.\n"
            f"Players ({len(game.seats)}/{max_players}): {seats}")
    if game.status != "lobby":
        return text
    return (f"{text}\n"
            f"Press **Join** (or {present.cmd('join')}) to take a seat; the host presses **Start** "
            f"(or {present.cmd('start')}) with {min_players}-{max_players} players. "
            f"{present.cmd('addbot')} seats an AI.")


def status_header(game: Game, present: Presentation, owing: Sequence[tuple[str, str]],
                  deadline: int | None) -> str:
    """The head of a status answer: the game, and who owes what (player id, prompt)."""
    head = f"{present.emoji} **{present.title} — game #{game.id}** ({game.status})"
    if game.status == "running":
        for player, prompt in owing:
            head += "\n" + prompt_line(game.seat_of_player(player), prompt, deadline)
    return head
