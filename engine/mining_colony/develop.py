"""The development turn (R9-R15, R23): place, put, stage, discard, buy, build, exchange, done.

``check_develop`` raises the reason a decision is illegal (nothing changed) and returns it
completed (``via=`` filled in); ``perform_develop`` carries it out; ``legal_develop`` lists
every legal decision, verbs kept together in notation order.
"""

from __future__ import annotations

from ..core.errors import IllegalDecision
from . import items
from .actions import (
    DONE,
    Action,
    Build,
    Buy,
    Discard,
    Done,
    Exchange,
    Place,
    Put,
    Stage,
)
from .colony import complete, lay, placement, placements, structure_pairs
from .components import (
    CREW_COLOURS,
    CRYSTAL_COLOURS,
    ITEMS,
    SQUARES,
    STRUCTURES,
    TOKEN_TYPES,
    TRIPLES,
)
from .events import EventLog, article
from .state import Colony, Player, State

SLOT_TAKEN = "Your staging area already holds a {kind}: it holds one crystal, one worker and one ship (R11)."


def token_cost(state: State, p: Player, square: str) -> int | None:
    """R13/R23: what a build-over token on ``square`` costs, None where none may go."""
    colony = p.colony
    if square in colony.board:
        return state.options.difficulty if state.solo else 1
    if not state.solo:
        return None
    return state.options.difficulty + (0 if state.options.free_undeveloped else 1)


def check_develop(state: State, p: Player, action: Action) -> Action:  # noqa: C901
    colony = p.colony
    if isinstance(action, Place):
        if action.tile not in p.pending_tiles:
            raise IllegalDecision(f"You have no pending tile {action.tile}.")
        if placement(colony, action.tile, action.square, action.rotation) is None:
            raise IllegalDecision(
                f"{action.tile} can't go on {action.square} turned {action.rotation}: every "
                "square must be inside the grid and undeveloped, and one must touch a developed "
                "square (R10).")
        return action
    if isinstance(action, Put):
        items.check_put(p, action.item, action.square, action.staged)
        return action
    if isinstance(action, Stage):
        items.need(p, action.item, False)
        kind = items.kind(action.item)
        if any(items.kind(s) == kind for s in p.staging):
            raise IllegalDecision(SLOT_TAKEN.format(kind=kind))
        return action
    if isinstance(action, Discard):
        items.check_discard(p, action.thing, action.staged)
        return action
    if isinstance(action, Buy):
        if state.supply[f"token/{action.token}"] <= 0:
            raise IllegalDecision(f"No {action.token} build-over token is left (R16).")
        cost = token_cost(state, p, action.square)
        if cost is None:
            raise IllegalDecision(f"{action.square} is undeveloped: build-over tokens go on "
                                  "starting spaces and tiles (R13).")
        if not colony.vacant(action.square):
            raise IllegalDecision(f"{action.square} holds an item or a structure: a token goes "
                                  "only on a vacant square (R13).")
        if p.credits < cost:
            raise IllegalDecision(f"That token costs {cost} credit{'s' if cost > 1 else ''}; "
                                  f"you have {p.credits}.")
        return action
    if isinstance(action, Build):
        if state.supply[action.structure] <= 0:
            raise IllegalDecision(f"No {action.structure} is left in the supply (R16).")
        pairs = structure_pairs(colony, action.structure, action.square)
        if not pairs:
            raise IllegalDecision(_why_not(p, action))
        if action.via is None:
            if len(pairs) > 1:
                raise IllegalDecision("Several pairs allow it: name one with via=, like via="
                                      f"{pairs[0][0]},{pairs[0][1]}.")
            return Build(action.structure, action.square, pairs[0])
        if action.via not in pairs:
            raise IllegalDecision(f"{action.via[0]} and {action.via[1]} don't make a "
                                  f"{action.structure} on {action.square} (R14).")
        return action
    if isinstance(action, Exchange):
        if not state.solo:
            raise IllegalDecision("Exchanges with Zorlord exist only in the solo game (R23).")
        items.need(p, action.item, action.staged)
        kind, _, colour = action.item.partition("/")
        wanted = f"{kind}/{action.colour}"
        if action.colour == colour:
            raise IllegalDecision("An exchange gives an item of a different colour (R23).")
        assert state.zorlord is not None
        if wanted not in state.zorlord.supply:
            raise IllegalDecision(f"Zorlord's supply holds no {wanted}.")
        if p.credits < 1:
            raise IllegalDecision("An exchange costs 1 credit; you have none.")
        return action
    if isinstance(action, Done):
        return action
    raise IllegalDecision(f"'{action}' is not a development decision: place, put, stage, "
                          "discard, buy, build, exchange or done.")


def _why_not(p: Player, action: Build) -> str:
    colony = p.colony
    sq = action.square
    building = colony.building(sq)
    if building is None:
        return f"{sq} is undeveloped: a structure stands on a developed square (R14)."
    if building != "blank":
        return f"{sq} is not blank: a structure stands on a blank square (R14)."
    if not colony.vacant(sq):
        return f"{sq} is not vacant (R14)."
    kind, _, colour = action.structure.partition("/")
    need = (f"a worker/{colour} and a ship/{colour}" if kind == "outpost"
            else f"two crystal/{colour}")
    return (f"A {action.structure} on {sq} needs {need} on the squares on both sides of it in a "
            "row or column, not yet used for that kind of structure (R14).")


def perform_develop(state: State, p: Player, action: Action, ev: EventLog) -> bool:
    """Carry out a checked decision; True when it was ``done`` (the turn ends)."""
    colony = p.colony
    if isinstance(action, Place):
        cells = placement(colony, action.tile, action.square, action.rotation)
        assert cells is not None
        lay(colony, action.tile, action.square, action.rotation, cells)
        p.pending_tiles.remove(action.tile)
        ev.say("place", f"{p.name} places {action.tile} on {action.square} turned "
               f"{action.rotation}.", player=p.id, tile=action.tile, square=action.square,
               rotation=action.rotation, squares=list(cells))
    elif isinstance(action, Put):
        items.put(state, p, action.item, action.square, action.staged, ev)
    elif isinstance(action, Stage):
        p.pending_items.remove(action.item)
        p.staging.append(action.item)
        p.staging.sort()
        ev.say("stage", f"{p.name} stages a {action.item}.", player=p.id, item=action.item)
    elif isinstance(action, Discard):
        items.discard(state, p, action.thing, action.staged, ev)
    elif isinstance(action, Buy):
        cost = token_cost(state, p, action.square)
        assert cost is not None
        p.credits -= cost
        state.supply[f"token/{action.token}"] -= 1
        sq = action.square
        if sq not in colony.board:
            colony.board[sq] = "blank"  # R23: developed from now on
        old = colony.tokens.get(sq)
        if old is not None:
            colony.buried.append(old)
        colony.tokens[sq] = action.token
        ev.say("buy", f"{p.name} buys a {action.token} build-over token for {cost} credit"
               f"{'s' if cost > 1 else ''} and places it on {sq}.", player=p.id,
               token=action.token, square=sq, cost=cost)
    elif isinstance(action, Build):
        assert action.via is not None
        colony.structures[action.square] = action.structure
        colony.used.extend(action.via)
        colony.used.sort()
        state.supply[action.structure] -= 1
        ev.say("build", f"{p.name} builds {article(action.structure)} {action.structure} on "
               f"{action.square}.",
               player=p.id, structure=action.structure, square=action.square,
               via=list(action.via))
    elif isinstance(action, Exchange):
        assert state.zorlord is not None
        kind = items.kind(action.item)
        wanted = f"{kind}/{action.colour}"
        where = items.source(p, action.staged)
        where[where.index(action.item)] = wanted
        where.sort()
        state.zorlord.supply.remove(wanted)
        state.zorlord.supply.append(action.item)
        state.zorlord.supply.sort()
        p.credits -= 1
        ev.say("exchange", f"{p.name} pays 1 credit to exchange a {action.item} for Zorlord's "
               f"{wanted}.", player=p.id, given=action.item, received=wanted)
    else:
        return True
    if state.solo and complete(colony):
        from .flow import solo_win

        solo_win(state, p, ev)
    return False


class _Table(dict[tuple[object, ...], Action]):
    """Shared decision values (immutable), built on first use: listings build none twice."""

    def __init__(self, cls: type[Action]) -> None:
        super().__init__()
        self.cls = cls

    def __missing__(self, key: tuple[object, ...]) -> Action:
        value = self[key] = self.cls(*key)  # type: ignore[call-arg]
        return value


_PLACE, _PUT, _BUILD = _Table(Place), _Table(Put), _Table(Build)
_BUYS: dict[tuple[str, ...], dict[str, tuple[Buy, ...]]] = {}


def _buys(types: tuple[str, ...]) -> dict[str, tuple[Buy, ...]]:
    """Per square, the purchases of the token types still in the supply (shared values)."""
    table = _BUYS.get(types)
    if table is None:
        table = _BUYS[types] = {sq: tuple(Buy(t, sq) for t in types) for sq in SQUARES}
    return table
_SLOTS = {"crystal": 0, "worker": 1, "ship": 2}


_STAGE, _DISCARD, _EXCHANGE = _Table(Stage), _Table(Discard), _Table(Exchange)
_ACCEPTS = {item: ((item.partition("/")[2], "any") if item.startswith("crystal/")
                   else ("dome",) if item.startswith("worker/") else ("pad",))
            for item in ITEMS}  # R11: the buildings each item goes on
_BUY_MEMO: dict[tuple[tuple[str, ...], tuple[str, ...]], list[Action]] = {}


def _buy_list(types: tuple[str, ...], squares: tuple[str, ...]) -> list[Action]:
    """Every purchase of the token ``types`` on ``squares`` (memoised: a turn lists the same
    ones again and again)."""
    key = (types, squares)
    found = _BUY_MEMO.get(key)
    if found is None:
        table = _buys(types)
        found = [b for sq in squares for b in table[sq]]
        if len(_BUY_MEMO) > 20_000:
            _BUY_MEMO.clear()
        _BUY_MEMO[key] = found
    return found


def legal_develop(state: State, p: Player) -> list[Action]:  # noqa: C901 - verb by verb
    """Every legal development decision, verbs together: place, put, stage, discard, buy,
    build, exchange, done."""
    colony = p.colony
    board, tokens, placed, structs = colony.board, colony.tokens, colony.items, colony.structures
    groups: dict[str, list[str]] = {}  # building -> vacant squares (the board's order)
    vacant: list[str] = []
    for sq, b in board.items():
        if sq in placed or sq in structs:
            continue
        vacant.append(sq)
        if tokens:
            b = tokens.get(sq, b)
        got = groups.get(b)
        if got is None:
            groups[b] = [sq]
        else:
            got.append(sq)
    out: list[Action] = []
    pending, staging = p.pending_items, p.staging
    if p.pending_tiles:
        place = _PLACE
        for tile in sorted(set(p.pending_tiles)):
            out.extend([place[(tile, sq, rot)] for sq, rot in placements(colony, tile)])
    if pending or staging:
        put = _PUT
        for staged, source in ((False, pending), (True, staging)):
            for item in sorted(set(source)):
                accepts = _ACCEPTS[item]
                squares = groups.get(accepts[0], [])
                if len(accepts) > 1 and accepts[1] in groups:
                    squares = squares + groups[accepts[1]]
                out.extend([put[(item, sq, staged)] for sq in squares])
        if pending:
            kinds = {s.partition("/")[0] for s in staging}
            out.extend([_STAGE[(item,)] for item in sorted(set(pending))
                        if item.partition("/")[0] not in kinds])
        out.extend([_DISCARD[key] for key in items.discards(p)])
    supply = state.supply
    credits = p.credits
    if credits > 0:
        cost = state.options.difficulty if state.solo else 1
        types = tuple(t for t in TOKEN_TYPES if supply[_TOKEN_KEY[t]] > 0)
        if types and cost <= credits:
            out.extend(_buy_list(types, tuple(vacant)))
        if types and state.solo and cost + (0 if state.options.free_undeveloped else 1) <= credits:
            out.extend(_buy_list(types, tuple(sq for sq in SQUARES if sq not in board)))
    blanks = groups.get("blank")
    if blanks and len(placed) >= 2:
        build = _BUILD
        found = []
        for m in blanks:
            for structure, via in _patterns(colony, m):
                if supply[structure] > 0:
                    found.append((structure, m, via))
        found.sort(key=_structure_order)
        out.extend([build[key] for key in found])
    if state.solo and credits > 0 and (pending or staging):
        assert state.zorlord is not None
        theirs = set(state.zorlord.supply)
        for staged in (False, True):
            for item in sorted(set(items.source(p, staged))):
                kind, _, colour = item.partition("/")
                colours = CRYSTAL_COLOURS if kind == "crystal" else CREW_COLOURS
                out.extend([_EXCHANGE[(item, c, staged)] for c in colours
                            if c != colour and f"{kind}/{c}" in theirs])
    out.append(DONE)
    return out


_TOKEN_KEY = {t: f"token/{t}" for t in TOKEN_TYPES}
_STRUCTURE_INDEX = {s: i for i, s in enumerate(STRUCTURES)}
_SQUARE_INDEX = {sq: i for i, sq in enumerate(SQUARES)}


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
