"""One path after a change to a game is stored (``Sessions.after``, issue 26): a commit returns
what happened (``Committed``), and every desk hands its change to the one function that queues
what is told, pokes the timers, starts the automatic seats and hands the end to the ending
desk. No desk does any of these itself."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from db import DecisionSource
from referee.deciding.committed import Committed
from referee.service import Referee

from .conftest import ANN, BOB, MOD, Clock, lobby, owed, two_players

ROOT = Path(__file__).resolve().parents[2]


def watch(ref: Referee, monkeypatch: pytest.MonkeyPatch) -> list[Committed]:
    """Every change handed to ``Sessions.after``, in order."""
    seen: list[Committed] = []
    original = ref.sessions.after

    async def after(done: Committed) -> Any:
        seen.append(done)
        return await original(done)

    monkeypatch.setattr(ref.sessions, "after", after)
    return seen


async def test_every_desks_change_goes_through_the_one_path(
        referee: Referee, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = watch(referee, monkeypatch)

    async def change(what: str, action: Any, **expected: Any) -> Committed:
        before = len(seen)
        await action
        await referee.idle()
        mine = [d for d in seen[before:] if d.game_id == game.id]
        assert mine, f"{what} did not go through Sessions.after"
        for name, value in expected.items():
            assert any(getattr(d, name) == value for d in mine), (what, name, mine)
        return mine[0]

    waiting = await lobby(referee, (ANN, "Ann"), (BOB, "Bob"))
    game = waiting
    await change("a start", referee.lobby.start(game.id, ANN, seed=5), timers=True, advance=True)
    user, _, table = await owed(referee, game.id)
    text = str(referee.ctx.game.default(table.state))
    done = await change("a decision", referee.sessions.decide(game.id, user, text), timers=True)
    assert done.tell is not None and done.game is not None  # what is told, queued by after
    await change("a moderator's skip", referee.moderation.skip(game.id, MOD), advance=True)
    await change("an undo", referee.moderation.undo(game.id, MOD), timers=True, advance=True)
    await change("a pause", referee.lifecycle.pause(game.id, MOD), timers=True, advance=False)
    await change("a resume", referee.lifecycle.resume(game.id, MOD), timers=True, advance=True)
    await change("more time", referee.lifecycle.extend(game.id, MOD, 2), timers=True,
                 advance=False)
    deadline = (await referee.sessions.running(game.id)).game.deadline
    assert deadline is not None
    clock.t = deadline + 1
    await change("a timeout", referee.timers.tick(), advance=True)
    await change("a replaced seat", referee.moderation.replace(game.id, str(BOB), MOD,
                                                               user_id=BOB, name="Bob"),
                 advance=True)
    ended = await change("a resignation", referee.lifecycle.resign(game.id, ANN))
    assert ended.ended is not None  # the end, handed to the ending desk by after


async def test_a_commit_tells_and_pokes_nothing_by_itself(
        referee: Referee, monkeypatch: pytest.MonkeyPatch) -> None:
    """``Sessions.commit`` stores and returns what happened; only ``after`` acts on it."""
    game = await two_players(referee)
    await referee.idle()
    told: list[Any] = []
    poked: list[Any] = []
    monkeypatch.setattr(referee.ctx.tell, "submit", lambda *a: told.append(a))
    monkeypatch.setattr(referee.ctx.signals, "timer_changed", lambda *a: poked.append(a))
    monkeypatch.setattr(referee.sessions, "advance_soon", lambda *a: poked.append(a))
    _, player, table = await owed(referee, game.id)
    g = referee.ctx.game
    async with referee.ctx.lock(game.id):
        done = await referee.sessions.commit(table, player, g.default(table.state, player),
                                             DecisionSource.PLAYER)
    assert (told, poked) == ([], [])
    assert done.game_id == game.id and done.tell is not None and done.timers


def test_only_the_one_path_tells_pokes_and_advances() -> None:
    """In the referee, what follows a change is called from ``Sessions.after`` only: the told
    queue (``tell.submit``), the timers' poke (``signals.timer_changed``), the automatic seats
    (``advance_soon``) and a game's end (``signals.finished``, also sent by the telling of a
    decision that ended the game, ``Notifier.final_post``)."""
    allowed = {
        "submit": {("referee/deciding/sessions.py", "after")},
        "timer_changed": {("referee/deciding/sessions.py", "after"),
                          # a refused prompt's retry time stored: timed work, not a change
                          ("referee/deciding/holds.py", "trouble")},
        "advance_soon": {("referee/deciding/sessions.py", "after")},
        "finished": {("referee/deciding/sessions.py", "after"),
                     ("referee/telling/notify.py", "final_post")},
    }
    found: dict[str, set[tuple[str, str]]] = {name: set() for name in allowed}
    for path in sorted((ROOT / "referee").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text())
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(func):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr in allowed
                        and (node.func.attr != "submit" or ast.unparse(node.func.value)
                             .endswith(".tell"))):  # the told queue's, not an executor's
                    found[node.func.attr].add((rel, func.name))
    for name, where in found.items():
        assert where <= allowed[name], (name, sorted(where - allowed[name]))
        assert where, name  # the rule still sees the calls
