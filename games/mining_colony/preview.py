"""The private preview of a development draft: the player's colony as it would stand once the
decision typed so far is made (a tile placed in its rotation, an item put, a token bought, a
structure built), drawn from their own view. Only the squares of the player's own colony change;
the colony is public anyway, so the preview shows nothing hidden."""

from __future__ import annotations

import copy
from typing import Any

from engine.core.errors import IllegalDecision
from engine.mining_colony.actions import Build, Buy, Place, Put, parse
from engine.mining_colony.components import PLACEMENTS, TILE_PRINT


def previewed(view: dict[str, Any], player: str, draft: str) -> dict[str, Any]:
    """``view`` with ``draft`` drawn into ``player``'s colony (unchanged if the draft is not a
    whole place, put, buy or build: the colony as it stands)."""
    try:
        action = parse(draft)
    except IllegalDecision:
        return view
    if not isinstance(action, Place | Put | Buy | Build):
        return view
    out = copy.deepcopy(view)
    p = out["players"][player]
    colony: dict[str, str] = p["colony"]
    if isinstance(action, Place):
        cells = PLACEMENTS[action.tile[1]].get((action.square, action.rotation))
        if cells is None or any(colony.get(sq) != "undeveloped" for sq in cells):
            return view  # off the board or on developed squares: nothing to draw
        for sq, building in zip(cells, TILE_PRINT[action.tile], strict=True):
            colony[sq] = building
        p["tiles"][action.tile] = sorted(cells)
        tiles = p["pending"]["tiles"]
        if action.tile in tiles:
            tiles.remove(action.tile)
    elif isinstance(action, Put | Build):
        thing = action.item if isinstance(action, Put) else action.structure
        code = colony.get(action.square, "undeveloped")
        if code == "undeveloped" or ":" in code:
            return view
        colony[action.square] = f"{code}:{thing}"
        if isinstance(action, Put):
            where = p["staging"] if action.staged else p["pending"]["items"]
            if action.item in where:
                where.remove(action.item)
    else:
        code = colony.get(action.square, "undeveloped")
        _, colon, thing = code.partition(":")
        colony[action.square] = action.token + (colon + thing if thing else "")
        p["tokens"][action.square] = action.token
    return out
