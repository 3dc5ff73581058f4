"""Is a turn prompt's control still good for the player who clicks it?

A prompt's buttons and selects carry the version and tag of the state they were built for
(``referee.messages.ids``). When one player owes at a time, any decision since makes them stale. When
several players owe at once (secret bids, say), another player's answer moves the version on
but leaves this player's own prompt as it was: the control stays good for a player who, since
the state it was built for, made no decision of their own, saw no reveal (the round did not
move on), and still owes the same kind of decision with the same choices (a select's values
are ranges of that sorted list). The state it was built for must be the one on the game's
current line, so a game undone or taken back past it refuses it. Checked by replaying the
log (off the event loop: a whole game's replay is tens of milliseconds of CPU).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.messages import choices, ids


def since(log_: Sequence[Any], version: int, player: str) -> int | None:
    """The index in ``log_`` of the first decision applied to ``version``, if every decision
    from there on is another player's; None if there is none or ``player`` decided since."""
    first = next((j for j, d in enumerate(log_) if d.prev_version == version), None)
    if first is None or any(d.player_id == player for d in log_[first:]):
        return None
    return first


def _owes(g: Any, state: Any, player: str) -> tuple[str, bool, list[str]] | None:
    owed = next((o for o in g.owed(state) if o.player == player), None)
    if owed is None:
        return None
    return owed.decision, bool(owed.listed), choices.ordered(g.legal(state, player))


def still_owed(g: Any, initial: str, log_: Sequence[Any], first: int, player: str,
               version: int, tag: str | None, now: Any) -> bool:
    """Replaying ``log_`` from ``initial``: the state before ``log_[first]`` is ``version``
    with this ``tag`` (the one the control was built for), ``player`` owed a decision there,
    no decision since revealed anything publicly (the round moved on), and ``player`` owes
    the same decision with the same choices in ``now`` (the current state)."""
    state = g.load(initial)
    for d in log_[:first]:
        g.apply(state, d.player_id, d.text)
    if int(state.version) != version or ids.state_tag(g.dump(state)) != tag:
        return False
    then = _owes(g, state, player)
    if then is None:
        return False
    for d in log_[first:]:
        events = g.apply(state, d.player_id, d.text)
        if any(e.kind == "reveal" and e.to is None for e in events):
            return False
    return _owes(g, now, player) == then
