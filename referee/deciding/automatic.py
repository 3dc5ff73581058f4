"""The automatic seats of ``Sessions`` (mixed into it, as ``Drafts`` is): an AI seat, an
absent player or a run chosen ahead decides without a click (``Notifier.decides_alone``), one
decision at a time under the game's lock, told in one message per run. Started by
``Sessions.after`` (``advance_soon``), the one path after any change to a game."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from dataclasses import dataclass
from typing import Any

from db import DecisionSource, Game
from db import holds as holds_db
from db.holds import HoldReason
from engine import Event, GameError
from games import Presentation
from referee.deciding.committed import Committed
from referee.deciding.holds import Holds
from referee.deciding.table import Table
from referee.errors import UnknownGame, WrongPhase
from referee.messages import texts
from referee.shared import ai
from referee.shared.context import Context
from referee.telling.notify import Notifier, hands
from texts import _, using

log = logging.getLogger("referee.deciding.sessions")  # the log name operators know

MAX_AUTOMATIC = 5000  # guard against a runaway AI loop
RUN_MAX = 12  # automatic decisions told in one message; then ``ctx.auto_pace`` seconds' pause


@dataclass
class AutoRun:
    """Automatic decisions taken in a row, told together (``Sessions.advance``)."""

    before: dict[str, str] = dataclasses.field(default_factory=dict)  # hands at the start
    events: list[Event] = dataclasses.field(default_factory=list)
    lines: list[str] = dataclasses.field(default_factory=list)
    deciders: list[str] = dataclasses.field(default_factory=list)
    moves: int = 0
    game: Game | None = None  # the game and its state after the last one
    state: Any = None

    def add(self, present: Presentation, note: str | None, events: list[Event],
            player: str | None = None) -> None:
        self.moves += 1
        if player is not None and player not in self.deciders:
            self.deciders.append(player)
        self.events += events
        self.lines += ([note] if note else []) + texts.public_lines(events, present)


class Automatic:
    """The automatic seats' desk of ``Sessions`` (which sets these and defines ``running``,
    ``g``, ``measured``, ``commit``, ``after`` and ``shown``)."""

    ctx: Context
    notify: Notifier
    holds: Holds

    def advance_soon(self, game_id: int) -> None:
        """Start ``advance`` for the game as a task of its own (after a commit, a start, a
        moderator's change, a timeout, a release, a restart: whoever changed the game)."""
        self.ctx.spawn(self.advance(game_id), f"advance-{game_id}")

    async def advance(self, game_id: int) -> None:
        """Take every decision owed by an AI seat or an absent player, one at a time (when
        several players owe at once, each AI or absent one in seat order), and tell the thread
        in one message per run (at most ``RUN_MAX`` decisions, then a pause of
        ``ctx.auto_pace`` seconds): never a burst of one message per automatic move."""
        run = AutoRun()
        for _step in range(MAX_AUTOMATIC):
            try:
                more = await self._automatic(game_id, run)
            except Exception:
                if run.moves:  # what was decided before the error is still told
                    await self._summarise(game_id, run)
                raise
            if not more or run.moves >= RUN_MAX:
                if run.moves:
                    await self._summarise(game_id, run)
                if not more:
                    return
                run = AutoRun()
                await asyncio.sleep(self.ctx.auto_pace)
        if run.moves:
            await self._summarise(game_id, run)
        log.error("game %s: stopped after %d automatic decisions", game_id, MAX_AUTOMATIC)

    async def _automatic(self, game_id: int, run: AutoRun) -> bool:
        """Take one automatic decision (quietly, into ``run``); False if there is none to take."""
        async with self.ctx.lock(game_id):
            try:
                table = await self.running(game_id)
            except (UnknownGame, WrongPhase):
                return False
            g = self.g(table.game)
            found = [(o, table.game.seat_of_player(o.player)) for o in g.owed(table.state)]
            found = [(o, s) for o, s in found
                     if self.notify.decides_alone(table.game, table.state, o.player, s)]
            if not found:
                return False
            to_act, seat = found[0]
            assert seat is not None
            nobody = self.holds.nobody_present(table.game) and not self.ctx.unattended
            hold = await self.holds.get(game_id)
            if hold is not None:  # paused: nothing is decided for anyone...
                if hold.reason != HoldReason.NOBODY or nobody:
                    return False
                deadline, remind_at = self.ctx.timer_for(table.game, table.state)
                await holds_db.release(
                    self.ctx.db, game_id, reasons=(HoldReason.NOBODY,), deadline=deadline,
                    remind_at=remind_at)
                await self.after(Committed(game_id, table.game, at=deadline,
                                           advance=False))  # ...until someone is there again
            elif nobody:
                await self.holds.pause_nobody(table.game)
                return False
            if not run.moves:
                run.before = hands(self.ctx, table.game, table.state)
            note = None
            by_user = None
            planned = None if seat.is_ai or seat.absent else self.ctx.plans.take(
                game_id, to_act.player)
            if planned is not None:  # the player's own decision, chosen earlier in a run
                action = await self.measured(table, to_act.player, planned)
                source, by_user = DecisionSource.PLAYER, seat.user_id
            elif seat.is_ai:
                action = await self._ai_choice(table, to_act.player, seat.ai_level)
                try:
                    action = await self._ai_checked(table, to_act.player, action)
                except GameError:
                    log.exception("game %s: the AI chose %s; playing the default",
                                  table.game.id, action)
                    action = await self.measured(table, to_act.player,
                                                 g.default(table.state, to_act.player))
                source = DecisionSource.AI
            else:
                action = await self.measured(table, to_act.player,
                                             g.default(table.state, to_act.player))
                with using(self.ctx.language(table.game)):  # told in the thread: its language
                    note = _("💤 {player} is absent: the default decision {decision} is "
                             "made.").format(player=texts.name(seat.display_name),
                                             decision=self.shown(table, to_act.player, action))
                source = DecisionSource.AUTO
            done = await self.commit(table, to_act.player, action, source, by_user,
                                     note=note, quiet=True)
            await self.after(done)  # told with the run (``_summarise``); this loop goes on
            game, events = table.game, done.events
            run.add(self.ctx.present(game), note, events, to_act.player)
            run.game, run.state = game, table.state  # what the run's summary tells
            return True

    async def _summarise(self, game_id: int, run: AutoRun) -> None:
        """One message for a run of automatic decisions (then the map of a new round, the
        final scores or the next prompt, and the hand DMs, as after any decision), queued
        after the game's earlier messages (``referee.messages.tell``); returns once it went out."""
        game, state = run.game, run.state
        if game is None:
            return

        async def tell() -> None:
            try:
                await self.notify.after_decision(game, run.before, state, run.events,
                                                 game.deadline, None,
                                                 lines=texts.collapse(run.lines),
                                                 deciders=run.deciders)
            except Exception:
                log.exception("game %s: telling %d automatic decisions failed", game_id, run.moves)

        told = await self.after(Committed(game_id, game, tell=tell, timers=False, advance=False))
        if told is not None:
            await asyncio.wait([told])

    async def _ai_checked(self, table: Table, player: str, action: Any) -> Any:
        """An AI's decision as the engine accepts it: with the facts the game's own AI
        simulated (an AI has no clock: its ai.py may write a plausible race time) when the
        engine takes them as they are, else stamped by the referee like a player's."""
        g = self.g(table.game)
        if g.timing(table.state, player) == "stop":
            try:
                return g.check(table.state, player, action)
            except GameError:
                pass
        return await self.measured(table, player, action)

    async def _ai_choice(self, table: Table, player: str, level: int | None) -> Any:
        state, g = table.state, self.g(table.game)
        legal = g.legal(state, player)
        seed = table.game.id * 1_000_003 + state.version
        try:
            return await self.ctx.ai.choose(ai.level_name(level), seed,
                                            g.view(state, player), legal)
        except Exception:
            log.exception("game %s: the AI failed; playing the default", table.game.id)
            return g.default(state, player)
