"""``referee.messages.public.PublicViews``: a state's public view and tag are built once, a new state
(or a new version) gets its own, and the memory is bounded."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from referee.messages import ids
from referee.messages.public import PublicViews

G = engine.get_game("stella-digger")


class Counting:
    """The engine, counting the views it builds."""

    def __init__(self) -> None:
        self.views = 0

    def view(self, state: Any, viewer: str | None) -> dict[str, Any]:
        assert viewer is None
        self.views += 1
        return G.view(state, None)

    def dump(self, state: Any) -> str:
        return G.dump(state)


def test_one_view_and_one_tag_per_state_and_a_new_one_for_a_new_state() -> None:
    g, seen = Counting(), PublicViews()
    state = G.new_game(["a", "b", "c"], {}, 3)
    first = seen.view(g, 1, state)
    assert first == G.view(state, None) and seen.view(g, 1, state) is first and g.views == 1
    assert seen.tag(g, 1, state) == ids.state_tag(G.dump(state)) and g.views == 1
    after = G.clone(state)
    G.apply(after, G.to_act(after).player, G.legal(after)[0])
    assert seen.view(g, 1, after) == G.view(after, None) and g.views == 2  # a new state
    assert seen.tag(g, 1, after) == ids.state_tag(G.dump(after))
    copy = G.clone(after)  # the same version, another object: not taken for the kept one
    assert seen.view(g, 1, copy) is not seen.view(g, 1, after)


class NoDump(Counting):
    def dump(self, state: Any) -> str:
        raise AssertionError("dumped again")


def test_a_state_dumped_to_be_stored_gives_its_tag_without_another_dump() -> None:
    g, seen = NoDump(), PublicViews()
    state = G.new_game(["a", "b", "c"], {}, 5)
    seen.dumped(7, state, G.dump(state))
    assert seen.tag(g, 7, state) == ids.state_tag(G.dump(state)) and g.views == 0
    assert seen.view(g, 7, state) == G.view(state, None) and g.views == 1
    later = G.clone(state)
    G.apply(later, G.to_act(later).player, G.legal(later)[0])
    with pytest.raises(AssertionError, match="dumped again"):  # not the stored state's tag
        seen.tag(g, 7, later)


def test_only_the_most_recently_used_games_are_kept() -> None:
    g, seen = Counting(), PublicViews(kept=2)
    state = G.new_game(["a", "b"], {}, 4)
    for game_id in (1, 2, 1, 3):  # 2 is the least recently used when 3 comes
        seen.view(g, game_id, state)
    assert g.views == 3
    seen.view(g, 1, state)
    assert g.views == 3
    seen.view(g, 2, state)
    assert g.views == 4
