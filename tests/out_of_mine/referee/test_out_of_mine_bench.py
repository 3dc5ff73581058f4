"""The workbench through the referee (``referee.deciding.workbench``) on an Out of Mine! dig:
the placements numbered on the picture are the select's, in its order; a kind stays in hand
after a placement; pointing at a square lists the placements on it first; take back, clear,
a click drawn for an older draft (answered with the workbench as it stands, nothing changed),
a stale version (refused), the typed grid (checked as a whole with the draft's sentences,
refused grids change nothing, its new tiles timed at the submission, R6), confirm (what it
scores) and the menus (only the card's colours; element variants only with finds, R13)."""

from __future__ import annotations

from typing import Any

import pytest

from db import Game
from db import owed as owed_db
from engine.out_of_mine.components import KINDS
from games.out_of_mine.bench import grid_text
from referee.deciding.workbench import OLD, Bench, fingerprint
from referee.errors import StalePrompt
from referee.messages import ids
from referee.service import Referee
from tests.bot.conftest import ANN, Clock

from .test_out_of_mine_referee import mine_game


async def opened(ref: Referee, **options: bool) -> tuple[Game, str, Any]:
    """A game in its first dig step with Ann's card open; her player id and the engine."""
    game = await mine_game(ref, **options)
    g = ref.ctx.engine(game)
    for _ in range(4):
        table = await ref.sessions.table(game.id)
        owed = [o for o in g.owed(table.state)]
        for o in owed:
            seat = game.seat_of_player(o.player)
            assert seat is not None and seat.user_id is not None
            if o.decision == "side":
                await ref.sessions.decide(game.id, seat.user_id, "side a")
    if options.get("race", True):
        await ref.sessions.decide(game.id, ANN, "open")
    seat = game.seat_of_user(ANN)
    assert seat is not None
    return game, seat.player_id, g


def control(bench: Bench, action: str) -> Any:
    """The workbench's control of that action (a button or a select), or None."""
    assert bench.panel is not None
    for item in (*bench.panel.buttons, *bench.panel.selects):
        parsed = ids.parse(item.custom_id)
        assert isinstance(parsed, ids.TurnId) and parsed.kind == "bench"
        if parsed.arg.split(" ")[0] == action:
            return item
    return None


async def click(ref: Referee, game: Game, bench: Bench, action: str,
                value: str | None = None) -> Bench:
    item = control(bench, action)
    assert item is not None, (action, bench.text)
    cid = ids.parse(item.custom_id)
    assert isinstance(cid, ids.TurnId)
    return await ref.sessions.bench_click(game.id, ANN, cid.version, cid.tag, cid.arg,
                                          [value] if value is not None else [])


async def test_numbers_place_exactly_the_drawn_placement_and_the_kind_stays_in_hand(
        referee: Referee, clock: Clock) -> None:
    game, player, g = await opened(referee)
    bench = await referee.sessions.bench(game.id, ANN)
    assert "Card " in bench.text and bench.picture is not None
    assert bench.picture.name.endswith("-workbench.png")
    hands = control(bench, "hand")
    colours = {h.value.split("-")[0].split("/")[0] for h in hands.options}
    table = await referee.sessions.table(game.id)
    card = g.view(table.state, player)["players"][player]["card_info"]["tiles"]
    assert colours <= set(card)  # only the card's colours
    assert not any("/" in h.value for h in hands.options)  # finds off: no element variants
    hand = hands.options[0].value
    bench = await click(referee, game, bench, "hand", hand)
    add = control(bench, "add")
    assert [o.label for o in add.options] == [str(i + 1) for i in range(len(add.options))]
    # the numbers are the engine's placements of the kind, in the order the picture draws them
    part = hand if hand in KINDS else next(k for k in KINDS if KINDS[k].shape == hand)
    assert [o.value for o in add.options] == g.options(table.state, player, "dig",
                                                       part=part)[:25]
    seventh = add.options[min(6, len(add.options) - 1)].value
    clock.advance(4)
    bench = await click(referee, game, bench, "add", seventh)
    assert f"`dig {seventh}`" in bench.text
    draft = await owed_db.get_draft(referee.db, game.id, player)
    assert draft is not None and draft.marks[seventh] >= 4.0  # R6: its time on the clock
    after = control(bench, "add")  # still in hand: the next tile of it is one pick
    assert after is None or all(seventh.split(":")[1] != o.value.split(":")[1]
                                for o in after.options)
    assert control(bench, "hand") is not None


async def test_pointing_lists_the_placements_on_the_square_first(referee: Referee) -> None:
    game, _player, _g = await opened(referee)
    bench = await referee.sessions.bench(game.id, ANN)
    hand = control(bench, "hand").options[-1].value
    bench = await click(referee, game, bench, "hand", hand)
    point = control(bench, "point")
    square = point.options[len(point.options) // 2].value
    bench = await click(referee, game, bench, "point", square)
    first = control(bench, "add").options[0].value
    assert square.split(":")[1] in first.split(":")[1].split(",")


async def test_take_back_clear_and_an_older_drawing(referee: Referee) -> None:
    game, player, _g = await opened(referee)
    bench = await referee.sessions.bench(game.id, ANN)
    assert control(bench, "back") is None and control(bench, "clear") is None
    bench = await click(referee, game, bench, "hand", control(bench, "hand").options[0].value)
    old = bench
    one = control(bench, "add").options[0].value
    bench = await click(referee, game, bench, "add", one)
    if control(bench, "add") is None:  # that colour is used up: another kind in hand
        bench = await click(referee, game, bench, "hand",
                            control(bench, "hand").options[0].value)
    bench = await click(referee, game, bench, "add", control(bench, "add").options[0].value)
    # a click on the drawing made before these placements changes nothing
    before = await owed_db.get_draft(referee.db, game.id, player)
    stale = await click(referee, game, old, "add", control(old, "add").options[-1].value)
    assert stale.text.startswith(OLD)
    assert await owed_db.get_draft(referee.db, game.id, player) == before
    bench = await click(referee, game, bench, "back")
    draft = await owed_db.get_draft(referee.db, game.id, player)
    assert draft is not None and draft.text == f"dig {one}"
    bench = await click(referee, game, bench, "clear")
    assert await owed_db.get_draft(referee.db, game.id, player) is None
    assert "`dig`" in bench.text


async def test_a_click_from_an_older_round_is_refused(referee: Referee) -> None:
    game, _player, _g = await opened(referee)
    bench = await referee.sessions.bench(game.id, ANN)
    cid = ids.parse(control(bench, "confirm").custom_id)
    assert isinstance(cid, ids.TurnId)
    with pytest.raises(StalePrompt):
        await referee.sessions.bench_click(game.id, ANN, cid.version + 5, cid.tag, cid.arg, [])


async def test_the_typed_grid_is_checked_as_a_whole(referee: Referee, clock: Clock) -> None:
    game, player, g = await opened(referee)
    table = await referee.sessions.table(game.id)
    bench = await referee.sessions.bench(game.id, ANN)
    modal = (await click(referee, game, bench, "grid")).modal
    assert modal is not None
    grid = g.view(table.state, player)["players"][player]["grid"]
    assert modal.value == grid_text(grid, [])  # prefilled: rock shown, every space empty
    cid = ids.parse(modal.custom_id)
    assert isinstance(cid, ids.TurnId)

    async def typed(text: str) -> Bench:
        return await referee.sessions.bench_typed(game.id, ANN, cid.version, cid.tag, cid.arg,
                                                  text)

    refused = await typed("AB\n..")
    assert "5 lines of 7" in refused.text and await owed_db.get_draft(referee.db, game.id, player) is None
    rock = next((f"{c}{5 - r}", r, i) for r, row in enumerate(grid)
                for i, (c, ch) in enumerate(zip("ABCDEFG", row, strict=True)) if ch == "#")
    lines = [list(row.replace("#", ".").replace("y", ".").replace("b", ".").replace(
        "g", ".").replace("r", ".").replace("w", ".")) for row in grid]
    lines[rock[1]][rock[2]] = "Z"
    on_rock = await typed("\n".join("".join(x) for x in lines))
    assert f"{rock[0]}, which is rock" in on_rock.text  # the draft's own sentence (R7.1)
    assert await owed_db.get_draft(referee.db, game.id, player) is None
    draft = "dig"
    while (words := g.options(table.state, player, draft)):
        draft += f" {words[0]}"
    clock.advance(30)
    done = await typed(grid_text(grid, draft.split()[1:]))
    assert f"`{draft}`" in done.text
    saved = await owed_db.get_draft(referee.db, game.id, player)
    assert saved is not None and saved.text == draft
    assert all(mark >= 30 for mark in saved.marks.values())  # R6: the submission's time
    confirm = control(done, "confirm")
    assert confirm.label.startswith("✅ Confirm · scores")
    committed = await click(referee, game, done, "confirm")
    assert committed.text.startswith("✅ Committed: `dig") and committed.panel is None
    assert "score" in committed.text


async def test_with_finds_on_the_menu_names_element_kinds(referee: Referee) -> None:
    game, _player, _g = await opened(referee, finds=True)
    bench = await referee.sessions.bench(game.id, ANN)
    values = [o.value for o in control(bench, "hand").options]
    assert any("/" in v for v in values) and len(values) <= 25


def test_a_fingerprint_is_four_hex_digits() -> None:
    assert len(fingerprint("dig")) == 4 and fingerprint("dig") != fingerprint("dig yellow:A1")


def test_confirm_says_what_the_board_scores() -> None:
    from referee.deciding.workbench import _score_words

    assert _score_words("Not complete: 3 of 20 spaces are empty. Revealed now it would score "
                        "**7**. Add tiles") == "scores 7"
    assert _score_words("It is complete: revealed now it would score **12** if it calls OUT "
                        "OF MINE! (the fastest complete board calls), else **10**") == \
        "scores 12 if it calls, else 10"  # R6, R10
