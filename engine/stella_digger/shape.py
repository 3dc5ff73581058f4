"""Is a state one a real game can reach in shape? The checks ``GAME.validate`` runs besides the
conservation checks (invariants.py): every field within the bounds the rules allow, the tiles on
the map those its seed dealt, the step stack made of known steps with sane arguments, and a
state at version 0 exactly the deal of its seed. Each returns sentences (empty: all good).

A forged or corrupt state (an edited export, an overwritten database page) would otherwise
reach ``legal`` with, say, 999 crystals a colour and list millions of decisions.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from engine.stella_digger.board import DIRECTIONS, TERRAIN
from engine.stella_digger.components import (
    ALL_GADGETS,
    COLOURS,
    DRILLS_PER_PLAYER,
    GADGET_TYPES,
    PRINTED_BY_TERRAIN,
    TILE_PILES,
    tile_info,
)
from engine.stella_digger.rounds.ending import END_REASONS
from engine.stella_digger.rounds.scoring import winners
from engine.stella_digger.rounds.steps import AUTO, DECISIONS
from engine.stella_digger.state import State

NAME_MAX = 100  # characters in a player's name
STACK_MAX = 64  # frames: a round, a completion and every monster fight stay well below
ROUND_MAX = 500  # games end in tens of rounds (R18); a bound, not a rule
VERSION_MAX = 100 * ROUND_MAX  # decisions: a round takes a few per player; a bound
SCORE_BOUND = 1000  # |a recorded score| (R19: tens of points); a bound, not a rule
_ARROWS = sum(code.endswith(">") for pile in TILE_PILES.values() for code in pile)
#: squares in one target: a tile and its connected group (R6), each link made by an arrow tile
TARGET_MAX = _ARROWS + 1
_GOLD_MAX = sum(tile_info(code).crystals for pile in TILE_PILES.values() for code in pile
                if tile_info(code).kind == "gold")
_MONSTERS = [tile_info(c) for pile in TILE_PILES.values() for c in pile
             if tile_info(c).kind == "monster"]
_LOSS_MAX = max(m.loss for m in _MONSTERS)
_MONSTER_VPS = {m.vp for m in _MONSTERS}
_DRILL_POINTS_MAX = max(DRILLS_PER_PLAYER.values()) * max(PRINTED_BY_TERRAIN.values())
#: Frame arguments per step: the largest ``n``, and which of seat/colour/square it carries.
_N_MAX = {"gold": _GOLD_MAX, "lose_crystals": _LOSS_MAX, "fight": 1}
_WITH_COLOUR = {"lose"}
_WITH_SQUARE = {"fight", "fight_play"}


@lru_cache(maxsize=1024)
def _dealt(seed: int, players: int) -> dict[str, tuple[str, bool]]:
    """The tile the seed dealt on each square (C9): its code and whether it has an arrow (an
    arrow may turn, R16). Player ids don't change the deal."""
    from engine.stella_digger.rounds.setup import blank_state, deal_tiles

    state = blank_state([str(i) for i in range(players)], None, seed, None, shuffle_seats=True)
    deal_tiles(state)
    return {sq: (t.code, t.arrow is not None) for sq, t in state.tiles.items()}


def _fresh(state: State) -> State:
    """What ``new_game`` deals from this state's seed, players, names and options. Seats are
    shuffled by the seed alone, so the order given to ``new_game`` is recovered first."""
    from engine.stella_digger.rounds.setup import new_game

    n = len(state.players)
    probe = new_game([str(i) for i in range(n)], None, state.seed)[0]
    given = [""] * n
    for seat, player in enumerate(probe.players):
        given[int(player.id)] = state.players[seat].id
    names = {p.id: p.name for p in state.players}
    options: dict[str, object] = {"red_tears": state.options.red_tears}
    return new_game(given, options, state.seed, names)[0]


def shape_violations(state: State) -> list[str]:
    out = _players(state)
    if out:  # the other checks index by seat and colour
        return out
    out += _map(state)
    out += _stack(state)
    out += _progress(state)
    if not out and state.version == 0 and _fresh(state) != state:
        out.append("a game at version 0 is not what its seed deals")
    return out


def _players(state: State) -> list[str]:
    n = len(state.players)
    if not 2 <= n <= 4:
        return [f"{n} players: Stella Digger is for 2 to 4"]
    out: list[str] = []
    ids = [p.id for p in state.players]
    if len(set(ids)) != n or not all(ids):
        out.append("player ids are not distinct and non-empty")
    if set(state.supply) != set(COLOURS):
        out.append("the crystal supply does not list exactly the four colours")
    if len(state.decks) != 3:
        out.append(f"{len(state.decks)} draw decks instead of 3")
    if not 0 <= state.start < n:
        out.append(f"start seat {state.start} is not a seat")
    for p in state.players:
        if not 0 < len(p.name) <= NAME_MAX or any(ord(c) < 32 or c == "\x7f" for c in p.name):
            out.append(f"player {p.id!r} has an empty or over-long name, or one with control "
                       "characters")
        if set(p.crystals) != set(COLOURS):
            out.append(f"{p.name}'s crystals do not list exactly the four colours")
        if any(g not in ALL_GADGETS for g in p.gadgets):
            out.append(f"{p.name} holds an unknown gadget")
        if len(set(p.used)) != len(p.used) or any(t not in GADGET_TYPES for t in p.used):
            out.append(f"{p.name}'s used gadget types are not distinct known types")
        if not 0 <= p.drill_points <= _DRILL_POINTS_MAX:
            out.append(f"{p.name} has {p.drill_points} drill points")
        if p.vp3 < 0 or p.vp1 < 0 or p.tears < 0:
            out.append(f"{p.name} holds a negative number of tiles")
        if any(vp not in _MONSTER_VPS for vp in p.monsters):
            out.append(f"{p.name} holds a monster no tile shows")
        if p.out and (p.hand or any(p.crystals.values()) or p.gadgets or p.drills_left):
            out.append(f"{p.name} is out but still holds components")
        if p.tears and not state.options.red_tears:
            out.append(f"{p.name} holds Red Tears in a game without them")
        if not p.out and p.tears >= n:
            out.append(f"{p.name} holds {p.tears} Red Tears and is still in")
    if state.vp3 < 0 or state.vp1 < 0 or state.tears < 0:
        out.append("a negative number of VP or Red Tear tiles in the supply")
    return out


def _map(state: State) -> list[str]:
    out: list[str] = []
    dealt = _dealt(state.seed, len(state.players))
    for sq, tile in state.tiles.items():
        if dealt.get(sq) != (tile.code, tile.arrow is not None) or (
                tile.arrow is not None and tile.arrow not in DIRECTIONS):
            out.append(f"the tile on {sq} is not the one this game's seed dealt there")
    removed = len(dealt) - len(state.tiles)
    won = sum(len(p.performance) + len(p.monsters) + 2 * p.vp3 + p.vp1 for p in state.players)
    if won > removed:
        out.append(f"players hold {won} tiles' worth of winnings but only {removed} tiles left "
                   "the map")
    taken = [sq for p in state.players for sq in p.performance]
    if len(set(taken)) != len(taken) or any(sq in state.tiles or sq not in dealt for sq in taken):
        out.append("a tile taken this round is still on the map or was taken twice")
    if len(set(state.blockades)) != len(state.blockades):
        out.append("a square is blockaded twice")
    placed: Counter[int] = Counter()
    for sq, drill in state.drills.items():
        if sq not in TERRAIN or drill.direction not in DIRECTIONS:
            out.append(f"the Large Drill on {sq} is not on the map or aims nowhere")
        placed[drill.owner] += 1
    full = DRILLS_PER_PLAYER[len(state.players)]
    for seat, p in enumerate(state.players):
        if not p.out and p.drills_left + placed[seat] != full:
            out.append(f"{p.name} has {p.drills_left} Large Drills left and {placed[seat]} placed, "
                       f"not {full}")
        if p.drills_left < 0 or placed[seat] > full:
            out.append(f"{p.name} has too many or negative Large Drills")
    squares = [state.marker, state.marker_from, *state.target]
    if any(sq not in TERRAIN for sq in squares):
        out.append("the marker or the target is off the map")
    if len(state.target) > TARGET_MAX or len(set(state.target)) != len(state.target):
        out.append(f"the target {state.target} is not a target")
    if any(f.step == "completion" for f in state.stack) and any(
            sq not in state.tiles for sq in state.target):
        out.append("a target square lost its tile before the mining completion")
    grouped = [sq for group in state.groups for sq in group]
    if len(set(grouped)) != len(grouped) or any(sq not in state.tiles for sq in grouped) \
            or any(len(group) < 2 for group in state.groups):
        out.append("connected groups overlap, are single or hold squares without tiles")
    return out


def _stack(state: State) -> list[str]:
    if len(state.stack) > STACK_MAX:
        return [f"{len(state.stack)} steps to run: no round has that many"]
    out: list[str] = []
    n = len(state.players)
    for frame in state.stack:
        step = frame.step
        if step not in DECISIONS and step not in AUTO:
            out.append(f"unknown step {step!r}")
            continue
        seated = step in DECISIONS
        if seated != (0 <= frame.seat < n) or (not seated and frame.seat != -1):
            out.append(f"the step {step} names seat {frame.seat}")
        if not 0 <= frame.n <= _N_MAX.get(step, 0):
            out.append(f"the step {step} carries the number {frame.n}")
        if (frame.colour is not None) != (step in _WITH_COLOUR) or \
                (frame.colour is not None and frame.colour not in COLOURS):
            out.append(f"the step {step} carries the colour {frame.colour!r}")
        if (frame.square is not None) != (step in _WITH_SQUARE) or (
                frame.square is not None and (frame.square not in state.tiles or tile_info(
                    state.tiles[frame.square].code).kind != "monster")):
            out.append(f"the step {step} names {frame.square!r}, which holds no monster")
    return out


def _progress(state: State) -> list[str]:
    out: list[str] = []
    if not 0 <= state.version <= VERSION_MAX or not 1 <= state.round <= ROUND_MAX:
        out.append(f"round {state.round} at version {state.version} can't be reached")
    if len(state.score_history) != state.round - 1 + state.ended:
        out.append(f"{len(state.score_history)} rounds of scores recorded in round {state.round}")
    if any(len(row) != len(state.players) or any(not -SCORE_BOUND <= v <= SCORE_BOUND
                                                 for v in row) for row in state.score_history):
        out.append("a round of scores does not have one score per player, each in bounds")
    if state.ended != (state.end_reason in END_REASONS) or (state.ended and (
            state.winners != winners(state))) or (
            not state.ended and state.winners):
        out.append("the end of the game, its reason and its winners don't agree")
    return out
