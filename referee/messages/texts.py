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
from texts import DEFAULT, LOCALES, N_, NAMES, NP_, _, ngettext, number, pgettext

_RULE_GROUP = re.compile(r"\s*\((?:R\d+[a-z]?(?:,\s*|;\s*)?)+\)")
_RULE_TAIL = re.compile(r",\s*R\d+[a-z]?(?=\))")


def plain(text: str) -> str:
    """A text as players read it: the rule citations the engines keep for their maintainers
    (" (R13)", ", R6)") taken out; the rules' numbers are for the code and its tests."""
    return _RULE_TAIL.sub("", _RULE_GROUP.sub("", text))


def name(text: str) -> str:
    """A player's name as written in a message (``referee.messages.names``)."""
    return shown(clean(text))


def mention(seat: Seat | None, fallback: str | None = None) -> str:
    if seat is None:
        return name(fallback or _("someone"))
    if seat.is_ai or seat.user_id is None:
        return f"🤖 {name(seat.display_name)}"
    return f"<@{seat.user_id}>"


def when(deadline: int | None) -> str:
    return _("no deadline") if deadline is None else f"<t:{deadline}:f> (<t:{deadline}:R>)"


def public_lines(events: Iterable[Event], present: Presentation) -> list[str]:
    """The public events as the thread reads them, in the language being written
    (``Presentation.event_text``)."""
    return [shown(plain(present.event_text(e))) for e in events if e.to is None]


def private_lines(events: Iterable[Event], player_id: str, present: Presentation) -> list[str]:
    return [shown(plain(present.event_text(e))) for e in events
            if e.to is not None and player_id in e.to]


def collapse(lines: Sequence[str], limit: int = 20) -> list[str]:
    """A run of automatic decisions in one message: its last ``limit`` lines, and how many
    earlier ones /stella log has."""
    if len(lines) <= limit:
        return list(lines)
    earlier = len(lines) - limit + 1
    return [ngettext("… {count} earlier line: see the log command.",
                     "… {count} earlier lines: see the log command.", earlier).format(
                         count=number(earlier)),
            *lines[len(lines) - limit + 1:]]


def prompt_line(seat: Seat | None, prompt: str, deadline: int | None) -> str:
    line = f"➡️ {mention(seat)}: {shown(plain(prompt))}"
    if deadline is not None and seat is not None and not seat.is_ai:
        line += "\n" + _("⏰ Deadline: {when}").format(when=when(deadline))
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


SEALED = N_("🔒 (a secret decision, shown when it is revealed)")


def unsealed(decisions: Sequence[Decision], viewer: str | None, engine_game: Any
             ) -> list[Decision]:
    """The log as ``viewer`` (a player id, None: anyone else) may read it: a sealed decision's
    text only for its own player until it is revealed; another player's decision in its public
    form (the engine's ``public_text``: a revealed bid without where the other cards went)."""
    def seen(d: Decision) -> Decision:
        if d.player_id == viewer:
            return d
        if d.sealed:
            return dataclasses.replace(d, text=_(SEALED))
        return dataclasses.replace(d, text=public_text(engine_game, d.text))

    return [seen(d) for d in decisions]


def log_text(decisions: Sequence[Decision], names: Mapping[str, str], total: int) -> str:
    if not decisions:
        return _("No decisions yet.")
    lines = [f"{d.seq}. {name(names.get(d.player_id, d.player_id))}: `{d.text}`"
             + ("" if d.source in ("player",) else f" ({d.source})") for d in decisions]
    head = _("Decisions {first}–{last} of {total}:").format(
        first=decisions[0].seq, last=decisions[-1].seq, total=total)
    return "\n".join([head, *lines])


def language_of(options: Mapping[str, Any]) -> str:
    """A game's language from its options (``referee.shared.context.Context.language``)."""
    value = options.get("language")
    return value if value in LOCALES else DEFAULT


def lobby_text(game: Game, present: Presentation, min_players: int = 2,
               max_players: int = 4) -> str:
    opts = game.options
    hours = opts.get("turn_seconds", 86400) / 3600
    seats = ", ".join(mention(s) for s in game.seats) or _("nobody yet")
    status = "expired" if game.end_reason == "expired" else str(game.status)  # desks.expiry
    text = "\n".join([
        f"{present.emoji} **{present.title} — " + _("game #{game}").format(game=game.id)
        + f"** ({pgettext('game status', status)})",
        _("Host: {host}.").format(host=f"<@{game.host_id}>") + " "
        + present.options_line(opts, len(game.seats)) + " "
        + _("Turn time limit: {hours} h.").format(hours=number(hours)) + " "
        + _("Language: {language}.").format(language=NAMES[language_of(opts)]),
        _("Players ({seated}/{most}): {seats}").format(seated=len(game.seats),
                                                        most=max_players, seats=seats)])
    if game.status != "lobby":
        return text
    return text + "\n" + _(
        "Press **Join** (or {join}) to take a seat; the host presses **Start** (or {start}) "
        "with {least}-{most} players. {addbot} seats an AI.").format(
            join=present.cmd("join"), start=present.cmd("start"), least=min_players,
            most=max_players, addbot=present.cmd("addbot"))


#: a game's status as its messages say it (the statuses' words, for the catalogs)
STATUSES = (NP_("game status", "lobby"), NP_("game status", "running"),
            NP_("game status", "finished"), NP_("game status", "aborted"),
            NP_("game status", "expired"))


def status_header(game: Game, present: Presentation, owing: Sequence[tuple[str, str]],
                  deadline: int | None) -> str:
    """The head of a status answer: the game, and who owes what (player id, prompt)."""
    head = (f"{present.emoji} **{present.title} — " + _("game #{game}").format(game=game.id)
            + f"** ({pgettext('game status', str(game.status))})")
    if game.status == "running":
        for player, prompt in owing:
            head += "\n" + prompt_line(game.seat_of_player(player), prompt, deadline)
    return head
