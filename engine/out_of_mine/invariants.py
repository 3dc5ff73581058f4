"""Invariants of a reachable state (conservation, limits, shape), run after every decision by
the simulator and property tests, and on every import (``GAME.validate``)."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.errors import IllegalDecision, NotationError
from .actions import Dig, Placed, parse, parse_tile
from .components import BOARDS, CARDS, GALLERY, PILE, ROUNDS, SIDES
from .flow import forced_side
from .scoring import ranking_key, record
from .state import RoundRecord, State

#: a raced dig's time= in tenths: at most the longest turn the referee allows (14 days, R6)
TIME_MAX = 14 * 24 * 3600 * 10


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
    if out:
        return out  # the checks below index by seat, round and board
    for seat in range(n):
        out += _player_violations(state, seat)
    out += _progress(state)
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
    scored = state.round - (not state.ended)  # rounds revealed so far (R5 step 5)
    if len(p.rounds) != scored:
        out.append(f"{who} {len(p.rounds)} scored rounds in round {state.round}.")
    for index, rec in enumerate(p.rounds):
        problem = _record_problem(state, rec, index + 1)
        if problem:
            out.append(f"{who} round {rec.round}'s record {problem}.")
    if (p.total, p.calls, p.empty) != (sum(r.score for r in p.rounds),
                                        sum(1 for r in p.rounds if r.call),
                                        sum(r.empty for r in p.rounds)):
        out.append(f"{who} the total, calls or empty spaces are not the sum of the rounds "
                   "(R11, R16).")
    if p.previous != (p.rounds[-1].board if p.rounds else None):
        out.append(f"{who} the previous side is not the side of the last round played.")
    return out


def _covered(words: list[str]) -> int:
    return sum(len(w.partition(":")[2].split(",")) for w in words)


def _callers_agree(state: State, recs: list[RoundRecord]) -> bool:
    """R10: the players whose whole dig covered the gallery call; with the race on (R6) only
    the least time among them, and every later dig lost the tiles placed after it."""
    complete = [r for r in recs if _covered(r.tiles + r.cut) == GALLERY]
    if not state.options.race:
        return all(bool(r.call) == (r in complete) and not r.cut for r in recs)
    cut_at = min((r.time or 0 for r in complete), default=None)
    for r in recs:
        calls = cut_at is not None and r in complete and r.time == cut_at
        if bool(r.call) != calls or r.cut and (cut_at is None or (r.time or 0) <= cut_at):
            return False
    return True


def _record_problem(state: State, rec: RoundRecord, number: int) -> str | None:
    """What is wrong with one scored round, rebuilt from its side, card and tiles (R6, R7,
    R10-R13); None if it is what ``record`` scores."""
    if rec.round != number or rec.board not in SIDES or rec.card not in CARDS:
        return "names another round, side or card"
    if (rec.time is None) == state.options.race or (
            rec.time is not None and not 0 <= rec.time <= TIME_MAX):
        return "has a time without the race, none with it, or one out of bounds (R6)"
    if rec.cut and not state.options.race:
        return "has tiles cut without a race (R6)"
    try:
        tiles = [parse_tile(w) for w in rec.tiles + rec.cut]
        if any(t.at is not None for t in tiles) or [t.word for t in tiles] != rec.tiles + rec.cut:
            return "holds tile words that are not canonical"
        check_tiles(rec.board, rec.card, tiles)
    except (IllegalDecision, NotationError, KeyError) as exc:
        return f"holds a dig that is not legal ({exc})"
    rebuilt = record(state, rec.board, rec.card, rec.tiles, bool(rec.call))
    if rec.call and rec.empty:
        return "calls OUT OF MINE! without a complete board (R10)"
    if (rec.empty, rec.base, rec.call, rec.elves, rec.finds, rec.score) != (
            rebuilt.empty, rebuilt.base, rebuilt.call, rebuilt.elves, rebuilt.finds,
            rebuilt.score) or rec.empty > GALLERY:
        return "does not score what its tiles score (R11-R13)"
    return None


def _progress(state: State) -> list[str]:
    """Rounds, exchanges and the version agree (R5, R15, R16)."""
    out: list[str] = []
    n = len(state.players)
    exchanges = state.round - 1  # each round but the last ends with one (R15)
    if len(state.retired) != exchanges or len(state.pile) != PILE - exchanges:
        out.append(f"{len(state.retired)} boards retired and {len(state.pile)} in the pile in "
                   f"round {state.round} (R15).")
    if not 0 <= state.version <= 3 * n * state.round:
        out.append(f"version {state.version} in round {state.round}: each player makes at most "
                   "three decisions a round.")
    for number in range(1, state.round + state.ended):
        if any(len(p.rounds) < number for p in state.players):
            break
        if not _callers_agree(state, [p.rounds[number - 1] for p in state.players]):
            out.append(f"round {number}'s calls and cuts are not those of its times (R6, R10).")
    last = state.last_round
    ids = [p.id for p in state.players]
    if last is None:
        if state.round > 1 or state.ended:
            out.append("the last round's facts are missing.")
        return out
    played = state.round if state.ended else state.round - 1
    if last.round != played or last.round < 1:
        out.append(f"the last round is {last.round}, not {played}.")
        return out
    callers = [p.id for p in state.players if len(p.rounds) >= played
               and p.rounds[played - 1].call]
    if last.callers != callers or any(c not in ids for c in last.callers):
        out.append("the last round's callers are not the players who called (R10).")
    if state.ended:
        if last.retired is not None or last.new_board is not None:
            out.append("a board was exchanged after the last round.")
    elif (last.retired, last.new_board) != (state.retired[-1] if state.retired else None,
                                            last.new_board) or last.new_board not in [
            p.board for p in state.players]:
        out.append("the last exchange's boards are not the retired one and one in play (R15).")
    return out


def check_tiles(side: str, card: int, tiles: Iterable[Placed]) -> int:
    from .dig import check_tiles as check

    return check(side, card, tiles)


def _dig_violations(state: State, pid: str, text: str) -> list[str]:
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
