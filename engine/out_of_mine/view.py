"""What a player may see (R3). Every message and picture is built from a view.

Public: boards and sides, cards once revealed (race off: at the draw; race on: at the reveal),
every tile and time once the commits are revealed, all scores, the deck and pile counts, the
discard pile, the retired boards, who owes what (so who has opened and who has committed).
Private to its owner: their card after their ``open`` (race on) and their own commit before the
reveal. Hidden from everyone: the deck order, which boards are in the pile or unused, the seed.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from .actions import seconds
from .components import CARDS, KINDS, ROUNDS, SIDES
from .state import Player, RoundRecord, State

EVERYONE = object()  # the omniscient viewer of ``summary`` (tests, scenario runner)


def owed_list(state: State) -> list[dict[str, str]]:
    if state.ended:
        return []
    out = []
    for p in state.players:
        if state.phase == "side":
            if p.side is None:
                out.append({"player": p.id, "decision": "side"})
        elif p.dig is None:
            decision = "open" if state.options.race and not p.opened else "dig"
            out.append({"player": p.id, "decision": decision})
    return out


def scored_grid(board_side: str, words: Sequence[str]) -> list[str]:
    """The notation's scored grid: ``#`` rock, ``.`` empty, ``Y B G R W`` covered squares."""
    return list(_scored_grid(board_side, tuple(words)))


@functools.lru_cache(maxsize=4096)
def _scored_grid(board_side: str, words: tuple[str, ...]) -> tuple[str, ...]:
    """``scored_grid``, drawn once per board and tiles: every view shows every player's past
    rounds, which never change (a few dozen grids a game; 4,096 are about 1 MB)."""
    rows = [list(row) for row in SIDES[board_side].plain_grid()]
    for word in words:
        kind, _, squares = word.partition(":")
        for sq in squares.split(","):
            rows[5 - int(sq[1])]["ABCDEFG".index(sq[0])] = KINDS[kind].colour[0].upper()
    return tuple("".join(r) for r in rows)


def _record(rec: RoundRecord) -> dict[str, Any]:
    return {"round": rec.round, "board": rec.board, "card": rec.card, "tiles": list(rec.tiles),
            "cut": list(rec.cut), "empty": rec.empty, "base": rec.base, "call": rec.call,
            "elves": rec.elves, "finds": rec.finds, "score": rec.score,
            "grid": scored_grid(rec.board, rec.tiles),
            "time": None if rec.time is None else float(seconds(rec.time))}


def card_info(number: int | None) -> dict[str, Any] | None:
    if number is None:
        return None
    card = CARDS[number]
    return {"number": number, "tiles": dict(card.tiles), "finds": dict(card.finds),
            "text": card.text()}


def _player(state: State, seat: int, p: Player, viewer: object) -> dict[str, Any]:
    everyone = viewer is EVERYONE
    own = everyone or viewer == p.id
    card_seen = p.card is not None and (everyone or not state.options.race
                                        or (viewer == p.id and p.opened))
    side = p.board_side
    out: dict[str, Any] = {
        "name": p.name, "seat": seat, "board": p.board, "side": p.side,
        "previous": p.previous, "grid": list(SIDES[side].grid) if side else None,
        "elves": dict(SIDES[side].elves) if side else {},
        "card": p.card if card_seen else None,
        "card_info": card_info(p.card) if card_seen else None,
        "has_card": p.card is not None,
        "opened": p.opened, "committed": p.dig is not None,
        "dig": p.dig if own else None,  # sealed until the reveal (R3)
        "total": p.total, "calls": p.calls, "empty": p.empty,
        "rounds": [_record(r) for r in p.rounds],
        "score": {"total": p.total, "calls": p.calls, "empty": p.empty} if state.ended else None,
    }
    return out


def build_view(state: State, viewer: object) -> dict[str, Any]:
    last = state.last_round
    owed = owed_list(state)
    view: dict[str, Any] = {
        "game": "out-of-mine", "version": state.version,
        "viewer": None if viewer is EVERYONE else viewer,
        "round": state.round, "rounds": ROUNDS, "phase": state.phase,
        "seats": [p.id for p in state.players], "names": {p.id: p.name for p in state.players},
        "options": {"elves": state.options.elves, "finds": state.options.finds,
                    "race": state.options.race},
        "to_act": owed, "ended": state.ended, "winners": list(state.winners),
        "pile": len(state.pile), "retired": list(state.retired), "deck": len(state.deck),
        "discard": sorted(state.discard),
        "last_round": None if last is None else {
            "round": last.round, "callers": list(last.callers), "retired": last.retired,
            "new_board": last.new_board},
        "players": {p.id: _player(state, seat, p, viewer)
                    for seat, p in enumerate(state.players)},
    }
    if viewer is EVERYONE:
        view["hidden"] = {"pile": list(state.pile), "unused": list(state.unused),
                          "deck": list(state.deck), "seed": state.seed}
    return view
