"""Computer players: ``random_decision`` (uniform over kinds of decision, then over targets)
and ``heuristic`` (the ``easy`` level: greedy towards collecting and delivering)."""

from __future__ import annotations

from typing import Any

from ..core.rng import Rng
from .actions import Action
from .board import PLACE_INDEX
from .decisions import legal
from .flow import owed
from .rules import blocks
from .state import State


def _owed_kind(state: State, player: str) -> tuple[int, str]:
    for seat, kind in owed(state):
        if state.players[seat].id == player:
            return seat, kind
    raise ValueError(f"{player} owes no decision")


def random_decision(game: Any, state: State, player: str, rng: Rng) -> Action:
    """A random legal decision: first a verb, then one decision of that verb."""
    seat, kind = _owed_kind(state, player)
    if kind in ("action", "free-action"):
        verbs = blocks(state, seat, kind == "free-action")
    else:
        verbs = {}
        for a in legal(state, seat, kind):
            verbs.setdefault(a.verb, []).append(a)
    kinds = list(verbs)
    pick = verbs[kinds[rng.below(len(kinds))]]
    return pick[rng.below(len(pick))]


def _distance_to_rim(state: State, place: int) -> int:
    col, row = place % 6, place // 6
    return min(col, 5 - col, row, 5 - row)


def heuristic(game: Any, view: dict[str, Any], player: str, legal_or_none: list[Action] | None,
              rng: Rng, state: State | None = None) -> Action:
    """Greedy: deliver when possible, collect, steal, then head for ranium or a loader; in the
    other decisions the lowest-risk choice. Works from the player's view plus the legal list."""
    actions = legal_or_none if legal_or_none is not None else []
    if not actions:
        raise ValueError("the heuristic needs the legal decisions")
    by_verb: dict[str, list[Action]] = {}
    for a in actions:
        by_verb.setdefault(a.verb, []).append(a)
    first = actions[0].verb
    if first in ("done", "swap"):
        return Action("done")
    if first == "colour":
        return actions[0]
    if first in ("fight", "card"):  # play the highest card in a fight, the lowest to place
        ordered = sorted(actions, key=lambda a: int(a.card.split("-")[1]))
        return ordered[-1] if first == "fight" else ordered[0]
    if first == "place":  # place far from this player's crews: the last legal one
        return actions[rng.below(len(actions))]
    for verb in ("deliver", "collect"):
        if verb in by_verb:
            return max(by_verb[verb], key=lambda a: a.n)
    me = view["players"][player]
    if "steal" in by_verb and me["ranium"] == 0:
        return by_verb["steal"][0]
    crews = {c: info for c, info in view["crews"].items() if info["player"] == player}
    ranium = {PLACE_INDEX[p] for p in view["ranium"]}
    moves = by_verb.get("move", []) + by_verb.get("tunnel", [])
    if moves:
        def score(a: Action) -> float:
            crew = crews[a.crew] if a.crew else next(iter(crews.values()))
            held = crew["ranium"]
            if held:  # heading out: closer to the rim is better
                return -_distance_to_rim(state, a.place) if state else 0.0
            return 10.0 if a.place in ranium else -min(
                (abs(a.place % 6 - r % 6) + abs(a.place // 6 - r // 6) for r in ranium),
                default=9)
        best = max(moves, key=score)
        if score(best) > -1 or rng.below(3) == 0:
            return best
    if "end" in by_verb and rng.below(4) == 0:
        return by_verb["end"][0]
    turns = by_verb.get("rotate", []) + by_verb.get("flip-long", []) + by_verb.get("flip-short", [])
    if turns:
        return turns[rng.below(len(turns))]
    return actions[rng.below(len(actions))]

