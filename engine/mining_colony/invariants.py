"""Conservation and consistency checks (run after every decision by the simulator and the
property tests; ``GAME.validate`` wraps them). ``violations`` returns sentences (empty: all
good); ``check`` raises AssertionError with the first."""

from __future__ import annotations

from collections import Counter

from .components import (
    ITEM_COUNTS,
    PLACEMENTS,
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
    fits,
)
from .state import Colony, State

_PHASES = {"bid", "take", "develop", "ended"}


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
    if not state.preset_zones and state.version > 0 and len(tiles) != len(TILE_IDS):
        pass  # setups may leave tiles unnamed; each tile still appears at most once
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
