"""Every game's start is rebuilt from its seed, players and options (engine/core/stored.py
``check_start``, issue 25): each real start passes whatever its options, names and player
count, and reads back the options the lobby gave it (an import's options must be these)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from engine import CorruptState, get_game
from referee.desks.lobby import game_options

GAMES = ("stella-digger", "out-of-mine", "mining-colony", "white-ranium")


def _option_sets(game: Any) -> list[dict[str, Any]]:
    """Every option at its default, then each option alone at each other value it takes."""
    sets: list[dict[str, Any]] = [{}]
    for name, spec in game.option_specs.items():
        values = ([not spec.default] if spec.kind is bool else
                  [c for c in spec.choices if c != spec.default] if spec.choices else
                  [v for v in (spec.minimum, spec.maximum) if v not in (None, spec.default)])
        sets += [{name: v} for v in values]
    return sets


@pytest.mark.parametrize("name", GAMES)
def test_every_real_start_passes_and_reads_back_its_options(name: str) -> None:
    game = get_game(name)
    for options, n, seed in itertools.product(_option_sets(game),
                                              range(game.min_players, game.max_players + 1),
                                              (1, 99)):
        ids = [f"u{i}" for i in range(n)]
        typed = game_options(game, options)
        state = game.new_game(ids, typed, seed, {p: p.upper() for p in ids})
        loaded = game.load(game.dump(state))
        game.check_start(loaded)
        assert game.start_options(loaded) == typed, (options, n)


@pytest.mark.parametrize("name", GAMES)
def test_another_seed_s_start_relabelled_is_not_a_start(name: str) -> None:
    """The audit's relabel: the deal of seed 4 under seed 3's label (Stella Digger refused it
    already; the others imported it)."""
    from engine.core.stored import rebuilt_start

    game = get_game(name)
    state = game.new_game(["ann", "bob", "cy"], {}, 4)
    other = rebuilt_start(game, state)
    other.seed = 3
    with pytest.raises(CorruptState):
        game.check_start(other)
