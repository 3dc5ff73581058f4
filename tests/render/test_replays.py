"""The replay posted at a game's end, for every game (issue 28): ``render/<pkg>/replay.py``
reached through ``Presentation.pictures("replay")`` (games/base.py) as Stella Digger's is, so
the referee's end (referee/ending.py: ``present.replay_gif`` of the public views at each
``replay_frame``) posts it. A GIF of the rounds (White Ranium's table rounds), drawn from the
public views only, byte-checked: hidden information changes no byte."""

from __future__ import annotations

import importlib
import io
from typing import Any

import pytest
from PIL import Image

import games
from engine import get_game
from engine.core.rng import Rng, seed_state

OTHERS = ("mining-colony", "white-ranium", "out-of-mine")


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def replay_views(name: str, players: list[str], seed: int) -> list[dict[str, Any]]:
    """The spectator views a whole seeded game of easy players gives the replay: the start,
    then every state the presentation's ``replay_frame`` keeps (as referee/ending.py does)."""
    g, present = get_game(name), games.get(name)
    ai = importlib.import_module(f"engine.{name.replace('-', '_')}.ai")
    state = g.new_game(players, {}, seed=seed)
    rng = Rng(_Holder(seed))
    views = [g.view(state, None)]
    for _ in range(5000):
        if state.ended:
            return views
        owed = g.owed(state)[0].player
        legal = None if name == "out-of-mine" else list(g.legal(state, owed))
        action = ai.heuristic(g, g.view(state, owed), owed, legal, rng)
        before = g.clone(state)
        g.apply(state, owed, action)
        if present.replay_frame(before, state):
            views.append(g.view(state, None))
    raise AssertionError(f"{name} seed {seed} did not end")


@pytest.mark.parametrize("name", OTHERS)
def test_every_game_posts_a_replay_of_its_rounds(name: str) -> None:
    present = games.get(name)
    module = present.pictures("replay")
    assert module is not None and hasattr(module, "replay_gif")
    views = replay_views(name, ["ann", "bob"], 3)
    data = present.replay_gif(views)
    assert data is not None
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF"
    assert 1 < gif.n_frames <= len(views)
    gif.seek(gif.n_frames - 1)
    assert gif.info["duration"] >= 4000  # the last frame stays
    with pytest.raises(ValueError):
        module.replay_gif([])
    g = get_game(name)
    private = g.view(g.new_game(["ann", "bob"], {}, seed=3), "ann")
    with pytest.raises(ValueError, match="public"):
        module.replay_gif([private])  # never a player's own view


def test_mining_colony_replay_shows_no_sealed_bid() -> None:  # R6
    from render.mining_colony.replay import replay_gif
    from tests.mining_colony.conftest import G, play, table

    decks_a = {"a": [30, 5, 17, 1, 2, 3, 4, 6, 7, 8], "b": [9, 10, 11, 12, 13, 14, 15, 16, 18, 19]}
    decks_b = {"a": [17, 5, 30, 1, 2, 3, 4, 6, 7, 8], "b": [9, 10, 11, 12, 13, 14, 15, 16, 18, 19]}
    one, two = table(["a", "b"], {"decks": decks_a}), table(["a", "b"], {"decks": decks_b})
    start = replay_gif([G.view(one, None)])
    play(one, ("a", "play 30 bottom=5,17"))
    play(two, ("a", "play 5 bottom=17,30"))
    a, b = G.view(one, None), G.view(two, None)
    assert replay_gif([a]) == replay_gif([b])
    assert replay_gif([G.view(one, None), a]) == replay_gif([G.view(two, None), b])
    assert start != replay_gif([a])  # the bid is there, as "has bid"


def test_out_of_mine_replay_shows_no_sealed_dig() -> None:  # R3
    from render.out_of_mine.replay import replay_gif
    from tests.out_of_mine.conftest import G, table

    setup = {"boards": {"ann": "1a", "bob": "4a"}, "deck": [1, 4]}
    a, _ = table(options={"race": True}, actions=[("ann", "open"), ("bob", "open"),
                                                  ("ann", "dig green-i:A2,A3,A4@3.0 time=4.0")],
                 **setup)
    b, _ = table(options={"race": True}, actions=[("ann", "open"), ("bob", "open"),
                                                  ("ann", "dig red-i:A5,B5,C5,D5@1.0 time=9.0")],
                 **setup)
    assert replay_gif([G.view(a, None)]) == replay_gif([G.view(b, None)])


def test_white_ranium_replay_shows_no_sealed_fight_card() -> None:
    from render.white_ranium.replay import replay_gif
    from tests.white_ranium.conftest import G, Table, table
    from tests.white_ranium.engine.test_fights import BLUE, RED

    drawn = []
    for card in ("blue-3", "blue-6"):
        t = Table(table(cards="strategy", crews={"red": "E4", "blue": "E4"}, held={"blue": 1},
                        hands={"ann": RED, "bob": BLUE}))
        t.do("ann", "steal blue")
        t.do("bob", f"fight {card}")
        drawn.append(replay_gif([G.view(t.state, None)]))
    assert drawn[0] == drawn[1]
