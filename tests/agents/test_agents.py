"""The easy and strong players: legal answers, no peeking at hidden information, determinism."""

from __future__ import annotations

import pickle

import pytest

from engine.agents import AGENTS, get_agent
from engine.agents.strong import StrongAgent
from engine.core.rng import Rng, seed_state
from engine.stella_digger.agents.determinize import determinize
from engine.stella_digger.agents.search import search_candidates as candidates
from engine.stella_digger.state import State
from tests.playouts import playout

from .conftest import GAME, agent_game, finished, hidden_twin

FAST = {"iterations": 2, "horizon": 1}  # strong: two samples per decision, 1-round playouts


def test_both_levels_are_registered() -> None:
    assert isinstance(get_agent("strong", seed=1), StrongAgent)
    assert get_agent("easy", seed=1).name == "easy"
    assert {"random", "easy", "strong"} <= set(AGENTS)
    with pytest.raises(ValueError):
        get_agent("strong", mode="nonsense")


@pytest.mark.parametrize("names, seed", [
    (["easy", "random"], 1),
    (["strong", "easy"], 2),
    (["easy", "strong", "random"], 3),
    (["strong", "easy", "random", "easy"], 4),
])
def test_agents_always_answer_with_a_legal_decision(names: list[str], seed: int) -> None:
    kinds = set()
    for state, _player, legal, action in agent_game(names, seed, red_tears=seed == 3, **FAST):
        assert action in legal
        kinds.add(GAME.to_act(state).decision)
    assert {"target", "draw", "action"} <= kinds


def test_every_decision_kind_from_random_positions() -> None:
    """Both agents answer every kind of decision met in random games, 2 to 4 players."""
    easy, strong = get_agent("easy", seed=3), get_agent("strong", seed=3, **FAST)
    wanted = {"target", "draw", "action", "return", "gold", "fight", "lose", "lose-crystals",
              "capsule"}
    kinds: set[str] = set()
    for game in range(40):
        for i, step in enumerate(playout(2 + game % 3, 300 + game, red_tears=game % 2 == 0)):
            state = step.state
            if state.ended:
                break
            owed = GAME.to_act(state)
            legal = GAME.legal(state)
            view = GAME.view(state, owed.player)
            assert easy.choose(view, legal) in legal
            if owed.decision not in kinds or (owed.decision != "action" and i % 3 == 0):
                assert strong.choose(view, legal) in legal
            kinds.add(owed.decision)
        if wanted <= kinds:
            break
    assert wanted <= kinds


def test_easy_beats_random() -> None:
    wins = 0
    for seed in range(6):
        names = ["easy", "random"] if seed % 2 else ["random", "easy"]
        last = finished(names, 100 + seed)
        wins += last.players[names.index("easy")].id in last.winners
    assert wins >= 5


def _position(players: int, seed: int, rounds: int) -> State:
    """A turn action at round ``rounds`` or later of a random game (the first seed from
    ``seed`` on whose game gets that far)."""
    for game_seed in range(seed, seed + 50):
        for step in playout(players, game_seed, max_steps=4000):
            state = step.state
            if state.ended:
                break
            if state.round >= rounds and GAME.to_act(state).decision == "action":
                return state
    raise AssertionError("no such position")


@pytest.mark.parametrize("players, seed", [(2, 41), (3, 42), (4, 43)])
def test_decisions_depend_only_on_the_view(players: int, seed: int) -> None:
    """Two real states that differ only in what the deciding seat can't see (other hands'
    numbers, deck order, face-down tiles, hidden accidents, RNG) give the same decisions."""
    state = _position(players, seed, 4)
    owed = GAME.to_act(state)
    twin = hidden_twin(state, owed.player, seed)
    assert GAME.summary(twin) != GAME.summary(state)  # the hidden parts really differ
    view, legal = GAME.view(state, owed.player), GAME.legal(state)
    assert GAME.view(twin, owed.player) == view and GAME.legal(twin) == legal
    for name, options in (("easy", {}), ("strong", {"iterations": 4, "horizon": 2}),
                          ("strong", {"iterations": 3, "mode": "ismcts"})):
        a = get_agent(name, seed=9, **options).choose(view, legal)
        b = get_agent(name, seed=9, **options).choose(GAME.view(twin, owed.player),
                                                       GAME.legal(twin))
        assert a == b


def test_strong_is_deterministic_with_fixed_iterations_and_picklable() -> None:
    state = _position(3, 51, 5)
    owed = GAME.to_act(state)
    view, legal = GAME.view(state, owed.player), GAME.legal(state)
    agent = get_agent("strong", seed=4, iterations=5)
    copy = pickle.loads(pickle.dumps(agent))
    first = agent.choose(view, legal)
    assert copy.choose(view, legal) == first
    assert get_agent("strong", seed=4, iterations=5).choose(view, legal) == first
    # what a process pool sends to a worker survives pickling
    assert pickle.loads(pickle.dumps((view, legal))) == (view, legal)


def test_strong_time_budget_mode_answers() -> None:
    state = _position(2, 61, 3)
    owed = GAME.to_act(state)
    agent = get_agent("strong", seed=2, budget_ms=30)
    action = agent.choose(GAME.view(state, owed.player), GAME.legal(state))
    assert action in GAME.legal(state)
    assert agent.last_iterations >= 1


def test_search_candidates_are_legal_in_the_real_state() -> None:
    """The abstracted decisions at the root are legal decisions of the real state."""
    for players, seed in ((2, 71), (4, 72)):
        for i, step in enumerate(playout(players, seed)):
            state = step.state
            if state.ended or i % 3:
                continue
            owed = GAME.to_act(state)
            legal = set(GAME.legal(state))
            sample = determinize(GAME.view(state, owed.player), list(legal), seed=i)
            assert set(candidates(sample)) <= legal


def test_random_agent_draws_a_kind_then_one_of_that_kind() -> None:
    """RandomAgent finds each verb's block by bisecting long lists; it must choose exactly as
    the plain rule does (a uniform verb in name order, then a uniform decision of that verb)."""
    agent = get_agent("random", seed=5)
    twin = Rng(_Seeded(5))
    long_lists = 0
    for seed in (1, 2, 3):
        for step in playout(4, seed):
            if step.state.ended:
                break
            legal = GAME.legal(step.state)
            long_lists += len(legal) > 64
            verbs = sorted({a.verb for a in legal})
            verb = verbs[twin.below(len(verbs))]
            of_verb = [a for a in legal if a.verb == verb]
            assert agent.choose({}, legal) is of_verb[twin.below(len(of_verb))]
    assert long_lists > 0


class _Seeded:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)
