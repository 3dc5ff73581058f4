"""The generic search (engine/agents/search.py) on the tests' sealed-bid game (several players
owing at once, sealed commits, decisions that are not listed) and on Stella Digger: legal
answers, the same answer for the same seed and samples, nothing read but the searcher's view."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import engine
from engine.agents.search import Hooks, search
from engine.core.rng import Rng, seed_state
from referee.shared.ai import choose_index
from tests.platform.conftest import SEALED, register_sealed_bid, unregister_sealed_bid
from tests.platform.sealed_bid import ai as sealed_ai
from tests.platform.sealed_bid.game import Bid

from .conftest import GAME as STELLA
from .conftest import hidden_twin
from .test_agents import _position


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _rng(seed: int) -> Rng:
    return Rng(_Seed(seed))


@pytest.fixture
def sealed() -> Iterator[Any]:
    register_sealed_bid()
    try:
        yield engine.get_game(SEALED)
    finally:
        unregister_sealed_bid()


def _last_round(game: Any, p2_bid: list[int]) -> Any:
    """Round 3 of 3: p1 has every coin and no point, p2 has 1, 2, 3 and one point, and has
    already committed ``p2_bid`` (sealed: p1 doesn't know it)."""
    state = game.new_game(["p1", "p2"], {"rounds": 3}, seed=5)
    state.round = 3
    state.coins["p2"] = [1, 2, 3]
    state.points["p2"] = 1
    game.apply(state, "p2", Bid(tuple(p2_bid)))
    return state


def test_sealed_bid_search_finds_the_bid_that_saves_the_game(sealed: Any) -> None:
    """p2 will bid its largest coin (3) in every playout: only a bid above 3 ties the game."""
    state = _last_round(sealed, [3])
    view = sealed.view(state, "p1")
    choice = search(sealed, Hooks.of(sealed_ai), view, "p1", [], _rng(1), iterations=3)
    assert isinstance(choice.decision, Bid) and sum(choice.decision.coins) > 3
    assert choice.iterations == 3
    sealed.check(state, "p1", choice.decision)  # the engine accepts it in the real state


def test_sealed_bid_search_reads_only_the_view(sealed: Any) -> None:
    """Two real states whose only difference is p2's sealed bid show p1 the same view; the
    search answers the same in both, and its samples leave p2's bid out (p2 still owes)."""
    a, b = _last_round(sealed, [3]), _last_round(sealed, [1])
    view = sealed.view(a, "p1")
    assert view == sealed.view(b, "p1") and a.bids != b.bids
    hooks = Hooks.of(sealed_ai)
    assert hooks is not None
    first = search(sealed, hooks, view, "p1", [], _rng(7), iterations=4).decision
    assert search(sealed, hooks, sealed.view(b, "p1"), "p1", [], _rng(7),
                  iterations=4).decision == first
    sample = hooks.determinize(sealed, view, "p1", _rng(7))
    assert sample.bids["p2"] is None
    assert {o.player for o in sealed.owed(sample)} == {"p1", "p2"}


def test_sealed_bid_playouts_handle_everyone_owing_at_once(sealed: Any) -> None:
    """At the start of a game all three owe; playouts to the end (no evaluate: the win itself)
    answer for each of them, round after round, and the same seed gives the same answer."""
    state = sealed.new_game(["p1", "p2", "p3"], {"rounds": 2}, seed=3)
    assert len(sealed.owed(state)) == 3
    view = sealed.view(state, "p2")
    hooks = Hooks.of(sealed_ai)
    assert hooks is not None and hooks.evaluate is None
    answers = {search(sealed, hooks, view, "p2", [], _rng(11), iterations=6).decision
               for _ in range(2)}
    assert len(answers) == 1
    sealed.check(state, "p2", answers.pop())


def test_default_playout_is_the_heuristic_on_views(sealed: Any) -> None:
    """A game with only determinize, candidates and heuristic: the playouts play the heuristic
    on each player's own view of the sample."""
    hooks = Hooks(determinize=sealed_ai.determinize, candidates=sealed_ai.candidates,
                  heuristic=sealed_ai.heuristic)
    state = _last_round(sealed, [2])
    choice = search(sealed, hooks, sealed.view(state, "p1"), "p1", [], _rng(2), iterations=2)
    assert sum(choice.decision.coins) > 3


def test_the_referee_runs_the_search_for_a_game_with_determinize(sealed: Any) -> None:
    """referee.shared.ai.choose_index at the strong level: the decision's text (not listed), which
    the engine accepts; with a fixed number of samples (engine.agents.levels) the bid that
    saves the game."""
    from engine.agents.levels import choose_index as levels_choose

    state = _last_round(sealed, [1])
    text = choose_index("strong", 3, sealed.view(state, "p1"), [], budget_ms=20)
    assert isinstance(text, str)
    sealed.check(state, "p1", sealed.parse(text))
    text = levels_choose("strong", 3, sealed.view(state, "p1"), [], iterations=2)
    assert isinstance(text, str)
    assert sum(sealed.check(state, "p1", sealed.parse(text)).coins) > 3


def test_the_search_never_answers_outside_the_legal_list() -> None:
    """Stella Digger through the generic module directly: the answer is one of ``legal`` (the
    list's own object), the same with the same seed and samples, and the same in a real state
    that differs only in what the seat can't see."""
    state = _position(2, 61, 3)
    owed = STELLA.to_act(state)
    view, legal = STELLA.view(state, owed.player), STELLA.legal(state)
    hooks = Hooks.of(engine.game_module("stella-digger", "ai"))
    assert hooks is not None
    first = search(STELLA, hooks, view, owed.player, legal, _rng(4), iterations=3).decision
    assert any(first is a for a in legal)
    twin = hidden_twin(state, owed.player, 61)
    assert STELLA.summary(twin) != STELLA.summary(state)
    again = search(STELLA, hooks, STELLA.view(twin, owed.player), owed.player,
                   STELLA.legal(twin), _rng(4), iterations=3).decision
    assert again == first
    for mode in ("flat", "ismcts"):
        picked = search(STELLA, hooks, view, owed.player, legal, _rng(5), iterations=2,
                        mode=mode, horizon=1).decision
        assert picked in legal
    with pytest.raises(ValueError, match="mode"):
        search(STELLA, hooks, view, owed.player, legal, _rng(5), mode="deep")


def test_a_refused_playout_decision_is_replaced_by_the_default(sealed: Any) -> None:
    """A playout policy the engine refuses (a coin nobody has) doesn't stop the search: the
    game's default (an empty bid) is played instead, and the answer is still accepted."""
    hooks = Hooks.of(sealed_ai)
    assert hooks is not None
    hooks = hooks.with_(playout=lambda game, state, player, rng: Bid((99,)))
    state = _last_round(sealed, [1])
    choice = search(sealed, hooks, sealed.view(state, "p1"), "p1", [], _rng(3), iterations=2)
    # every playout opponent bids nothing (the default): any bid of 1 or more wins the round
    assert sum(choice.decision.coins) >= 1
    sealed.check(state, "p1", choice.decision)


def test_the_simulator_seats_ai_levels_in_any_game(sealed: Any) -> None:
    """``python -m engine sim --game G --agents strong,easy``: the levels rotate around the
    seats, every decision is accepted, each level's win rate is reported, and a fixed number
    of samples makes the run repeatable."""
    from engine.sim import run

    first = run(SEALED, 2, 4, 1, {"rounds": 2}, agents=["strong", "easy"],
                effort={"iterations": 2})
    again = run(SEALED, 2, 4, 1, {"rounds": 2}, agents=["strong", "easy"],
                effort={"iterations": 2})
    assert first["ended"] == 4 and first["refused"] == 0
    rates = first["win_rate_by_agent"]
    assert set(rates) == {"strong", "easy"} and rates["strong"]["games"] == 4
    assert rates == again["win_rate_by_agent"]
    # the easy heuristic bids its largest coin every round; the search outbids it
    assert rates["strong"]["rate"] > rates["easy"]["rate"]


def test_the_simulator_refuses_a_wrong_agents_list(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.__main__ import main

    with pytest.raises(SystemExit):
        main(["sim", "--game", "mining-colony", "--players", "2", "--agents", "strong"])
    assert "--agents names one of random, easy, strong" in capsys.readouterr().err


def test_a_first_sample_that_outlasts_the_budget_stops_early(sealed: Any) -> None:
    """A clock that moves a second per reading and a 1.5 s budget: the first sample is cut
    once it has taken twice the budget (3 s), after three candidates (of 32 bids); no sample
    is complete, and the answer is one of those three, which the engine accepts."""
    ticks = iter(range(1000))
    hooks = Hooks.of(sealed_ai)
    assert hooks is not None
    played: list[str] = []

    def counting(game: Any, state: Any, player: str, rng: Rng) -> Any:
        played.append(player)
        return sealed_ai.playout(game, state, player, rng)

    state = _last_round(sealed, [3])
    view = sealed.view(state, "p1")
    choice = search(sealed, hooks.with_(playout=counting), view, "p1", [], _rng(1),
                    budget_ms=1500, clock=lambda: float(next(ticks)))
    assert choice.iterations == 0
    assert choice.decision in sealed_ai.candidates(sealed, state, "p1", [])[:3]
    assert len(played) == 3  # p2's bid in each of the three playouts
    sealed.check(state, "p1", choice.decision)


def test_without_a_candidates_hook_the_heuristic_choice_comes_first() -> None:
    """Stella Digger without its abstraction: the heuristic's choice is compared first (with
    no sample at all it is the answer), and the search still answers a legal decision."""
    from engine.agents import get_agent
    from engine.agents.search import DEFAULT_CANDIDATES

    state = _position(2, 71, 5)
    owed = STELLA.to_act(state)
    view, legal = STELLA.view(state, owed.player), STELLA.legal(state)
    assert len(legal) > DEFAULT_CANDIDATES  # so that the list is cut
    hooks = Hooks.of(engine.game_module("stella-digger", "ai"))
    assert hooks is not None
    bare = hooks.with_(candidates=None)
    easy = get_agent("easy", seed=1).choose(view, legal)
    assert search(STELLA, bare, view, owed.player, legal, _rng(3), iterations=0).decision == easy
    assert search(STELLA, bare, view, owed.player, legal, _rng(3), iterations=1,
                  horizon=1).decision in legal
