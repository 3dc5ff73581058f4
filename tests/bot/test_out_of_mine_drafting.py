"""Drafting an Out of Mine! dig through the referee: pointing at a square narrows one tile
kind's placements to those near it (the autocomplete's short list), ``+WORD`` adds a tile to the
saved draft, and a tile can be taken back (``-WORD``, ``-``, or the draft's buttons), each
keeping the placing time of the tiles that stay (R6)."""

from __future__ import annotations

import pytest

from referee import ids
from referee.errors import WrongPhase
from referee.service import Referee

from .conftest import ANN, Clock
from .test_out_of_mine_referee import mine_game


async def opened(referee: Referee) -> tuple[int, str]:
    game = await mine_game(referee, race=True)
    for user in (ANN,) + tuple(s.user_id for s in game.seats if s.user_id != ANN):
        table = await referee.sessions.table(game.id)
        seat = game.seat_of_user(user)
        assert seat is not None
        if any(o.decision == "side" and o.player == seat.player_id
               for o in referee.ctx.engine(game).owed(table.state)):
            await referee.sessions.decide(game.id, user, "side a")
    await referee.sessions.decide(game.id, ANN, "open")
    seat = game.seat_of_user(ANN)
    assert seat is not None
    return game.id, seat.player_id


def squares(word: str) -> list[str]:
    return word.split(":", 1)[1].split(",")


async def test_pointing_at_a_square_lists_that_kinds_placements_near_it(referee: Referee) -> None:
    game_id, _ = await opened(referee)
    every = await referee.sessions.complete(game_id, ANN, "dig ")
    kind = every[0].split()[1].split(":")[0]
    target = squares(every[0].split()[1])[0]
    near = await referee.sessions.complete(game_id, ANN, f"dig {kind}:{target}")
    assert near and len(near) <= 25
    words = [t.split()[1] for t in near]
    assert all(w.startswith(f"{kind}:") for w in words)
    covering = [w for w in words if target in squares(w)]
    assert covering and words[:len(covering)] == covering  # those on the square come first
    # a square the kind can't cover still gives the nearest placements, not nothing
    added = await referee.sessions.complete(game_id, ANN, f"+{kind}:{target}")
    assert added == [f"+{w}" for w in words]  # the same list, as words to add to the draft
    assert await referee.sessions.complete(game_id, ANN, "+nothing:A1") == []


async def test_adding_and_taking_back_tiles(referee: Referee, clock: Clock) -> None:
    game_id, ann = await opened(referee)
    first = (await referee.sessions.complete(game_id, ANN, "+"))[0][1:]
    clock.advance(5)
    shown = await referee.sessions.draft(game_id, ANN, f"+{first}")
    assert f"`dig {first}`" in shown  # no draft yet: the owed decision's verb first
    second = (await referee.sessions.complete(game_id, ANN, "+"))[0][1:]
    clock.advance(5)
    await referee.sessions.draft(game_id, ANN, f"+{second}")
    draft = await referee.db.get_draft(game_id, ann)
    assert draft is not None and draft.text == f"dig {first} {second}"
    placed_at = dict(draft.marks)
    assert placed_at[second] > placed_at[first]
    assert await referee.sessions.complete(game_id, ANN, "-") == [f"-{second}", f"-{first}"]
    # the buttons under the draft: one per tile, the last placed first
    panel = await referee.sessions.draft_panel(game_id, ANN)
    assert panel is not None
    args = [ids.parse(b.custom_id) for b in panel.buttons]
    assert [a.arg for a in args if isinstance(a, ids.TurnId)] == [second, first]
    clock.advance(5)
    await referee.sessions.draft(game_id, ANN, f"-{first}")
    draft = await referee.db.get_draft(game_id, ann)
    assert draft is not None and draft.text == f"dig {second}"
    assert draft.marks == {second: placed_at[second]}  # the tile that stays keeps its time
    with pytest.raises(WrongPhase, match="not in your draft"):
        await referee.sessions.draft(game_id, ANN, f"-{first}")
    await referee.sessions.draft(game_id, ANN, "-")
    draft = await referee.db.get_draft(game_id, ann)
    assert draft is not None and draft.text == "dig"
    assert await referee.sessions.draft_panel(game_id, ANN) is None
    with pytest.raises(WrongPhase, match="nothing to take back"):
        await referee.sessions.draft(game_id, ANN, "-")
    assert (await referee.db.get_draft(game_id, ann)).text == "dig"  # type: ignore[union-attr]


def test_take_back_ids_carry_a_tile_word() -> None:
    custom_id = ids.turn_id(7, 3, "abcdef", "back", "red-l/rat:C2,C3,D3,E3")
    assert custom_id is not None
    parsed = ids.parse(custom_id)
    assert isinstance(parsed, ids.TurnId) and parsed.arg == "red-l/rat:C2,C3,D3,E3"
    assert ids.turn_id(7, 3, "abcdef", "back", "two words") is None
    assert ids.turn_id(7, 3, "abcdef", "do", "dig red-o:A1,A2,B1,B2") is None  # do: no ':'
