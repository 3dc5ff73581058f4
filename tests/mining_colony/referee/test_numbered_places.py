"""Placing a tile by the number seen (issue 28): once the tile is chosen ("Place a tile…"),
the private picture numbers every legal placement of it and one select picks by number
("7: on C3, turned 90°"): one pick where the square and then the turn took two."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from engine.mining_colony.components import PLACEMENTS
from games import get
from referee.errors import Refusal
from referee.messages import choices
from referee.service import Referee
from render.encode import png
from render.mining_colony.placements import placements_image
from tests.bot.conftest import ANN

from .test_mining_colony_referee import colony_game, pick_one


async def _placing(referee: Referee) -> tuple[Any, Any, choices.Panel, list[str]]:
    """A solo game in its first development turn, "Place a tile…" clicked and (with several
    tiles pending) the first tile picked: the table, the numbered panel and the legal texts."""
    game = await colony_game(referee, users=(ANN,))
    rng = random.Random(2)
    for _ in range(20):
        if (await referee.sessions.running(game.id)).state.phase == "develop":
            break
        await pick_one(referee, game, ANN, rng)
    table, texts = await referee.sessions.owed_texts(game.id, ANN)
    result: Any = await referee.sessions.pick(game.id, ANN, table.version, table.tag,
                                              verb="place")
    while isinstance(result, choices.Select):  # several tiles: the tile first
        result = await referee.sessions.pick(game.id, ANN, table.version, table.tag,
                                             span=result.options[0].value)
    assert isinstance(result, choices.Panel)
    return game, table, result, texts


async def test_the_number_picked_places_exactly_the_placement_drawn_with_it(
        referee: Referee) -> None:
    game, table, panel, texts = await _placing(referee)
    assert panel.select is not None and panel.picture is not None
    options = panel.select.options
    decided = [texts[int(o.value.split("-")[0])] for o in options]
    tile = decided[0].split()[1]
    assert all(t.startswith(f"place {tile} ") for t in decided) and len(options) > 1
    assert {t for t in texts if t.startswith(f"place {tile} ")} == set(decided)  # all of them
    for n, (option, text) in enumerate(zip(options, decided, strict=True), 1):
        _, _, square, turn = text.split()
        assert option.label == f"{n}: on {square}" + (f", turned {turn}°" if turn != "0" else "")
        assert "place" not in option.label and tile not in option.label  # words, no notation
    # the picture draws option n's decision as placement n, from the player's own view
    player = table.state.players[0].id
    view = referee.ctx.engine(game).view(table.state, player)
    present = get("mining-colony")
    expected = placements_image(view, player, decided, f"Tile {tile}: {len(decided)} places "
                                                       "it fits, numbered")
    assert panel.picture.data == png(expected)
    assert Image.open(io.BytesIO(panel.picture.data)).width == expected.width
    assert present.places_png(view, player, decided) is not None
    # one pick decides: the last number places that tile on those squares in that turn
    n = len(options)
    result = await referee.sessions.pick(game.id, ANN, table.version, table.tag,
                                         span=options[n - 1].value)
    assert result == decided[n - 1]
    await referee.sessions.decide(game.id, ANN, result, version=table.version, tag=table.tag)
    _, _, square, turn = decided[n - 1].split()
    now = (await referee.sessions.running(game.id)).state
    placed = referee.ctx.engine(game).view(now, None)["players"][player]["tiles"][tile]
    assert sorted(placed) == sorted(PLACEMENTS[tile[1]][(square, int(turn))])


async def test_a_stale_numbered_pick_is_refused_and_changes_nothing(referee: Referee) -> None:
    game, table, panel, texts = await _placing(referee)
    assert panel.select is not None
    first = panel.select.options[0].value
    await referee.sessions.decide(game.id, ANN, "done", version=table.version, tag=table.tag)
    before = (await referee.sessions.running(game.id)).version
    with pytest.raises(Refusal):
        await referee.sessions.pick(game.id, ANN, table.version, table.tag, span=first)
    assert (await referee.sessions.running(game.id)).version == before


def test_only_one_tiles_placements_are_numbered() -> None:
    present = get("mining-colony")
    assert present.numbered(["place t2-01 A2 0", "place t2-01 B2 90"]) == [
        "1: on A2", "2: on B2, turned 90°"]
    assert present.numbered(["place t2-01 A2 0", "place t2-02 A2 0"]) is None
    assert present.numbered(["put crystal/green C1", "place t2-01 A2 0"]) is None
