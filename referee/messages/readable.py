"""The log as sentences (``/... log``): each decision told by the public events it caused,
found by replaying the stored log from the initial state; the notation only on request.

Only public events are used (``to`` None), so a sealed decision reads as the game's public
line about it ("Ann has committed a dig") and its notation stays hidden until the reveal
(``texts.unsealed`` decides what the notation column may show).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from db import Decision
from games import Presentation
from referee.messages.texts import name, public_lines
from texts import N_, _

#: who made a decision, when not its player (said after it in the log)
SOURCES = {"ai": N_("AI"), "auto": N_("absent: the default"), "timeout": N_("time ran out"),
           "admin": N_("by a moderator")}


def sentences(g: Any, present: Presentation, initial: str,
              decisions: Sequence[Decision]) -> list[list[str]]:
    """For each decision of the log, the public lines it caused (replayed; pure)."""
    state = g.load(initial)
    told: list[list[str]] = []
    for d in decisions:
        events = g.apply(state, d.player_id, d.text)
        told.append(public_lines(events, present))
    return told


def log_text(decisions: Sequence[Decision], told: Sequence[Sequence[str]],
             names: Mapping[str, str], total: int, count: int, notation: bool) -> str:
    """The last ``count`` decisions as sentences (``decisions`` as the viewer may read them:
    a sealed one's notation replaced), with the notation after each when asked."""
    if not decisions:
        return _("No decisions yet.")
    rows = list(zip(decisions, told, strict=True))[-count:]
    head = (_("Decisions {first}–{last} of {total} (with the notation):") if notation
            else _("Decisions {first}–{last} of {total}:"))
    lines = [head.format(first=rows[0][0].seq, last=rows[-1][0].seq, total=total)]
    for d, said in rows:
        who = name(names.get(d.player_id, d.player_id))
        text = " ".join(said) or _("{player} decided.").format(player=who)
        source = SOURCES.get(str(d.source))
        source = _(source) if source else None
        lines.append(f"{d.seq}. {text}" + (f" ({source})" if source else ""))
        if notation:
            lines.append(f"    ↳ {who}: `{d.text}`")
    return "\n".join(lines)
