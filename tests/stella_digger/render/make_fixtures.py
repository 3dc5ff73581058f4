"""Write the engine-made golden views: ``python -m tests.stella_digger.render.make_fixtures``.

Each fixture is a spectator (or player) view the engine produced from a fixed seeded game played
by the fixed policy in games.py. The golden tests render the stored views, so they test the
renderer alone and stay put when the engine's rules are tuned; run this again (and then the
tests with RENDER_UPDATE_GOLDEN=1, and look at the pictures) when the view format changes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .games import GAME, play

FIXTURES = Path(__file__).with_name("fixtures")

#: name -> (players, seed, steps or None for the whole game, viewer seat or None, red tears)
CASES: dict[str, tuple[int, int, int | None, int | None, bool]] = {
    "engine_3p_seed2_step48": (3, 2, 48, None, True),
    "engine_4p_seed7_step140": (4, 7, 140, None, True),
    "engine_2p_seed5_end": (2, 5, None, None, True),
    "engine_3p_seed1_step30_seat2": (3, 1, 30, 2, True),
    "engine_4p_seed3_end": (4, 3, None, None, False),
}


def build(name: str) -> dict[str, Any]:
    players, seed, steps, seat, red_tears = CASES[name]
    state, history = play(players, seed, steps, red_tears=red_tears)
    viewer = None if seat is None else state.players[seat].id
    return {"made_by": f"tests/stella_digger/render/make_fixtures.py: {players} players, seed {seed}, "
                       f"{'whole game' if steps is None else f'{steps} decisions'}",
            "view": GAME.view(state, viewer), "history": history}


def main() -> None:
    for name in CASES:
        path = FIXTURES / f"{name}.json"
        path.write_text(json.dumps(build(name), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(path)


if __name__ == "__main__":
    main()
