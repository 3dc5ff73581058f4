"""The end of the game (R18) and the per-round score record."""

from __future__ import annotations

from engine.stella_digger.events import EventLog
from engine.stella_digger.rounds.scoring import score, total_score, winners
from engine.stella_digger.state import State

#: Why a game ended: the last 3-VP tile left the supply; neither yellow-framed square holds a tile
#: after a performance check; no target can be chosen; one player left (R20).
END_REASONS = ("vp3-exhausted", "core-mined", "no-target", "last-standing")


def record_scores(state: State) -> None:
    state.score_history.append([total_score(p) for p in state.players])


def end_game(state: State, reason: str, ev: EventLog) -> None:
    if state.ended:
        return
    state.ended, state.end_reason = True, reason
    state.stack.clear()
    state.winners = winners(state)
    record_scores(state)
    names = {p.id: p.name for p in state.players}
    parts = "; ".join(f"{p.name} {score(p)['total']}" for p in state.players if not p.out)
    won = " and ".join(names[w] for w in state.winners)
    ev.say("end", f"The game is over ({reason.replace('-', ' ')}). Scores: {parts}. "
           f"{'Winner' if len(state.winners) == 1 else 'Shared victory'}: {won}.",
           reason=reason, winners=list(state.winners),
           scores={p.id: score(p) for p in state.players})
