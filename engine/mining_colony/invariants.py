"""Conservation and consistency checks (run after every decision by the simulator and the
property tests; ``GAME.validate`` wraps them). ``violations`` returns sentences (empty: all
good); ``check`` raises AssertionError with the first."""

from __future__ import annotations

from collections import Counter

from .components import (
    ITEM_COUNTS,
    PLACEMENTS,
    RESOURCE_CARDS,
    SETS,
    SIDES,
    SIZES,
    SQUARES,
    STARTING,
    STRUCTURES,
    STRUCTURES_PER_COLOUR,
    SUPPLY_KEYS,
    TILE_IDS,
    TILE_PRINT,
    TOKEN_COUNTS,
    TOKEN_TYPES,
    ZORLORD,
    fits,
)
from .state import Colony, State

_PHASES = {"bid", "take", "develop", "ended"}
ROUNDS = 10  # R18 (flow.ROUNDS)
CREDIT_CAP = 5  # R15 (flow.CREDIT_CAP)
#: bounds, not rules: well above anything a game reaches, so that a forged number can't
#: reach ``legal`` or a score (issue 25)
CREDITS_MAX = 60  # the cap, the solo bonus and a development turn's discards
SCORE_MIN, SCORE_MAX = -36, 200  # R19: -1 a square undeveloped; structures, items, credits
VERSION_MAX = 20_000


def _held(state: State) -> Counter[str]:
    """Every limited component outside the supply (items, structures, tokens)."""
    held: Counter[str] = Counter()
    for z in state.zones + (state.preset_zones or []):
        held.update(z.items)
    for p in state.players:
        c = p.colony
        held.update(p.pending_items)
        held.update(p.staging)
        held.update(c.items.values())
        held.update(c.structures.values())
        held.update(f"token/{t}" for t in list(c.tokens.values()) + c.buried)
    if state.zorlord is not None:
        held.update(t for t in state.zorlord.supply if not t.startswith("t"))
    return held


def violations(state: State) -> list[str]:  # noqa: C901 - one check after another
    out: list[str] = []
    if state.phase not in _PHASES or (state.phase == "ended") != state.ended:
        out.append(f"phase {state.phase!r} does not fit ended={state.ended}")
    if not 1 <= state.round <= 10:
        out.append(f"round {state.round} is outside 1-10")
    if set(state.supply) != set(SUPPLY_KEYS) or set(state.totals) != set(SUPPLY_KEYS):
        return [*out, "the supply does not name every component"]
    seated = _seats(state)
    if seated:
        return [*out, *seated]
    out += _turn_order(state)
    out += _bounds(state)
    # conservation of crystals, workers, ships, structures, tokens
    held = _held(state)
    for key in SUPPLY_KEYS:
        have = state.supply[key]
        if have < 0:
            out.append(f"the supply holds {have} {key}")
        if have + held[key] != state.totals[key]:
            out.append(f"{key} not conserved: {have} in the supply + {held[key]} in play, "
                       f"{state.totals[key]} expected")
        limit = (ITEM_COUNTS.get(key) or TOKEN_COUNTS.get(key.partition("/")[2] if
                 key.startswith("token/") else "", 0) or
                 (STRUCTURES_PER_COLOUR[key.partition("/")[0]] if key in STRUCTURES else 0))
        if state.totals[key] > limit:
            out.append(f"{state.totals[key]} {key} in the game, more than the box holds")
    # tiles: piles, zones, pending, colonies, box, Zorlord: each tile at most once
    tiles: Counter[str] = Counter()
    for size, pile in state.piles.items():
        tiles.update(pile)
        if size not in SIZES or any(t[1] != size for t in pile):
            out.append(f"pile {size} holds a tile of another size")
    for z in state.zones + (state.preset_zones or []):
        tiles.update(z.tiles)
    tiles.update(state.box)
    for p in state.players:
        tiles.update(p.pending_tiles)
        tiles.update(list(p.colony.tiles))
    if state.zorlord is not None:
        tiles.update(t for t in state.zorlord.supply if t.startswith("t"))
    if any(t not in TILE_PRINT for t in tiles) or any(k > 1 for k in tiles.values()):
        out.append("a development tile is unknown or in two places")
    if sorted(tiles) != sorted(TILE_IDS):  # C7: every tile somewhere, once
        out.append(f"{len(TILE_IDS) - len(tiles)} development tiles are missing")
    # excavation cards: unique across everybody, each player's count kept
    cards: Counter[int] = Counter()
    for p in state.players:
        mine = p.deck + p.hand + p.played + ([p.bid] if p.bid is not None and
                                             state.phase == "bid" else [])
        cards.update(mine)
        if len(mine) != p.cards:
            out.append(f"{p.name} has {len(mine)} excavation cards, not {p.cards}")
        if p.credits < 0:
            out.append(f"{p.name} has {p.credits} credits")
        if len(p.hand) > 3 or not 0 <= p.seen <= len(p.deck):
            out.append(f"{p.name}'s hand or deck is out of shape")
        if state.phase in ("take", "develop") and p.bid is None:
            out.append(f"{p.name} has no revealed card after the reveal")
        if state.phase == "bid" and (p.bid is None) != bool(p.hand):
            out.append(f"{p.name} holds a hand after bidding or none before")
        if any(x != sorted(x) for x in (p.staging, p.pending_items, p.pending_tiles)):
            out.append(f"{p.name}'s pending or staged things are out of order")
        kinds = [s.partition("/")[0] for s in p.staging]
        if len(set(kinds)) != len(kinds) or any(s not in ITEM_COUNTS for s in p.staging):
            out.append(f"{p.name}'s staging area holds two items of a kind")
        if (p.pending_items or p.pending_tiles) and not (
                state.phase in ("take", "develop") or (state.ended and state.solo)):
            out.append(f"{p.name} has pending resources outside the development phase")
        out.extend(_colony(state, p.id, p.colony))
    if state.zorlord is not None:
        cards.update(state.zorlord.deck + state.zorlord.played)
    if any(k > 1 for k in cards.values()) or any(not 1 <= c <= 48 for c in cards):
        out.append("an excavation card is unknown or held twice")
    if not state.ended:
        if state.phase in ("take", "develop"):
            if not 0 <= state.turn < len(state.order):
                out.append("the turn points outside the excavation order")
        elif state.phase == "bid" and all(p.bid is not None for p in state.players):
            out.append("every player has bid but the bids were not revealed")
    return out


def _seats(state: State) -> list[str]:
    """1 to 4 distinct players (R1), Zorlord exactly in the solo game (R21), known options."""
    ids = [p.id for p in state.players]
    out: list[str] = []
    if not 1 <= len(ids) <= 4 or len(set(ids)) != len(ids) or ZORLORD in ids or not all(ids):
        out.append("the players are not 1 to 4 distinct ids")
    if (len(ids) == 1) != state.solo:
        out.append("Zorlord plays exactly in the solo game (R21)")
    if state.options.side not in SIDES or state.options.difficulty not in (1, 2, 3, 4):
        out.append("the colony side or the solo difficulty is not one of the game's")
    return out


def _turn_order(state: State) -> list[str]:
    """R7, R8: the excavation order is every seated player (and Zorlord in solo) by their
    revealed cards, highest first; the turn and each zone's taker are in it."""
    out: list[str] = []
    bidders = [p.id for p in state.players] + ([ZORLORD] if state.solo else [])
    zones = 2 if state.solo else len(state.players)  # C10
    takers = [z.taken_by for z in state.zones if z.taken_by is not None]
    if state.phase == "bid":
        if state.order or state.turn or takers:
            out.append("an excavation order or a take before the reveal (R7)")
    elif state.phase in ("take", "develop"):
        bids = {p.id: p.bid for p in state.players}
        if state.zorlord is not None:
            bids[ZORLORD] = state.zorlord.bid
        if sorted(state.order) != sorted(bidders) or any(b is None for b in bids.values()):
            return [f"the excavation order {state.order} is not the players' (R8)"]
        if state.order != sorted(bids, key=lambda i: bids[i] or 0, reverse=True):
            out.append("the excavation order is not by the revealed cards, highest first (R8)")
        if not 0 <= state.turn < len(state.order):
            out.append("the turn points outside the excavation order")
        if len(state.zones) != zones:
            out.append(f"{len(state.zones)} zones, not {zones} (C10)")
        done = state.order[:state.turn] if state.phase == "take" else state.order
        if sorted(takers) != sorted(done):
            out.append("the zones taken are not those of the players whose take is done (R8)")
    if any(t not in bidders for t in takers) or len(set(takers)) != len(takers):
        out.append("a zone was taken by someone not seated, or twice")
    return out


def _bounds(state: State) -> list[str]:
    """Counts within what a game reaches: versions, credits, refreshes, the score history,
    resource cards and excavation cards of each player's own set (C3, R5, R15, R18)."""
    out: list[str] = []
    n = len(state.players)
    if not 0 <= state.version <= VERSION_MAX:
        out.append(f"version {state.version} is out of bounds")
    rows = state.round - (0 if state.ended else 1)  # a scenario may start without them
    if state.solo and state.history or len(state.history) > rows or any(
            len(row) != n or any(not SCORE_MIN <= v <= SCORE_MAX for v in row)
            for row in state.history):
        out.append("the score history is not one row of scores per round played")
    known = sorted(RESOURCE_CARDS)
    resources = state.resource_deck + state.resource_discard
    if len(set(resources)) != len(resources) or any(r not in RESOURCE_CARDS for r in resources) \
            or (state.resource_card is not None and (
                not state.resource_discard or state.resource_card != state.resource_discard[-1])):
        out.append("a resource card is unknown, in two places or not the last flipped")
    if sorted(resources) != known:  # C9: every resource card in the deck or flipped
        out.append("the resource cards are not all in the deck or flipped, once each")
    developed = set(state.order[:state.turn]) if state.phase == "develop" else set()
    for p in state.players:
        if p.bid is not None and state.phase in ("take", "develop") and (
                not p.played or p.played[-1] != p.bid):
            out.append(f"{p.name}'s revealed card is not their last played card (R7)")
        if not 0 <= p.cards <= len(SETS[0]) or len(p.played) > state.round:
            out.append(f"{p.name} has {p.cards} excavation cards and played "
                       f"{len(p.played)} in round {state.round} (C3)")
        # R15: at most 5 kept after a development turn; +1 for each of the three staged items
        # discarded outside one (R11, R12), +4 for the solo round-10 bonus (R22)
        kept = CREDIT_CAP + 3 + (4 if state.solo else 0)
        if not 0 <= p.credits <= CREDITS_MAX or p.credits > kept and (
                state.phase in ("bid", "take") or p.id in developed):
            out.append(f"{p.name} has {p.credits} credits (R15: at most {CREDIT_CAP} kept)")
        if not 0 <= p.refreshed <= len(SETS[0]):
            out.append(f"{p.name} refreshed {p.refreshed} times")
    return out


def _colony(state: State, pid: str, c: Colony) -> list[str]:
    out: list[str] = []
    start = STARTING[state.options.side]
    covered: Counter[str] = Counter(list(start))
    for tile, where in c.tiles.items():
        sq, _, rot = where.partition(" ")
        cells = PLACEMENTS.get(tile[1], {}).get((sq, int(rot) if rot.isdigit() else -1))
        if cells is None:
            out.append(f"{pid}'s tile {tile} lies outside the grid")
            continue
        covered.update(cells)
        for cell, building in zip(cells, TILE_PRINT[tile], strict=True):
            if c.board.get(cell) != building:
                out.append(f"{pid}'s square {cell} does not show {tile}'s printing")
    if any(k > 1 for k in covered.values()):
        out.append(f"a square of {pid}'s colony is developed twice")
    for sq in start:
        if c.board.get(sq) != start[sq]:
            out.append(f"{pid}'s starting space {sq} is missing")
    for sq in c.board:
        if sq not in covered and not (state.solo and sq in c.tokens):
            out.append(f"{pid}'s square {sq} is developed by nothing")
    if any(sq not in SQUARES for sq in c.board):
        out.append(f"{pid}'s colony names a square off the grid")
    for sq, token in c.tokens.items():
        if sq not in c.board or token not in TOKEN_TYPES:
            out.append(f"{pid}'s token on {sq} is not on a developed square")
    for sq, item in c.items.items():
        here = c.building(sq)
        if here is None or not fits(here, item) or sq in c.structures:
            out.append(f"{pid}'s {item} on {sq} does not fit there")
    for sq, structure in c.structures.items():
        if c.building(sq) != "blank":
            out.append(f"{pid}'s {structure} on {sq} is not on a blank square")
    if any(sq not in c.items for sq in c.used) or len(set(c.used)) != len(c.used):
        out.append(f"{pid}'s used squares hold no item")
    return out


def check(state: State) -> None:
    problems = violations(state)
    if problems:
        raise AssertionError(problems[0])
