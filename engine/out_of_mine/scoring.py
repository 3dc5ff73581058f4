"""Scoring a revealed round (R6 cut, R10 callers, R11-R13) and the final order (R16)."""

from __future__ import annotations

from .actions import Dig, parse
from .components import CARDS, GALLERY, KINDS, SIDES
from .state import Player, RoundRecord, State


def committed(p: Player) -> Dig:
    dig = parse(p.dig or "dig")
    assert isinstance(dig, Dig)
    return dig


def score_round(state: State) -> list[str]:
    """Score every player's revealed commit, add it to their totals; return the callers."""
    digs = {p.id: committed(p) for p in state.players}
    complete = {pid for pid, d in digs.items()
                if sum(len(t.squares) for t in d.tiles) == GALLERY}  # R10
    cut_at: int | None = None
    if state.options.race:
        times = [digs[pid].time or 0 for pid in complete]
        if times:
            cut_at = min(times)  # R6: the least time calls; the others stop there
            callers = [p.id for p in state.players
                       if p.id in complete and (digs[p.id].time or 0) == cut_at]
        else:
            callers = []
    else:
        callers = [p.id for p in state.players if p.id in complete]  # R6 race off, R10
    for p in state.players:
        dig = digs[p.id]
        kept = [t for t in dig.tiles if cut_at is None or (t.at or 0) <= cut_at]
        cut = [t.word for t in dig.tiles if cut_at is not None and (t.at or 0) > cut_at]
        assert p.card is not None and p.side is not None
        rec = record(state, p.board_side or "", p.card, [t.word for t in kept],
                     p.id in callers)
        rec.round, rec.cut, rec.time = state.round, cut, dig.time
        p.rounds.append(rec)
        p.total += rec.score
        p.empty += rec.empty
        p.calls += 1 if rec.call else 0
    return callers


def record(state: State, board_side: str, card: int, words: list[str],
           caller: bool) -> RoundRecord:
    """The R11 parts of one board: ``words`` are the tiles kept (after the cut)."""
    side = SIDES[board_side]
    covered: dict[str, str] = {}
    finds = 0
    names = CARDS[card].finds
    for word in words:
        kind_name, _, squares = word.partition(":")
        kind = KINDS[kind_name]
        for sq in squares.split(","):
            covered[sq] = kind.colour
        if kind.element in names:
            finds += names[kind.element]  # R13
    empty = GALLERY - len(covered)
    rec = RoundRecord(state.round, board_side, card, words, empty=empty)
    if empty > 10:  # R11: zero, no bonus, no elf or find points either way
        return rec
    rec.base = 10 - empty
    rec.call = 2 if caller else 0  # R10
    if state.options.elves:  # R12
        rec.elves = sum(1 for sq, colour in side.elves.items() if covered.get(sq) == colour)
    if state.options.finds:
        rec.finds = finds
    rec.score = rec.base + rec.call + rec.elves + rec.finds
    return rec


def preview(state: State, player_id: str, dig: Dig, caller: bool = False) -> RoundRecord:
    """What ``dig`` would score for ``player_id`` if it were revealed now, as a caller or not
    (R10: who calls depends on the other boards) and without a cut (R6): ``record``'s parts."""
    p = state.player(player_id)
    assert p.card is not None
    return record(state, p.board_side or "", p.card, [t.word for t in dig.tiles], caller)


def ranking_key(p: Player) -> tuple[int, int, int]:
    """R16: highest total, then most calls, then fewest empty spaces; seat order breaks none."""
    return (p.total, p.calls, -p.empty)


def winners(state: State) -> list[str]:
    best = max(ranking_key(p) for p in state.players)
    return [p.id for p in state.players if ranking_key(p) == best]
