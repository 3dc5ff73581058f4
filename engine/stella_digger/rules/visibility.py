"""The visibility check (R16): flipping tiles next to START's passages, connected tiles' arrows."""

from __future__ import annotations

from engine.stella_digger.board import NEIGHBOURS, READING_INDEX, STEP, clockwise
from engine.stella_digger.components import tile_info
from engine.stella_digger.events import EventLog
from engine.stella_digger.rules.reach import connected_passages, join
from engine.stella_digger.state import State


def describe_tile(code: str) -> str:
    info = tile_info(code)
    if info.kind == "monster":
        return f"a monster (power {info.power}, takes {info.loss} crystals, worth {info.vp} VP)"
    if info.kind == "gold":
        return f"a gold tile ({info.crystals} crystals of any colours)"
    return f"a {info.colour} tile ({info.crystals} crystal{'s' if info.crystals != 1 else ''})"


def flip(state: State, sq: str, ev: EventLog) -> None:
    """Turn a tile face up; a connected tile then links to the tile its arrow points at."""
    tile = state.tiles[sq]
    if tile.face_up:
        return
    tile.face_up = True
    linked = " (connected)" if tile.arrow else ""
    ev.say("reveal", f"{sq} is revealed: {describe_tile(tile.code)}{linked}.", square=sq,
           tile=tile.code, arrow=tile.arrow)
    if tile.arrow is not None:
        _link(state, sq, ev)


def _link(state: State, sq: str, ev: EventLog) -> None:
    """R16: the arrow points at a tile, turning clockwise past squares holding none."""
    tile = state.tiles[sq]
    assert tile.arrow is not None
    direction = tile.arrow
    for _ in range(4):
        other = STEP[sq, direction]
        if other is not None and other in state.tiles and other not in state.blockades:
            if direction != tile.arrow:
                ev.say("arrow", f"The arrow on {sq} turns to point {direction}.", square=sq,
                       direction=direction)
                tile.arrow = direction
            join(state, sq, other)
            ev.say("connect", f"{sq} and {other} are connected: they are mined together.",
                   squares=[sq, other])
            flip(state, other, ev)
            return
        direction = clockwise(direction)
    ev.say("connect", f"The arrow on {sq} finds no tile: it stays unconnected.", squares=[sq])


def visibility_check(state: State, ev: EventLog) -> None:
    """Flip every face-down tile next to a passage connected to START (reading order)."""
    connected = connected_passages(state)
    hidden = [sq for sq, t in state.tiles.items() if not t.face_up
              and not connected.isdisjoint(NEIGHBOURS[sq])]
    for sq in sorted(hidden, key=READING_INDEX.__getitem__):
        flip(state, sq, ev)


def first_monster(state: State) -> str | None:
    """The face-up monster to fight next, in reading order (R16)."""
    found = [sq for sq, t in state.tiles.items()
             if t.face_up and tile_info(t.code).kind == "monster"]
    return min(found, key=READING_INDEX.__getitem__) if found else None
