"""Write the views the picture tests draw: ``python -m tests.out_of_mine.render.make_fixtures``.

Each is a view the engine produced from a fixed seeded game of heuristic players (names
include Japanese to check the font), so the pictures are tested on real data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import get_game
from engine.core.rng import Rng, seed_state
from engine.out_of_mine import ai

G = get_game("out-of-mine")
FIXTURES = Path(__file__).with_name("fixtures")
NAMES = {"ann": "Ann", "bob": "Bob", "cy": "岩田", "dan": "Dan"}


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def views() -> dict[str, Any]:
    """name -> (view, extra) of four moments of one 4-player game with both variants."""
    state = G.new_game(list(NAMES), {"elves": True, "finds": True}, seed=4, names=NAMES)
    rng = Rng(_Holder(5))
    out: dict[str, Any] = {"sides": G.view(state, None)}
    for o in G.owed(state):
        G.apply(state, o.player, "side a")
    for o in G.owed(state):
        G.apply(state, o.player, "open")
    me = G.owed(state)[0].player
    dig = ai.heuristic(G, G.view(state, me), me, None, rng)
    draft = "dig " + " ".join(t.word for t in dig.tiles[:3])
    out["draft"] = {"view": G.view(state, me), "player": me, "draft": draft}
    G.apply(state, me, dig)
    out["committed_own"] = G.view(state, me)
    out["committed_public"] = G.view(state, None)
    while G.owed(state) and state.round == 1:
        o = G.owed(state)[0]
        G.apply(state, o.player, ai.heuristic(G, G.view(state, o.player), o.player, None, rng))
    out["reveal"] = G.view(state, None)
    while G.owed(state):
        o = G.owed(state)[0]
        G.apply(state, o.player, ai.heuristic(G, G.view(state, o.player), o.player, None, rng))
    out["end"] = G.view(state, None)
    return out


def main() -> None:
    FIXTURES.mkdir(exist_ok=True)
    for name, data in views().items():
        (FIXTURES / f"{name}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1),
                                               encoding="utf-8")


if __name__ == "__main__":
    main()
