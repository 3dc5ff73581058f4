"""The turn prompt's line in players' words (issue 30): what a player must decide now, built
from the state as the engine's ``prompt`` builds its English (engine/out_of_mine/game.py: a
side, R4; an open that starts the clock, R6; a dig's commit, R7), in the language being
written; a board side in words ("board 3, side a"), not notation ("3a")."""

from __future__ import annotations

from typing import Any

from texts import _


def prompt_text(game: Any, state: Any, player: str | None) -> str:
    """What ``player`` (else the first player owing) must decide, as the engine says it."""
    if state.ended:
        return _("The game is over.")
    owed = game.owed(state)
    if player is None:
        owes = owed[0] if owed else None
    else:
        owes = next((o for o in owed if o.player == player), None)
    if owes is None:
        if not player:
            return ""
        return _("{player} owes nothing now.").format(player=state.player(player).name)
    p = state.player(owes.player)
    if owes.decision == "side":  # R4
        return _("{player} must choose a side of board {board}: side a or side b.").format(
            player=p.name, board=p.board)
    if owes.decision == "open":  # R6
        return _("{player} must open their card (it starts their clock) and dig on board "
                 "{board}, side {side}.").format(player=p.name, board=p.board, side=p.side)
    return _("{player} must commit their dig on board {board}, side {side}.").format(
        player=p.name, board=p.board, side=p.side)
