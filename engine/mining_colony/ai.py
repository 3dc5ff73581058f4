"""Computer players for Mining Colony: ``random_decision`` (the simulator's random player) and
``heuristic`` (the ``easy`` level), deciding from the player's own view and the legal list.

The heuristic, greedy: bid the highest card early and the middle one late (keeping high cards
for the unplayed-card award), take the zone with most squares and items, then in its
development turn build any structure (2 VP), put items where they make a structure pattern or
at least score (1 VP), place a tile where its buildings hold what is pending, buy a token for an
item that has no place (1 credit for 1 VP), stage what is left, discard the rest, done.
"""

from __future__ import annotations

from typing import Any

from ..core.rng import Rng
from .actions import Action, Build, Buy, Discard, Place, Play, Put, Refresh, Stage, Take
from .components import PLACEMENTS, TILE_PRINT, TRIPLES, fits
from .listing import develop_block, develop_verbs
from .search import pattern_bonus
from .state import State
from .view import owed_pairs


def random_decision(game: Any, state: State, player: str, rng: Rng) -> Action:
    """A uniformly random kind of decision (its verb), then one of that kind, so the many
    squares a token may go on don't crowd out ``done``. In a development turn only the chosen
    verb is listed (``develop_verbs`` names exactly the non-empty blocks of ``legal``)."""
    owed = dict(owed_pairs(state))
    if owed.get(player) == "develop":
        p = state.player(player)
        verbs = develop_verbs(state, p)
        block = develop_block(state, p, verbs[rng.below(len(verbs))])
        return block[rng.below(len(block))]
    legal = game.legal(state, player)
    starts = [0] + [i for i in range(1, len(legal)) if legal[i].verb != legal[i - 1].verb]
    k = rng.below(len(starts))
    end = starts[k + 1] if k + 1 < len(starts) else len(legal)
    return legal[starts[k] + rng.below(end - starts[k])]  # type: ignore[no-any-return]


def _zone_value(zone: dict[str, Any]) -> float:
    return sum(int(t[1]) for t in zone["tiles"]) + 1.5 * len(zone["items"])


def heuristic(game: Any, view: dict[str, Any], player: str, legal: list[Action] | None,
              rng: Rng) -> Action:
    legal = legal if legal is not None else []
    me = view["players"][player]
    first = legal[0]
    if isinstance(first, Play | Refresh) or (view["to_act"] or {}).get("decision") == "bid":
        plays = [a for a in legal if isinstance(a, Play)]
        hand = sorted({a.card for a in plays})
        card = hand[-1] if view["round"] <= 6 else hand[(len(hand) - 1) // 2]
        return next(a for a in plays if a.card == card)
    if isinstance(first, Take):
        return max(legal, key=lambda a: (_zone_value(view["zones"][str(a.zone)]),  # type: ignore[attr-defined]
                                         -a.zone))  # type: ignore[attr-defined]
    colony: dict[str, str] = me["colony"]
    builds = [a for a in legal if isinstance(a, Build)]
    if builds:
        return builds[0]
    puts = [a for a in legal if isinstance(a, Put)]
    if puts:
        return max(puts, key=lambda a: (pattern_bonus(colony, a.item, a.square), not a.staged))
    places = [a for a in legal if isinstance(a, Place)]
    if places:
        waiting = me["pending"]["items"] + me["staging"]

        def room(a: Place) -> int:
            cells = PLACEMENTS[a.tile[1]][(a.square, a.rotation)]
            holds = sum(1 for b in TILE_PRINT[a.tile] for i in waiting if fits(b, i))
            touching = sum(1 for c in cells for x, y in TRIPLES[c]
                           if colony[x] != "undeveloped" and colony[y] != "undeveloped")
            return 4 * holds + touching
        return max(places, key=room)
    pending = me["pending"]["items"]
    if pending and me["credits"] >= 1:
        for item in pending:
            kind, _, colour = item.partition("/")
            want = colour if kind == "crystal" else ("dome" if kind == "worker" else "pad")
            buys = [a for a in legal if isinstance(a, Buy) and a.token == want
                    and colony[a.square] == "blank"]
            if buys:
                return buys[0]
    stages = [a for a in legal if isinstance(a, Stage)]
    if stages:
        return stages[0]
    discards = [a for a in legal if isinstance(a, Discard) and not a.staged]
    if discards:
        return discards[0]
    return legal[-1]  # done



# --- hooks of the strong search (engine/agents/search.py) -----------------------------------


def determinize(game: Any, view: dict[str, Any], player: str, rng: Rng) -> State:
    """A full state agreeing with ``player``'s view, what it hides drawn with ``rng``
    (determinize.py); another player's sealed bid stays owed there."""
    from .determinize import determinize as draw

    return draw(view, player, rng)


HORIZON = 1  # playouts stop when the round changes (``progress``), then ``evaluate``


def playout(game: Any, state: State, player: str, rng: Rng) -> Action:
    """The easy heuristic on a light view of the state (search.py): fast, and it reads
    nothing but the player's own things and the zones."""
    from .search import light_view

    return heuristic(game, light_view(state, player), player, game.legal(state, player), rng)


def evaluate(game: Any, state: State, scale: float = 4.0) -> dict[str, float]:
    from .search import worth

    return worth(state, scale)


def candidates(game: Any, state: State, player: str, legal: list[Action] | None
               ) -> list[Action]:
    from .search import search_candidates

    return search_candidates(state, player, game.legal(state, player) if legal is None
                             else legal)


def progress(game: Any, state: State) -> int:
    """Playouts are measured in rounds."""
    return state.round
