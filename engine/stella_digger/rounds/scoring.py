"""Final scoring (R19) and its tie-breaks."""

from __future__ import annotations

from functools import lru_cache

from engine.stella_digger.components import COLOURS, gadget_colour
from engine.stella_digger.state import Player, State

_BONUS = {0: 0, 1: 0, 2: 1, 3: 2, 4: 3}  # same-colour gadgets: 2 give 1, 3 give 2, 4 give 3


@lru_cache(maxsize=1024)
def _gadget_bonus(gadgets: tuple[str, ...]) -> int:
    colours = [gadget_colour(g) for g in gadgets]
    return sum(_BONUS[colours.count(c)] for c in COLOURS)


PARTS = ("vp_tiles", "monsters", "gadgets", "gadget_bonus", "crystals", "drills",
         "unplaced_drills")


def _parts(player: Player) -> tuple[int, ...]:
    """R19's parts, in the order of PARTS."""
    return (3 * player.vp3 + player.vp1, sum(player.monsters), 2 * len(player.gadgets),
            _gadget_bonus(tuple(player.gadgets)), sum(n // 2 for n in player.crystals.values()),
            player.drill_points, -player.drills_left)


def score(player: Player) -> dict[str, int]:
    """R19 parts; ``total`` is their sum."""
    parts = _parts(player)
    return {"total": sum(parts), **dict(zip(PARTS, parts, strict=True))}


def total_score(player: Player) -> int:
    """``score(player)["total"]`` without building the parts' dict (recorded for every player
    every round)."""
    return sum(_parts(player))


def ranking_key(player: Player) -> tuple[int, int, int, int]:
    """R19: total, then most VP tiles (count), most gadgets, most monster tiles."""
    return (total_score(player), player.vp3 + player.vp1, len(player.gadgets),
            len(player.monsters))


def winners(state: State) -> list[str]:
    """Everyone tied at the top shares the victory; players who are out can't win (R20)."""
    alive = [p for p in state.players if not p.out]
    if not alive:
        return []
    best = max(ranking_key(p) for p in alive)
    return [p.id for p in alive if ranking_key(p) == best]
