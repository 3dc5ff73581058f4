"""Invariants of a reachable state (conservation, limits, shape), run after every decision by
the simulator and property tests, and on every import (``GAME.validate``)."""

from __future__ import annotations

from ..core.errors import IllegalDecision
from .actions import Dig, parse
from .components import BOARDS, CARDS, PILE, ROUNDS, SIDES
from .flow import forced_side
from .scoring import ranking_key
from .state import State


def violations(state: State) -> list[str]:
    out: list[str] = []
    n = len(state.players)
    if not 2 <= n <= 4 or len({p.id for p in state.players}) != n:
        out.append("2 to 4 players with distinct ids are needed.")
    boards = [p.board for p in state.players] + state.pile + state.retired + state.unused
    if sorted(boards) != list(BOARDS):  # C5, C6: the 10 boards, each in one place
        out.append(f"the boards are not conserved: {sorted(boards)}.")
    if len(state.pile) > PILE or len(state.retired) > PILE:
        out.append("more boards in the pile or retired than the 6 of the draw pile.")
    cards = state.deck + state.discard + [p.card for p in state.players if p.card is not None]
    if sorted(cards) != sorted(CARDS):  # C4: the 40 cards, each in one place
        out.append("the treasure cards are not conserved.")
    if not 1 <= state.round <= ROUNDS:
        out.append(f"round {state.round} is not between 1 and {ROUNDS}.")
    if state.phase not in ("side", "dig", "ended") or state.ended != (state.phase == "ended"):
        out.append(f"phase '{state.phase}' does not match ended={state.ended}.")
    for seat in range(n):
        out += _player_violations(state, seat)
    if state.ended:
        best = max(ranking_key(p) for p in state.players)
        if state.winners != [p.id for p in state.players if ranking_key(p) == best]:
            out.append("the winners are not the players ranked first (R16).")
    elif state.winners:
        out.append("winners are named before the end.")
    return out


def _player_violations(state: State, seat: int) -> list[str]:
    p = state.players[seat]
    out: list[str] = []
    who = f"{p.id}:"
    if p.side not in (None, "a", "b"):
        out.append(f"{who} side '{p.side}' is not a or b.")
    forced = forced_side(state, seat)
    if forced is not None and p.side is not None and p.side != forced and not state.ended:
        out.append(f"{who} got board {p.board} back but does not play its other side (R4).")
    if p.previous is not None and p.previous not in SIDES:
        out.append(f"{who} previous side '{p.previous}' is not a board side.")
    drawn = state.phase == "dig"
    if drawn != (p.card is not None) or (drawn and p.side is None):
        out.append(f"{who} a card is held exactly in the dig step, with the side set (R5).")
    if p.opened and (not state.options.race or not drawn):
        out.append(f"{who} opened without a race or a card (R6).")
    if p.dig is not None:
        out += _dig_violations(state, p.id, p.dig)
    if len(p.rounds) > ROUNDS:
        out.append(f"{who} more than {ROUNDS} scored rounds.")
    for rec in p.rounds:
        parts = rec.base + rec.call + rec.elves + rec.finds
        if rec.score != parts or (rec.empty > 10 and parts) or rec.base != max(
                0, 10 - rec.empty) * (rec.empty <= 10):
            out.append(f"{who} round {rec.round}'s parts don't add up (R11).")
    return out


def _dig_violations(state: State, pid: str, text: str) -> list[str]:
    from .dig import check_tiles

    p = state.player(pid)
    try:
        dig = parse(text)
        assert isinstance(dig, Dig)
        if state.options.race and (not p.opened or dig.time is None
                                   or any(t.at is None or t.at > dig.time for t in dig.tiles)):
            return [f"{pid}: a raced dig needs an open and every time (R6)."]
        if not state.options.race and dig.stamped:
            return [f"{pid}: a dig carries times with the race off (R6)."]
        check_tiles(p.board_side or "", p.card or 0, dig.tiles)
    except (IllegalDecision, AssertionError, KeyError) as exc:
        return [f"{pid}: the sealed dig is not legal: {exc}"]
    return []


def check(state: State) -> None:
    """Raise AssertionError with a sentence when an invariant breaks."""
    found = violations(state)
    if found:
        raise AssertionError("; ".join(found))
