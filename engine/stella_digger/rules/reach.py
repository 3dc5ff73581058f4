"""Where the marker can go (R5), what counts as a passage, and connected groups (R6, R16)."""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from engine.stella_digger.board import (
    NEIGHBOURS,
    NEIGHBOURS_READING,
    READING_INDEX,
    START,
    TERRAIN,
    YELLOW,
    distance,
)
from engine.stella_digger.components import tile_info
from engine.stella_digger.state import State


def is_passage(state: State, sq: str) -> bool:
    """R5: START, tunnels, empty squares and squares with a Large Drill. Rock, tiles and
    blockades (a blockade lies on its tile) are not."""
    return _passage(sq, state.tiles)


def _passage(sq: str, tiles: Collection[str]) -> bool:
    return TERRAIN[sq] != "#" and sq not in tiles


def connected_passages(state: State) -> frozenset[str]:
    """Passages joined to START by passages. Only the squares holding tiles matter (blockades
    lie on tiles; Large Drills stand on passages), so the answer is memoised on them."""
    return _connected(frozenset(state.tiles))


@lru_cache(maxsize=1024)
def _connected(tiles: frozenset[str]) -> frozenset[str]:
    seen = {START}
    todo = [START]
    while todo:
        for n in NEIGHBOURS[todo.pop()]:
            if n not in seen and _passage(n, tiles):
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


def is_targetable(state: State, sq: str) -> bool:
    """A face-up mining tile that is no blockade (monsters never stay on the map)."""
    tile = state.tiles.get(sq)
    return (tile is not None and tile.face_up and sq not in state.blockades
            and tile_info(tile.code).kind != "monster")


def _in_reach(state: State) -> dict[str, str]:
    """R5's 2-step reach: target square -> the square the marker enters it from (P5)."""
    marker = state.marker
    options: dict[str, str] = {}
    for n in NEIGHBOURS[marker]:
        if is_targetable(state, n):
            options[n] = marker
    for mid in NEIGHBOURS_READING[marker]:
        if is_passage(state, mid):
            for t in NEIGHBOURS[mid]:
                if t not in options and is_targetable(state, t):
                    options[t] = mid
    return options


def target_options(state: State) -> dict[str, str]:
    """R5: each choosable target square -> the square the marker enters it from (P5).

    Reach is at most 2 orthogonal steps from the marker: a first step may enter a passage and
    the final step enters the tile. The marker enters from its own square when the tile is next
    to it, else from the first such passage in reading order. With nothing in reach, any tile
    next to a passage connected to START (entered from the first such passage in reading order,
    the marker's square first). An empty result means no target can be chosen (R18)."""
    options = _in_reach(state)
    if options:
        return options
    marker = state.marker
    connected = connected_passages(state)
    for sq in sorted(state.tiles, key=READING_INDEX.__getitem__):
        if not is_targetable(state, sq):
            continue
        entries = [n for n in NEIGHBOURS[sq] if n in connected]
        if entries:
            options[sq] = marker if marker in entries else min(entries, key=READING_INDEX.__getitem__)
    return options


def within_reach(state: State) -> bool:
    """True when target_options came from the 2-step reach, not the fallback."""
    return bool(_in_reach(state))


def why_not_target(state: State, sq: str) -> str:
    """A player-facing reason why ``sq`` cannot be the target now."""
    tile = state.tiles.get(sq)
    if tile is None:
        return f"You can't target {sq}: there is no mining tile on it."
    if sq in state.blockades:
        return f"You can't target {sq}: it is blockaded."
    if not tile.face_up:
        return f"You can't target {sq}: its tile is still face down."
    if not within_reach(state):
        return (f"You can't target {sq}: no tile is within 2 squares of the marker, so only a tile "
                "next to a passage connected to START may be chosen, and it isn't one.")
    marker = state.marker
    if distance(marker, sq) > 2:
        return f"You can't target {sq}: it is more than 2 squares from the marker on {marker}."
    mids = [m for m in NEIGHBOURS[marker] if sq in NEIGHBOURS[m]]
    blockers = sorted(mids, key=READING_INDEX.__getitem__)
    if not blockers:  # two squares in a straight line through an off-map square cannot happen
        return f"You can't target {sq}: the marker can't reach it from {marker}."
    b = blockers[0]
    what = ("the blockade" if b in state.blockades else "the tile" if b in state.tiles
            else "the START space" if b == START else "the rock")
    return f"You can't target {sq}: the marker can't pass through {what} on {b}."


def group_of(state: State, sq: str) -> list[str]:
    """R6: the connected group holding ``sq`` (reading order), or just ``sq``."""
    for group in state.groups:
        if sq in group:
            return list(group)
    return [sq]


def leave_group(state: State, sq: str) -> None:
    """A square leaves its group (mined out, blockaded, or a monster gone)."""
    for group in state.groups:
        if sq in group:
            group.remove(sq)
    state.groups = [g for g in state.groups if len(g) > 1]


def join(state: State, a: str, b: str) -> None:
    """Union the groups of two tile squares (R16: chains join into one group)."""
    ga = next((g for g in state.groups if a in g), None)
    gb = next((g for g in state.groups if b in g), None)
    if ga is not None and ga is gb:
        return
    merged = set(ga or [a]) | set(gb or [b])
    state.groups = [g for g in state.groups if g is not ga and g is not gb]
    state.groups.append(sorted(merged, key=READING_INDEX.__getitem__))
    state.groups.sort(key=lambda g: READING_INDEX[g[0]])


def nearest_yellow_key(sq: str) -> tuple[int, int]:
    """R21 default target: nearest the yellow-framed squares, then reading order."""
    return min(distance(sq, y) for y in YELLOW), READING_INDEX[sq]
