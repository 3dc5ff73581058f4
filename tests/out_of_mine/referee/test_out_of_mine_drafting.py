"""Drafting an Out of Mine! dig through the referee: pointing at a square narrows one tile
kind's placements to those near it (the autocomplete's short list, or the draft panel's
selects: a tile kind of the card, then a square, then one of the placements near it),
``+WORD`` adds a tile to the saved draft, and a tile can be taken back (``-WORD``, ``-``, or the
draft's buttons), each keeping the placing time of the tiles that stay (R6)."""

from __future__ import annotations

from typing import Any

import pytest

from db import owed as owed_db
from engine.out_of_mine.components import CARDS, KINDS
from referee.errors import Malformed, WrongPhase
from referee.messages import ids
from referee.service import Referee
from referee.shared import cache as cached
from tests.bot.conftest import ANN, Clock

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
    draft = await owed_db.get_draft(referee.db, game_id, ann)
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
    draft = await owed_db.get_draft(referee.db, game_id, ann)
    assert draft is not None and draft.text == f"dig {second}"
    assert draft.marks == {second: placed_at[second]}  # the tile that stays keeps its time
    with pytest.raises(WrongPhase, match="not in your draft"):
        await referee.sessions.draft(game_id, ANN, f"-{first}")
    await referee.sessions.draft(game_id, ANN, "-")
    draft = await owed_db.get_draft(referee.db, game_id, ann)
    assert draft is not None and draft.text == "dig"
    panel = await referee.sessions.draft_panel(game_id, ANN)
    assert panel is not None and not panel.buttons  # nothing to take back, kinds to pick
    with pytest.raises(WrongPhase, match="nothing to take back"):
        await referee.sessions.draft(game_id, ANN, "-")
    assert (await owed_db.get_draft(referee.db, game_id, ann)).text == "dig"  # type: ignore[union-attr]


def test_take_back_ids_carry_a_tile_word() -> None:
    custom_id = ids.turn_id(7, 3, "abcdef", "back", "red-l/rat:C2,C3,D3,E3")
    assert custom_id is not None
    parsed = ids.parse(custom_id)
    assert isinstance(parsed, ids.TurnId) and parsed.arg == "red-l/rat:C2,C3,D3,E3"
    assert ids.turn_id(7, 3, "abcdef", "back", "two words") is None
    assert ids.turn_id(7, 3, "abcdef", "do", "dig red-o:A1,A2,B1,B2") is None  # do: no ':'


def _args(select: Any, kind: str) -> str:
    parsed = ids.parse(select.custom_id)
    assert isinstance(parsed, ids.TurnId) and parsed.kind == kind
    return parsed.arg


async def test_the_draft_panel_picks_a_kind_then_a_placement_near_a_square(
        referee: Referee) -> None:  # R7, R17: the legal placements of one kind, near a square
    game_id, ann = await opened(referee)
    await referee.sessions.draft(game_id, ANN, "dig")
    table = await referee.sessions.table(game_id)
    g = referee.ctx.engine(table.game)
    panel = await referee.sessions.draft_panel(game_id, ANN)
    assert panel is not None and panel.selects and not panel.buttons
    kinds = [o.value for s in panel.selects for o in s.options]
    assert all(_args(s, "part").startswith("next") for s in panel.selects)
    every = g.options(table.state, ann, "dig")
    # the card's shapes that fit (finds off: a shape's element variants are one entry, R13)
    assert sorted(kinds) == sorted({KINDS[w.split(":")[0]].shape for w in every})
    card = g.view(table.state, ann)["players"][ann]["card_info"]["number"]
    assert {k.split("-")[0] for k in kinds} == {c for c, n in CARDS[card].tiles.items() if n}
    shape = kinds[-1]
    kind = next(k for k in KINDS if KINDS[k].shape == shape and any(
        w.startswith(f"{k}:") for w in every))  # the first kind of it in the box (C3)
    text, listed = await referee.sessions.draft_part(game_id, ANN, shape)
    add, near = listed.selects
    assert _args(add, "add") == kind and _args(near, "part") == kind
    words = [o.value for o in add.options]
    assert 0 < len(words) <= 25 and all(w.startswith(f"{kind}:") for w in words)
    points = [o.value for o in near.options]
    assert points and all(p.startswith(f"{kind}:") for p in points)
    assert "only you see this" in text
    point = points[-1]  # the player points at a square of that kind's placements
    _text, listed = await referee.sessions.draft_part(game_id, ANN, point)
    nearest = [o.value for o in listed.selects[0].options]
    square = point.split(":")[1]
    assert square in squares(nearest[0])  # those on the pointed square first
    assert nearest == g.options(table.state, ann, "dig", part=point)[:25]
    await referee.sessions.draft(game_id, ANN, f"+{nearest[0]}")  # the "add" select's pick
    draft = await owed_db.get_draft(referee.db, game_id, ann)
    assert draft is not None and draft.text == f"dig {nearest[0]}"
    panel = await referee.sessions.draft_panel(game_id, ANN)
    assert panel is not None and [b.label for b in panel.buttons] == [
        f"↩ Take back {nearest[0]}"]
    after = {o.value for s in panel.selects for o in s.options}
    assert after == {KINDS[w.split(":")[0]].shape
                     for w in g.options(table.state, ann, draft.text)}
    with pytest.raises(Malformed):
        await referee.sessions.draft_part(game_id, ANN, "red l; drop")
    assert (await owed_db.get_draft(referee.db, game_id, ann)).text == draft.text  # type: ignore[union-attr]


def test_the_draft_panel_splits_many_kinds_over_two_selects() -> None:
    from referee.messages import choices

    parts = [(f"kind-{i}", f"kind-{i}") for i in range(37)]  # C3: at most 37 kinds on a card
    words = " ".join(f"w-{i}:A{i % 5 + 1}" for i in range(9))
    panel = choices.draft_panel(7, 3, "abcdef", f"dig {words}", parts)
    assert panel is not None and [len(s.options) for s in panel.selects] == [25, 12]
    assert len(panel.buttons) == 9  # two rows of take-back buttons and two selects fit in five
    assert len({s.custom_id for s in panel.selects}) == 2


async def test_a_draft_of_a_listed_decision_is_checked_as_it_grows(referee: Referee) -> None:
    # issue 25: `open yellow:A3` was saved as a draft of `open` (a listed decision, whose
    # options only filter its legal list): a draft leading to no legal decision is refused
    from engine import IllegalDecision

    game = await mine_game(referee, race=True)
    for user in (ANN,) + tuple(s.user_id for s in game.seats if s.user_id != ANN):
        table = await referee.sessions.table(game.id)
        sat = game.seat_of_user(user)
        assert sat is not None
        if any(o.decision == "side" and o.player == sat.player_id
               for o in referee.ctx.engine(game).owed(table.state)):
            await referee.sessions.decide(game.id, user, "side a")
    seat = game.seat_of_user(ANN)
    assert seat is not None
    table = await referee.sessions.table(game.id)
    assert any(o.decision == "open" and o.player == seat.player_id
               for o in referee.ctx.engine(game).owed(table.state))
    for bad in ("open yellow:A3", "+yellow:A3", "pass", "dig yellow:A3"):
        with pytest.raises((IllegalDecision, WrongPhase, Malformed)):
            await referee.sessions.draft(game.id, ANN, bad)
        assert await owed_db.get_draft(referee.db, game.id, seat.player_id) is None  # nothing saved
    assert "It is complete" in await referee.sessions.draft(game.id, ANN, "open")


async def test_a_draft_is_bounded_in_length_and_in_steps_a_minute(referee: Referee,
                                                                   clock: Clock) -> None:
    # issue 25: 400 steps of 5,990 characters made a 2.4 M-character draft and a 13 MB database
    from referee.deciding.sessions import DRAFT_MAX_CHARS, DRAFT_STEPS_PER_MINUTE

    game_id, ann = await opened(referee)
    await referee.sessions.draft(game_id, ANN, "dig")
    for text in ("+" + "x" * 5990, "dig " + "y" * DRAFT_MAX_CHARS):
        with pytest.raises(Malformed, match="at most"):
            await referee.sessions.draft(game_id, ANN, text)
    assert (await owed_db.get_draft(referee.db, game_id, ann)).text == "dig"  # type: ignore[union-attr]
    word = (await referee.sessions.complete(game_id, ANN, "+"))[0][1:]
    steps = 1  # "dig" above
    while steps < DRAFT_STEPS_PER_MINUTE:
        await referee.sessions.draft(game_id, ANN, f"+{word}" if steps % 2 else "-")
        steps += 1
        clock.advance(0.5)
    saved = await owed_db.get_draft(referee.db, game_id, ann)
    with pytest.raises(WrongPhase, match="in the last minute"):
        await referee.sessions.draft(game_id, ANN, "-" if saved.text != "dig" else f"+{word}")  # type: ignore[union-attr]
    assert await owed_db.get_draft(referee.db, game_id, ann) == saved  # a refusal changes nothing
    clock.advance(31)  # the first step is a minute old
    await referee.sessions.draft(game_id, ANN, "-" if saved.text != "dig" else f"+{word}")  # type: ignore[union-attr]


async def test_complete_is_said_only_of_a_covered_board(referee: Referee) -> None:
    # issue 27: "It is complete" was said of any legal draft, a bare `dig` too. R10: a board
    # is complete when its 20 spaces are covered; otherwise say how many are empty and what it
    # would score now, by the engine's scoring (R11)
    from engine.core.rng import Rng
    from engine.out_of_mine.ai import strong_dig
    from engine.out_of_mine.scoring import preview

    game_id, ann = await opened(referee)
    bare = await referee.sessions.draft(game_id, ANN, "dig")
    assert "complete" not in bare.replace("Not complete", "")
    assert "Not complete: 20 of 20 spaces are empty" in bare and "score **0**" in bare  # R11
    table = await referee.sessions.table(game_id)
    p = table.state.player(ann)
    dig = strong_dig(p.board_side, p.card, {"race": False}, Rng(1))
    words = [t.word for t in dig.tiles]
    assert sum(len(t.squares) for t in dig.tiles) == 20  # the card covers this side (C4)
    one = await referee.sessions.draft(game_id, ANN, f"dig {words[0]}")
    empty = 20 - len(dig.tiles[0].squares)
    assert f"Not complete: {empty} of 20 spaces are empty" in one and "It is complete" not in one
    most = f"dig {' '.join(words[:-1])}"
    shown = await referee.sessions.draft(game_id, ANN, most)
    engine = referee.ctx.engine(await cached.get_game(referee.ctx, game_id))
    rec = preview(table.state, ann, engine.parse(most))  # the engine's R11 parts, not a copy
    assert rec.empty == len(dig.tiles[-1].squares) and rec.score == 10 - rec.empty
    assert f"{rec.empty} of 20 spaces are empty" in shown and f"**{rec.score}**" in shown
    whole = await referee.sessions.draft(game_id, ANN, f"dig {' '.join(words)}")
    assert "It is complete (all 20 spaces covered)" in whole  # R10
    assert "**12** if it calls OUT OF MINE!" in whole and "else **10**" in whole  # R10, R6
