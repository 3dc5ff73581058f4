"""White Ranium's hooks for the strong search (engine/agents/search.py; docs/engine-api.md,
"Search hooks"): ``determinize`` builds a full state from one player's view, ``evaluate``
scores a playout stopped at the horizon, ``progress`` counts turns, ``clone`` copies fast
(the playout policy is ``ai.playout``: the easy heuristic read from the state).

What a view hides (the rulings' hidden information): the order of every face-down pile (its
cards are known: the owner's five minus the discard pile), another fighter's committed
strategy card (the view keeps it in that player's hand; in the sample that player still owes
the fight card), and the generator. Everything else is public and copied as it stands.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from ..core.rng import Rng, seed_state
from .board import BASE_PLACE, PLACE_INDEX, PLACES, RIM, colour_run
from .components import (
    DECK_IDENTITIES,
    GOAL,
    SYMBOL_CARDS,
    identity,
    parse_card,
)
from .setup import choice_order, options_from
from .state import Crew, FightRecord, Frame, Player, State
from .state import clone as copy_state

HORIZON = 8  # turns a playout plays before ``evaluate`` (two rounds of four players)




def determinize(game: Any, view: dict[str, Any], player: str, rng: Rng) -> State:
    """A full state agreeing with ``player``'s view: piles shuffled from their known cards,
    another fighter's secret card back in their hand (they owe it again), a fresh generator
    drawn from ``rng``."""
    seats = list(view["seats"])
    n = len(seats)
    seed = rng.below(1 << 62)
    state = State(seed=seed, rng=seed_state(seed), players=[],
                  options=options_from(dict(view["options"])))
    state.version = int(view["version"])
    state.phase, state.round = view["phase"], int(view["round"])
    state.start = seats.index(view["start_player"])
    state.turn = seats.index(view["turn"]) if view["turn"] is not None else -1
    state.ore, state.swaps_left = int(view["ore"]), int(view["swaps_left"])
    state.board = [parse_card(view["board"][p]) for p in PLACES]
    state.deck = sorted(identity(c) for c in state.board) == list(DECK_IDENTITIES)
    state.ranium = sorted(PLACE_INDEX[p] for p in view["ranium"])
    state.loaders = [int(view["loaders"][k]) for k in ("1", "2", "3")]
    state.supply_markers = int(view["supply"]["markers"])
    state.supply_ranium = int(view["supply"]["ranium"])
    state.ended, state.winners = bool(view["ended"]), list(view["winners"])
    state.turn_log = [list(x) for x in view["this_turn"]]
    state.last_turn_log = [list(x) for x in view["last_turn"]]
    state.trail = [list(x) for x in view.get("trail") or ()]
    state.last_trail = [list(x) for x in view.get("last_trail") or ()]
    fight = view.get("fight")
    hidden = {c: card for c, card in ((fight or {}).get("committed") or {}).items()
              if card == "hidden"}
    for pid in seats:
        p = view["players"][pid]
        out = Player(pid, view["names"][pid], list(p["colours"]), int(p["markers"]),
                     delivered=int(p["delivered"]))
        out.discard = list(p["discard"])
        if state.options.cards == "strategy":
            out.hand = list(p["hand"])  # a secret commit still counts as in hand here
        elif p["colours"] and state.phase not in ("swap", "colours"):
            pile = list((Counter(SYMBOL_CARDS[p["colours"][0]]) - Counter(out.discard))
                        .elements())
            rng.shuffle(pile)  # R2: nobody knows a pile's order
            out.pile = pile
        state.players.append(out)
    state.crews = [Crew(colour, seats.index(c["player"]) if c["player"] is not None else -1,
                        PLACE_INDEX[c["at"]], int(c["ranium"]))
                   for colour, c in view["crews"].items()]
    state.units = (len(state.ranium) + sum(c.held for c in state.crews)
                   + state.supply_ranium)
    state.marker_total = state.supply_markers + sum(p.markers for p in state.players)
    if state.phase in ("swap", "colours"):  # R6: in the swap phase nobody has chosen yet
        chosen = sum(len(p.colours) for p in state.players)
        state.choosers = choice_order(n, state.start)[chosen:]
    last = view.get("last_fight")
    if last is not None:
        a, d = last["attacker"], last["defender"]
        state.last_fight = FightRecord(a, d, last["cards"][a], last["cards"][d],
                                       last["values"][a], last["values"][d], last["winner"])
    owed = view.get("owed") or []
    if fight:
        attacker = state.crew(fight["attacker"])
        assert attacker is not None
        frame = Frame("fight", attacker.seat, fight["attacker"], fight["defender"])
        for colour, card in fight["committed"].items():
            if colour not in hidden:
                setattr(frame, "attacker_card" if colour == fight["attacker"]
                        else "defender_card", card)
        state.stack = [frame]
    elif view.get("placing"):
        placing = view["placing"]
        state.stack = [Frame("place", seats.index(placing["player"]), left=int(placing["left"]),
                             card=placing["card"])]
    elif owed and owed[0]["decision"] == "free-action":
        defender = (last or {}).get("defender", "")
        state.stack = [Frame("free", seats.index(owed[0]["player"]), defender=defender)]
    return state


def clone(game: Any, state: State) -> State:
    """A fast independent copy (``state.clone``)."""
    return copy_state(state)


def progress(game: Any, state: State) -> int:
    """Turns begun so far (a playout stops ``HORIZON`` turns on)."""
    return state.round * len(state.players) + max(state.turn, 0)


def _rim_gap(board: list[int], loaders: list[int], at: int) -> int:
    """Loader steps from the nearest rim exit of the crew's run to a loader (0: deliverable
    now; 12 when the run has no rim exit)."""
    exits = [n for p in colour_run(board, at) for bit, n in RIM[p] if board[p] & bit]
    if not exits:
        return 12
    return min(min((e - n) % 24, (n - e) % 24) for e in exits for n in loaders)


def worth(state: State, seat: int) -> float:
    """A seat's progress in markers: markers, plus each unit held by a crew (more the nearer
    its run comes to a loader), plus a little for a crew standing on a unit."""
    total = float(state.players[seat].markers)
    for crew in state.crews_of(seat):
        if crew.held:
            total += crew.held * (0.75 - 0.035 * _rim_gap(state.board, state.loaders, crew.at))
        elif crew.at in state.ranium:
            total += 0.2
        elif crew.at != BASE_PLACE[crew.colour] and state.ranium:
            total += 0.05
    return total


def evaluate(game: Any, state: State) -> dict[str, float]:
    """Each player's chance to win, guessed from their progress towards the goal: a softmax
    of ``worth`` in units of the goal (1 for a winner when the game has ended)."""
    if state.ended:
        return {p.id: 1.0 if p.id in state.winners else 0.0 for p in state.players}
    goal = GOAL[len(state.players)]
    values = [worth(state, seat) / goal for seat in range(len(state.players))]
    top = max(values)
    weights = [math.exp(6.0 * (v - top)) for v in values]
    total = sum(weights)
    return {p.id: w / total for p, w in zip(state.players, weights, strict=True)}


