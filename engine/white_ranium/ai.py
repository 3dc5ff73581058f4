"""Computer players: ``random_decision`` (a random player who still plays the game: over kinds
of decision, then over targets), ``heuristic`` (the ``easy`` level: greedy towards
collecting and delivering) and ``playout`` (the heuristic's choice read from a full state, the
``strong`` search's playout policy)."""

from __future__ import annotations

from typing import Any

from ..core.rng import Rng
from . import search as _search
from .actions import Action
from .board import NEIGHBOURS, PLACE_INDEX, PLACES, RIM, colour_run, step
from .components import flip_long, flip_short, parse_card, rotate
from .decisions import SWAPS, legal
from .flow import owed
from .rules import block
from .state import State

HORIZON = _search.HORIZON  # turns a search playout plays before it is evaluated
determinize = _search.determinize
evaluate = _search.evaluate
progress = _search.progress
clone = _search.clone


def _owed_kind(state: State, player: str) -> tuple[int, str]:
    for seat, kind in owed(state):
        if state.players[seat].id == player:
            return seat, kind
    raise ValueError(f"{player} owes no decision")


_TURN_VERBS = ("rotate", "flip-long", "flip-short")
_KINDS = ("move", "steal", "tunnel", "transport", "loader", "")  # "": turning a card
_NO_TUNNEL = tuple(k for k in _KINDS if k != "tunnel")


def random_decision(game: Any, state: State, player: str, rng: Rng) -> Action:
    """A random legal decision: first a kind, then one decision of that kind. Random, but not
    self-defeating (uniform choices made random games last some 190 rounds, most of them
    spent turning cards and ending turns early): a delivery or a collection is taken
    whenever one is legal, ore is never forfeited with ``end`` while it can be spent, and the
    three ways of turning a card count as one kind, so a crew walks as often as cards turn.
    The kind is drawn among those with a legal decision (a drawn kind without one is
    dropped and another drawn), without listing every kind first."""
    seat, kind = _owed_kind(state, player)
    if kind in ("action", "free-action"):
        free = kind == "free-action"
        crews = state.crews
        ranium = state.ranium
        holding = on_ranium = False
        places = set()
        for c in crews:  # loops, not any(): this runs for nearly every decision of a game
            if c.seat == seat:
                places.add(c.at)
                if c.held:
                    holding = True
                if c.at in ranium:
                    on_ranium = True
        if holding:
            pick = block(state, seat, free, "deliver")
            if pick:
                return pick[rng.below(len(pick))]
        if on_ranium:
            pick = block(state, seat, free, "collect")
            if pick:
                return pick[rng.below(len(pick))]
        if free or state.ore < 3 or holding:
            kinds = list(_NO_TUNNEL)  # R20: 3 ore, holding no unit, not a free action
        else:
            kinds = list(_KINDS)
        for c in crews:
            if c.at in places and c.seat != seat:
                break
        else:
            kinds.remove("steal")  # R14, R20: nobody else on a crew's card
            kinds.remove("transport")
        while kinds:
            i = rng.below(len(kinds))
            verb = kinds[i] or _TURN_VERBS[rng.below(3)]
            pick = block(state, seat, free, verb)
            if pick:
                return pick[rng.below(len(pick))]
            kinds.pop(i)
        raise AssertionError("a card can always be turned")  # pragma: no cover
    if kind == "swap":  # the same 497 decisions every time, already sorted by verb
        swaps = _SWAPS_BY_VERB[rng.below(len(_SWAPS_BY_VERB))]
        return swaps[rng.below(len(swaps))]
    by_verb: dict[str, list[Action]] = {}
    for a in legal(state, seat, kind):
        by_verb.setdefault(a.verb, []).append(a)
    kinds = list(by_verb)
    pick = by_verb[kinds[rng.below(len(kinds))]]
    return pick[rng.below(len(pick))]


def _by_verb(actions: tuple[Action, ...]) -> tuple[tuple[Action, ...], ...]:
    """A listing's decisions by verb, the verbs in their first decision's order."""
    out: dict[str, list[Action]] = {}
    for a in actions:
        out.setdefault(a.verb, []).append(a)
    return tuple(tuple(block) for block in out.values())


_SWAPS_BY_VERB = _by_verb(SWAPS)


def _rim_distance(place: int) -> int:
    col, row = place % 6, place // 6
    return min(col, 5 - col, row, 5 - row)


def _track_gap(a: int, b: int) -> int:
    d = (a - b) % 24
    return min(d, 24 - d)


def _loader_move(board: list[int], loaders: list[int], run: set[int],
                 by_verb: dict[str, list[Action]]) -> Action | None:
    """A loader step that brings a loader nearer to a rim exit of the crew's run."""
    exits = [n for p in run for bit, n in RIM[p] if board[p] & bit]
    if not exits:
        return None
    best: tuple[int, Action] | None = None
    for a in by_verb.get("loader", []):
        here = loaders[a.loader - 1]
        there = step(here, 1 if a.forward else -1)
        gain = min(_track_gap(here, e) for e in exits) - min(_track_gap(there, e) for e in exits)
        if gain > 0 and (best is None or min(_track_gap(there, e) for e in exits) < best[0]):
            best = (min(_track_gap(there, e) for e in exits), a)
    return None if best is None else best[1]


_TURNS = {"rotate": rotate, "flip-long": flip_long, "flip-short": flip_short}


def _outlook(board: list[int], place: int) -> int:
    """How near the colour run of ``place`` comes to a loader: 10 with a rim exit, else minus
    the smallest distance of its cards to the rim."""
    run = colour_run(board, place)
    if any(board[p] & bit for p in run for bit, _ in RIM[p]):
        return 10
    return -min(_rim_distance(p) for p in run)


def _towards_rim(board: list[int], at: int, crew: dict[str, Any],
                 by_verb: dict[str, list[Action]]) -> Action | None:
    """For a crew holding ranium: the move, or the turn of a card on or next to its run, that
    best improves its run's outlook towards the rim; None if nothing improves it."""
    now = _outlook(board, at)
    name = crew.get("colour", "")
    best: tuple[int, Action] | None = None
    for a in by_verb.get("move", []):
        if a.crew in ("", name):
            score = _outlook(board, a.place)
            if score > now and (best is None or score > best[0]):
                best = (score, a)
    near = colour_run(board, at)
    near |= {q for p in list(near) for _, q, _ in NEIGHBOURS[p]}
    for verb, turn in _TURNS.items():
        for a in by_verb.get(verb, []):
            if a.place in near:
                turned = list(board)
                turned[a.place] = turn(turned[a.place])
                score = _outlook(turned, at)
                if score > now and (best is None or score > best[0]):
                    best = (score, a)
    return None if best is None else best[1]


def heuristic(game: Any, view: dict[str, Any], player: str, legal_or_none: list[Action] | None,
              rng: Rng) -> Action:
    """Greedy, from the player's own view and the legal decisions: deliver, collect, steal
    when empty-handed, bring a loader to the crew's tunnel or walk towards the rim when
    holding ranium, walk towards ranium otherwise; the highest fight card, the lowest card to
    place ranium."""
    actions = legal_or_none or []
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
    if first in ("fight", "card"):
        ordered = sorted(actions, key=lambda a: int(a.card.split("-")[1]))
        return ordered[-1] if first == "fight" else ordered[0]
    if first == "place":
        return actions[rng.below(len(actions))]
    for verb in ("deliver", "collect"):
        if verb in by_verb:
            return max(by_verb[verb], key=lambda a: a.n)
    board = [parse_card(view["board"][p]) for p in PLACES]
    loaders = [view["loaders"][k] for k in ("1", "2", "3")]
    crews = {c: {**info, "colour": c} for c, info in view["crews"].items()
             if info["player"] == player}
    ranium = [PLACE_INDEX[p] for p in view["ranium"]]
    return _walk(by_verb, actions, board, loaders, crews, ranium,
                 view["players"][player]["ranium"], rng)


def playout(game: Any, state: State, player: str, rng: Rng) -> Action:
    """The search's playout policy: the heuristic's decision for ``player``, read straight
    from the state instead of a view (a view turns every card into text and back, two thirds
    of a playout's time). It reads only what the view shows ``player``: the legal decisions,
    the board, the loaders, the units on the board and ``player``'s own crews."""
    seat, kind = _owed_kind(state, player)
    actions = legal(state, seat, kind)
    first = actions[0].verb
    if first in ("done", "swap", "colour", "fight", "card", "place"):
        return heuristic(game, {}, player, actions, rng)  # these read nothing but the list
    by_verb: dict[str, list[Action]] = {}
    for a in actions:
        by_verb.setdefault(a.verb, []).append(a)
    if "deliver" in by_verb or "collect" in by_verb:
        return heuristic(game, {}, player, actions, rng)
    mine = [c for c in state.crews if c.seat == seat]
    crews = {c.colour: {"player": player, "at": PLACES[c.at], "ranium": c.held,
                        "colour": c.colour} for c in mine}
    return _walk(by_verb, actions, state.board, state.loaders, crews, state.ranium,
                 sum(c.held for c in mine), rng)


def _walk(by_verb: dict[str, list[Action]], actions: list[Action], board: list[int],
          loaders: list[int], crews: dict[str, dict[str, Any]], ranium: list[int],
          held: int, rng: Rng) -> Action:
    """The heuristic's action-phase choice (see ``heuristic``) from what it reads."""
    if "steal" in by_verb and held == 0:
        return by_verb["steal"][0]
    for info in crews.values():
        if info["ranium"]:
            at = PLACE_INDEX[info["at"]]
            move = _loader_move(board, loaders, colour_run(board, at), by_verb)
            if move is not None:
                return move
            better = _towards_rim(board, at, info, by_verb)
            if better is not None:
                return better

    def score(a: Action) -> float:
        crew = crews[a.crew] if a.crew else next(iter(crews.values()))
        if crew["ranium"]:
            return -_rim_distance(a.place)
        if a.place in ranium:
            return 10.0
        return -min((abs(a.place % 6 - r % 6) + abs(a.place // 6 - r // 6) for r in ranium),
                    default=9)

    moves = by_verb.get("move", []) + by_verb.get("tunnel", [])
    if moves:
        best = max(moves, key=score)
        crew = crews[best.crew] if best.crew else next(iter(crews.values()))
        here = PLACE_INDEX[crew["at"]]
        if score(best) > score(Action("move", here, crew=best.crew)):
            return best
    turns = [a for v in ("rotate", "flip-long", "flip-short") for a in by_verb.get(v, [])
             if any(abs(a.place % 6 - PLACE_INDEX[c["at"]] % 6)
                    + abs(a.place // 6 - PLACE_INDEX[c["at"]] // 6) == 1 for c in crews.values())]
    if turns and rng.below(4):
        return turns[rng.below(len(turns))]
    if "end" in by_verb:
        return by_verb["end"][0]
    return actions[rng.below(len(actions))]
