"""Writes the views the picture tests draw (tests/mining_colony/render/fixtures/*.json), so that the
goldens depend on the drawing only: ``python -m tests.mining_colony.render.make_fixtures``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.core.rng import Rng, seed_state
from engine.mining_colony.ai import heuristic
from engine.mining_colony.game import GAME as G
from engine.mining_colony.scenario import scenario_state

HERE = Path(__file__).parent


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _played(rounds: int) -> Any:
    state = G.new_game(["ann", "bob", "cy", "dee"], seed=5,
                       names={"ann": "Ann", "bob": "Bob", "cy": "Cy", "dee": "Dee"})
    rng = Rng(_Seed(3))
    while not state.ended and state.round <= rounds:
        who = G.to_act(state).player
        G.apply(state, who, heuristic(G, G.view(state, who), who, G.legal(state, who), rng))
    return state


def views() -> dict[str, dict[str, Any]]:
    middle, end = _played(5), _played(10)
    doc = json.loads((HERE / "scenarios" / "solo_zorlord_even_card.json").read_text())
    solo, _ = scenario_state(doc)
    assert solo is not None
    return {"four_players": G.view(middle, None), "own_colony": G.view(middle, "ann"),
            "solo": G.view(solo, None), "end": G.view(end, None)}


def main() -> None:
    for name, view in views().items():
        (HERE / "fixtures" / f"{name}.json").write_text(json.dumps(view, indent=1) + "\n")


if __name__ == "__main__":
    main()
