"""What the generic strong search (engine/agents/search.py) needs beyond ``determinize``: a
fast playout policy (the easy heuristic on a light view of the state), a decision abstraction
(the candidates worth comparing) and the worth of a state a playout stopped at.

- ``light_view``: the few keys the heuristic reads (the round, who owes what, the zones, the
  player's own colony, pending and staging areas, credits), built from the state without the
  whole view (every player, scores): a playout's decisions cost a tenth as much.
- ``search_candidates``: bids: each card once, the other cards under the deck lowest first
  (their order only matters when a deck runs out), and one refresh; takes: every zone;
  development: every build, the best few puts, tile placements and buys by the heuristic's own
  measures, one stage and one discard of each thing, exchanges, and ``done``.
- ``worth``: each player's chance, from their live score against the best other one (a
  logistic of the lead, ``scale`` points of lead worth e times the odds); solo: how far the
  colony is towards R24 (``solo_worth``: the omniscient planner's worth, progress.py).
"""

from __future__ import annotations

import math
from typing import Any

from .actions import Action, Build, Buy, Discard, Exchange, Place, Play, Put, Refresh, Stage
from .components import PLACEMENTS, TILE_PRINT, TRIPLES, fits
from .scoring import scores
from .state import State
from .view import colony_codes, owed_pairs

SCALE = 4.0
KEEP = 6  # puts, placements and buys kept per development decision


def pattern_bonus(colony: dict[str, str], item: str, square: str) -> int:
    """How many structure patterns putting ``item`` on ``square`` completes or starts (R14)."""
    bonus = 0
    kind, _, colour = item.partition("/")
    partner = {"crystal": {item}, "worker": {f"ship/{colour}"}, "ship": {f"worker/{colour}"}}[kind]
    for middle, pairs in TRIPLES.items():
        if colony[middle] != "blank":
            continue
        for x, y in pairs:
            if square not in (x, y):
                continue
            other = y if square == x else x
            thing = colony[other].partition(":")[2]
            bonus += 3 if thing in partner else (1 if thing == "" and colony[other] != "undeveloped"
                                                 else 0)
    return bonus


def light_view(state: State, player: str) -> dict[str, Any]:
    """The keys ``heuristic`` reads, for ``player`` (a full state: a playout's own)."""
    p = state.player(player)
    owed = dict(owed_pairs(state))
    return {
        "round": state.round,
        "to_act": {"player": player, "decision": owed.get(player)},
        "zones": {str(i): {"tiles": z.tiles, "items": z.items}
                  for i, z in enumerate(state.zones, 1)},
        "players": {player: {"colony": colony_codes(p.colony), "credits": p.credits,
                             "pending": {"items": p.pending_items, "tiles": p.pending_tiles},
                             "staging": p.staging}},
    }


def _room(colony: dict[str, str], waiting: list[str], a: Place) -> int:
    cells = PLACEMENTS[a.tile[1]][(a.square, a.rotation)]
    holds = sum(1 for b in TILE_PRINT[a.tile] for i in waiting if fits(b, i))
    touching = sum(1 for c in cells for x, y in TRIPLES[c]
                   if colony[x] != "undeveloped" and colony[y] != "undeveloped")
    return 4 * holds + touching


def search_candidates(state: State, player: str, legal: list[Action]) -> list[Action]:
    """The decisions worth comparing (see the module text), in ``legal``'s order."""
    if not legal:
        return legal
    first = legal[0]
    if isinstance(first, Play | Refresh) or state.phase == "bid":
        keep: list[Action] = []
        seen: set[object] = set()
        for a in legal:
            key = a.card if isinstance(a, Play) else type(a)
            if isinstance(a, Play | Refresh) and key not in seen:
                seen.add(key)
                keep.append(a)
            elif not isinstance(a, Play | Refresh):
                keep.append(a)
        return keep
    if state.phase != "develop":
        return legal
    p = state.player(player)
    colony = colony_codes(p.colony)
    waiting = p.pending_items + p.staging
    puts = sorted((a for a in legal if isinstance(a, Put)),
                  key=lambda a: -pattern_bonus(colony, a.item, a.square))[:KEEP]
    places = sorted((a for a in legal if isinstance(a, Place)),
                    key=lambda a: -_room(colony, waiting, a))[:KEEP]
    buys = [a for a in legal if isinstance(a, Buy) and colony[a.square] == "blank"][:KEEP]
    chosen = set(puts) | set(places) | set(buys)
    return [a for a in legal if a in chosen or isinstance(a, Build | Stage | Discard | Exchange)
            or a.verb == "done"]


def solo_worth(state: State) -> float:
    """The solo player's progress towards R24 in [0, 1): the omniscient planner's worth in
    credits (progress.py: developed squares, credits up to the cap, staged items, structure
    colours built and the best line towards each missing one, small holes less), over what a
    complete colony with full credits is worth. (Before: developed share, colours built,
    colours half built, items and credits, weighted 0.35/0.35/0.2/0.05/0.04: 1.4 structures
    a game at difficulty 1 against 2.6 with this worth, docs/solo-winnability.md.)"""
    from .progress import CAP, STAGED, STRUCTURE, Progress, worth

    d = state.options.difficulty
    top = (d + 1) * 36 + CAP + 3 * STAGED + 7 * STRUCTURE
    value = worth(Progress.of(state.players[0]), state.round, d) / top
    return min(max(value, 0.0), 0.999)


def worth(state: State, scale: float = SCALE) -> dict[str, float]:
    """Each player's worth in [0, 1] of a state a playout stopped at (see the module text)."""
    if state.solo:
        p = state.players[0]
        if state.ended:
            return {p.id: 1.0 if state.winners == [p.id] else 0.0}
        return {p.id: solo_worth(state)}
    if state.ended:
        return {p.id: 1.0 if state.winners == [p.id] else 0.0 for p in state.players}
    table = scores(state)
    out: dict[str, float] = {}
    for p in state.players:
        best = max(table[q.id]["total"] for q in state.players if q.id != p.id)
        lead = table[p.id]["total"] - best
        out[p.id] = 1.0 / (1.0 + math.exp(-lead / scale))
    return out
