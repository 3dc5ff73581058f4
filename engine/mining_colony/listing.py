"""Listing the development turn's decisions (R9-R14, R23), verb by verb.

``legal_develop`` is every legal decision, verbs together in notation order; ``develop_verbs``
names the verbs that have at least one (cheaply), and ``develop_block`` lists one verb's, so a
random player can pick a kind of decision first without listing them all. Decision values are
shared (immutable), and the long lists (placements, token purchases) are memoised on what they
depend on.
"""

from __future__ import annotations

from collections.abc import Callable

from . import items
from .actions import DONE, Action, Build, Buy, Discard, Exchange, Place, Put, Stage
from .colony import placements
from .components import (
    CREW_COLOURS,
    CRYSTAL_COLOURS,
    ITEMS,
    SQUARES,
    STRUCTURES,
    TOKEN_TYPES,
    TRIPLES,
)
from .state import Colony, Player, State

VERBS = ("place", "put", "stage", "discard", "buy", "build", "exchange", "done")


class _Table(dict[tuple[object, ...], Action]):
    """Shared decision values (immutable), built on first use: listings build none twice."""

    def __init__(self, cls: type[Action]) -> None:
        super().__init__()
        self.cls = cls

    def __missing__(self, key: tuple[object, ...]) -> Action:
        value = self[key] = self.cls(*key)  # type: ignore[call-arg]
        return value


_PLACE, _PUT, _BUILD = _Table(Place), _Table(Put), _Table(Build)
_STAGE, _DISCARD, _EXCHANGE = _Table(Stage), _Table(Discard), _Table(Exchange)
_ACCEPTS = {item: ((item.partition("/")[2], "any") if item.startswith("crystal/")
                   else ("dome",) if item.startswith("worker/") else ("pad",))
            for item in ITEMS}  # R11: the buildings each item goes on
_TOKEN_KEY = {t: f"token/{t}" for t in TOKEN_TYPES}
_STRUCTURE_INDEX = {s: i for i, s in enumerate(STRUCTURES)}
_SQUARE_INDEX = {sq: i for i, sq in enumerate(SQUARES)}
_BUY_MEMO: dict[tuple[tuple[str, ...], tuple[str, ...]], list[Action]] = {}


def vacant_groups(colony: Colony) -> dict[str, list[str]]:
    """Each building seen on a vacant developed square -> those squares (the board's order)."""
    board, tokens, placed, structs = colony.board, colony.tokens, colony.items, colony.structures
    groups: dict[str, list[str]] = {}
    for sq, b in board.items():
        if sq in placed or sq in structs:
            continue
        if tokens:
            b = tokens.get(sq, b)
        got = groups.get(b)
        if got is None:
            groups[b] = [sq]
        else:
            got.append(sq)
    return groups


def _place(state: State, p: Player) -> list[Action]:
    place = _PLACE
    out: list[Action] = []
    for tile in dict.fromkeys(p.pending_tiles):
        out.extend([place[(tile, sq, rot)] for sq, rot in placements(p.colony, tile)])
    return out


def _put(p: Player, groups: dict[str, list[str]]) -> list[Action]:
    put = _PUT
    out: list[Action] = []
    for staged, source in ((False, p.pending_items), (True, p.staging)):
        for item in dict.fromkeys(source):
            accepts = _ACCEPTS[item]
            squares = groups.get(accepts[0], [])
            if len(accepts) > 1 and accepts[1] in groups:
                squares = squares + groups[accepts[1]]
            out.extend([put[(item, sq, staged)] for sq in squares])
    return out


def _stage(p: Player) -> list[Action]:
    if not p.pending_items:
        return []
    kinds = {s.partition("/")[0] for s in p.staging}
    return [_STAGE[(item,)] for item in dict.fromkeys(p.pending_items)
            if item.partition("/")[0] not in kinds]


def _discard(p: Player) -> list[Action]:
    return [_DISCARD[key] for key in items.discards(p)]


def _token_types(state: State) -> tuple[str, ...]:
    supply = state.supply
    return tuple(t for t in TOKEN_TYPES if supply[_TOKEN_KEY[t]] > 0)


def _buy_list(types: tuple[str, ...], squares: tuple[str, ...]) -> list[Action]:
    """Every purchase of the token ``types`` on ``squares`` (memoised: a turn lists the same
    ones again and again). The list is shared: callers copy it before changing it."""
    key = (types, squares)
    found = _BUY_MEMO.get(key)
    if found is None:
        found = [Buy(t, sq) for sq in squares for t in types]
        if len(_BUY_MEMO) > 20_000:
            _BUY_MEMO.clear()
        _BUY_MEMO[key] = found
    return found


def _buy(state: State, p: Player, groups: dict[str, list[str]]) -> list[Action]:
    """R13 (R23 in solo): on a vacant developed square for 1 (the difficulty), and in solo on an
    undeveloped one for 1 more (free_undeveloped: 0 more)."""
    credits = p.credits
    if credits <= 0:
        return []
    types = _token_types(state)
    if not types:
        return []
    cost = state.options.difficulty if state.solo else 1
    out: list[Action] = []
    if cost <= credits:
        vacant = tuple(sorted((sq for squares in groups.values() for sq in squares),
                              key=_SQUARE_INDEX.__getitem__))
        out = _buy_list(types, vacant)
    if state.solo and cost + (0 if state.options.free_undeveloped else 1) <= credits:
        board = p.colony.board
        out = out + _buy_list(types, tuple(sq for sq in SQUARES if sq not in board))
    return out


def _build(state: State, p: Player, groups: dict[str, list[str]]) -> list[Action]:
    blanks = groups.get("blank")
    colony = p.colony
    if not blanks or len(colony.items) < 2:
        return []
    supply = state.supply
    found = [(structure, m, via) for m in blanks for structure, via in _patterns(colony, m)
             if supply[structure] > 0]
    found.sort(key=_structure_order)
    build = _BUILD
    return [build[key] for key in found]


def _exchange(state: State, p: Player) -> list[Action]:
    """R23: swap a pending or staged item for one of another colour in Zorlord's supply."""
    if not state.solo or p.credits <= 0 or not (p.pending_items or p.staging):
        return []
    assert state.zorlord is not None
    theirs = set(state.zorlord.supply)
    out: list[Action] = []
    for staged, source in ((False, p.pending_items), (True, p.staging)):
        for item in dict.fromkeys(source):
            kind, _, colour = item.partition("/")
            colours = CRYSTAL_COLOURS if kind == "crystal" else CREW_COLOURS
            out.extend([_EXCHANGE[(item, c, staged)] for c in colours
                        if c != colour and f"{kind}/{c}" in theirs])
    return out


def develop_block(state: State, p: Player, verb: str,
                  groups: dict[str, list[str]] | None = None) -> list[Action]:
    """Every legal development decision of one verb (a shared list: don't change it)."""
    if verb == "done":
        return [DONE]
    if verb in _PLAIN:
        return _PLAIN[verb](state, p)
    if groups is None:
        groups = vacant_groups(p.colony)
    if verb == "put":
        return _put(p, groups)
    if verb == "buy":
        return _buy(state, p, groups)
    return _build(state, p, groups)


_PLAIN: dict[str, Callable[[State, Player], list[Action]]] = {
    "place": _place, "stage": lambda state, p: _stage(p),
    "discard": lambda state, p: _discard(p), "exchange": _exchange}


def develop_verbs(state: State, p: Player) -> list[str]:
    """The verbs with at least one legal decision now, in notation order (cheaper than
    listing them all: most are known from counts)."""
    out: list[str] = []
    colony = p.colony
    things = p.pending_items or p.staging
    groups = vacant_groups(colony) if things or len(colony.items) >= 2 else {}
    if p.pending_tiles and _place(state, p):
        out.append("place")
    if things and _put(p, groups):
        out.append("put")
    if _stage(p):
        out.append("stage")
    if things or p.pending_tiles:
        out.append("discard")
    if p.credits > 0 and _token_types(state):
        cost = state.options.difficulty if state.solo else 1
        developed_vacant = len(colony.board) > len(colony.items) + len(colony.structures)
        if (cost <= p.credits and developed_vacant) or (
                state.solo and len(colony.board) < 36
                and cost + (0 if state.options.free_undeveloped else 1) <= p.credits):
            out.append("buy")
    if groups and _build(state, p, groups):
        out.append("build")
    if _exchange(state, p):
        out.append("exchange")
    out.append("done")
    return out


def legal_develop(state: State, p: Player) -> list[Action]:
    """Every legal development decision, verbs together: place, put, stage, discard, buy,
    build, exchange, done."""
    groups = vacant_groups(p.colony)
    out: list[Action] = []
    for verb in VERBS:
        out.extend(develop_block(state, p, verb, groups))
    return out


def _structure_order(key: tuple[str, str, tuple[str, str]]) -> tuple[int, int, tuple[str, str]]:
    return (_STRUCTURE_INDEX[key[0]], _SQUARE_INDEX[key[1]], key[2])


def _patterns(colony: Colony, m: str) -> list[tuple[str, tuple[str, str]]]:
    """Every (structure, pair) the items around the blank vacant square ``m`` make (R14)."""
    got = []
    placed, used = colony.items, colony.used
    for x, y in TRIPLES[m]:
        a, b = placed.get(x), placed.get(y)
        if a is None or b is None or x in used or y in used:
            continue
        ka, _, ca = a.partition("/")
        kb, _, cb = b.partition("/")
        if ca != cb:
            continue
        pair = (x, y) if x < y else (y, x)
        if ka == kb == "crystal":
            got.append((f"station/{ca}", pair))
        elif {ka, kb} == {"worker", "ship"}:
            got.append((f"outpost/{ca}", pair))
    return got
