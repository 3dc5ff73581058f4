"""Load, apply, persist: the one path every decision takes, under the game's lock.

``decide`` (a player), ``advance`` (AI seats and absent players), the timers and the moderators
all end in ``commit``: apply on a freshly loaded state, commit the decision and the new snapshot
in one transaction, then tell the thread and the players. Nothing changes on any error.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from db import (
    DecisionSource,
    Game,
    GameNotFound,
    GameStatus,
    PlayerResult,
    StaleVersion,
)
from db import holds as holds_db
from db import notified as notified_db
from db.holds import HoldReason
from engine import Event, GameError, NotYourTurn

from . import ai, choices, ids, origin, texts
from .context import Context
from .errors import NotAPlayer, StalePrompt, UnknownGame, WrongPhase
from .holds import Holds
from .notify import Notifier, hands

log = logging.getLogger(__name__)
MAX_AUTOMATIC = 5000  # guard against a runaway AI loop
RUN_MAX = 12  # automatic decisions told in one message; then ``ctx.auto_pace`` seconds' pause


@dataclass
class AutoRun:
    """Automatic decisions taken in a row, told together (``Sessions.advance``)."""

    before: dict[str, str] = dataclasses.field(default_factory=dict)  # hands at the start
    events: list[Event] = dataclasses.field(default_factory=list)
    lines: list[str] = dataclasses.field(default_factory=list)
    moves: int = 0

    def add(self, note: str | None, events: list[Event]) -> None:
        self.moves += 1
        self.events += events
        self.lines += ([note] if note else []) + texts.public_lines(events)


@dataclass
class Table:
    """A running game loaded for one operation."""

    game: Game
    state: Any
    text: str

    @property
    def version(self) -> int:
        return int(self.state.version)

    @property
    def tag(self) -> str:
        return ids.state_tag(self.text)


class Sessions:
    def __init__(self, ctx: Context, notifier: Notifier) -> None:
        self.ctx = ctx
        self.notify = notifier
        self.holds = Holds(ctx, self)

    def g(self, game: Game) -> Any:
        """The rules engine of this stored game."""
        return self.ctx.engine(game)

    # --- loading ---------------------------------------------------------------------------

    async def get_game(self, game_id: int) -> Game:
        try:
            return origin.check(await self.ctx.db.get_game(game_id))
        except GameNotFound:
            raise UnknownGame(f"There is no game #{game_id}.") from None

    async def table(self, game_id: int, game: Game | None = None) -> Table:
        if game is None:  # the game and its snapshot in one read
            try:
                game, snap = await notified_db.load_table(self.ctx.db, game_id)
            except GameNotFound:
                raise UnknownGame(f"There is no game #{game_id}.") from None
        else:
            snap = None
        origin.check(game)
        if game.status == GameStatus.LOBBY:
            raise WrongPhase(f"Game #{game_id} hasn't started yet: it is still in its lobby.")
        if snap is None:
            snap = await self.ctx.db.load_snapshot(game_id)
        return Table(game, self.g(game).load(snap.json), snap.json)

    async def running(self, game_id: int, game: Game | None = None) -> Table:
        table = await self.table(game_id, game)
        if table.game.status != GameStatus.RUNNING:
            raise WrongPhase(f"Game #{game_id} is {table.game.status}: there is nothing to decide.")
        return table

    # --- committing ------------------------------------------------------------------------

    async def commit(self, table: Table, player: str, action: Any, source: DecisionSource,
                     by_user: int | None = None, note: str | None = None, *,
                     quiet: bool = False) -> tuple[Game, list[Event]]:
        """Apply ``action`` for ``player`` on ``table``, persist, then notify (``quiet``: the
        caller tells people later, ``advance`` summarising a run). Caller holds the game's lock.
        Engine errors propagate with nothing changed."""
        game, state = table.game, table.state
        g = self.g(game)
        before_version = state.version
        before = hands(self.ctx, game, state)
        events = g.apply(state, player, action)
        text = g.dump(state)
        deadline, remind_at = self.ctx.timer_for(game, state)
        results = None
        if state.ended:
            scores, winners = g.scores(state), set(g.winners(state))
            results = [PlayerResult(pid, scores[pid]["total"], pid in winners)
                       for pid in game.player_ids]
        try:
            await self.ctx.db.append_decision(
                game.id, before_version, player, str(action), text, state.version,
                deadline=deadline, remind_at=remind_at, source=source, by_user_id=by_user,
                absent_after=self.ctx.settings.absent_after, results=results, now=self.ctx.now())
        except StaleVersion:
            raise StalePrompt() from None
        table.text = text
        self.ctx.on_timer_change(min((t for t in (deadline, remind_at) if t is not None),
                                     default=float("inf")))
        seat = game.seat_of_player(player)
        if (state.ended or seat is None or source == DecisionSource.TIMEOUT
                or (source == DecisionSource.PLAYER and (seat.absent or seat.missed_deadlines))):
            game = await self.ctx.db.get_game(game.id)  # fresh seats: absent flags changed
        else:  # nothing but the version and the timer changed (db.append_decision)
            game = dataclasses.replace(game, version=state.version, deadline=deadline,
                                       remind_at=remind_at, reminder_sent=False)
        table.game = game
        if quiet:
            return game, events
        try:  # the decision is stored: telling people must not turn it into an error
            await self.notify.after_decision(game, before, state, events, deadline, note)
        except Exception:
            log.exception("game %s: notifying decision %s failed", game.id, state.version)
        return game, events

    # --- players ---------------------------------------------------------------------------

    async def decide(self, game_id: int, user_id: int, text: str, *, version: int | None = None,
                     tag: str | None = None) -> str:
        """A player's decision (``version``/``tag`` from a panel: stale if the game moved on).
        Returns the decision's notation once it is committed."""
        async with self.ctx.lock(game_id):
            game, snap = await self._load(game_id)
            if game.status == GameStatus.LOBBY or snap is None:
                raise WrongPhase(f"Game #{game_id} hasn't started yet: it is still in its lobby.")
            seat = game.seat_of_user(user_id)
            if seat is None:
                raise NotAPlayer()
            if game.status != GameStatus.RUNNING:
                raise WrongPhase(f"Game #{game_id} is {game.status}: there is nothing to decide.")
            hold = await self.holds.check_open(game)  # a gone thread: refused
            g = self.g(game)
            table = Table(game, g.load(snap.json), snap.json)
            if version is not None and (version != table.version or tag != table.tag):
                raise StalePrompt()
            action = g.check(table.state, seat.player_id, text)
            if hold is not None and hold.reason == HoldReason.NOBODY:  # they are back
                await holds_db.release(self.ctx.db, game_id, reasons=(HoldReason.NOBODY,))
            note = None
            if seat.absent:
                note = f"👋 {texts.name(seat.display_name)} is back."
            game, _ = await self.commit(table, seat.player_id, action, DecisionSource.PLAYER,
                                        user_id, note)
            automatic = self.notify.automatic_next(game, table.state)
        if automatic:  # an AI seat or an absent player owes the next decision
            self.ctx.spawn(self.advance(game_id), f"advance-{game_id}")
        return str(action)

    async def _load(self, game_id: int) -> tuple[Game, Any]:
        try:
            game, snap = await notified_db.load_table(self.ctx.db, game_id)
        except GameNotFound:
            raise UnknownGame(f"There is no game #{game_id}.") from None
        return origin.check(game), snap

    async def owed_texts(self, game_id: int, user_id: int, version: int | None = None,
                         tag: str | None = None) -> tuple[Table, list[str]]:
        """The sorted legal decisions, only for the player who owes the decision now."""
        table = await self.table(game_id)  # a lobby: WrongPhase
        seat = table.game.seat_of_user(user_id)
        if seat is None:
            raise NotAPlayer()
        if table.game.status != GameStatus.RUNNING:
            raise WrongPhase(f"Game #{game_id} is {table.game.status}: there is nothing to decide.")
        if version is not None and (version != table.version or tag != table.tag):
            raise StalePrompt()
        g = self.g(table.game)
        if all(o.player != seat.player_id for o in g.owed(table.state)):
            g.check(table.state, seat.player_id, "pass")  # raises the engine's explanation
            raise NotYourTurn("It's not your turn.")
        return table, choices.ordered(g.legal(table.state, seat.player_id))

    async def pick(self, game_id: int, user_id: int, version: int, tag: str, *,
                   verb: str | None = None, span: str | None = None) -> str | choices.Select:
        """A verb button or a select value: either one decision to apply (its text) or a
        narrower private select."""
        table, texts = await self.owed_texts(game_id, user_id, version, tag)
        if verb is not None:
            rng = choices.verb_range(texts, verb)
            if rng is None:
                raise WrongPhase(f"'{verb}' isn't a legal decision now. Nothing changed.")
            lo, hi = rng
            if hi - lo == 1 and not self.ctx.present(table.game).private(texts[lo]):
                return texts[lo]
        else:
            lo, hi = ids.parse_range(span or "", len(texts))
        if hi - lo == 1:
            return texts[lo]
        return choices.pick_select(game_id, table.version, table.tag, texts, lo, hi)

    async def normalise(self, game_id: int, text: str, verbs: Sequence[str]) -> str:
        """Complete a decision command's argument into notation: ``blue-4`` given to
        a game's ``mine`` command is ``mine blue-4``; for a command of several verbs the verb is
        the owed decision's."""
        text = " ".join(text.split())
        if not verbs or (text and text.split(" ", 1)[0].lower() in verbs):
            return text
        verb = verbs[0]
        if len(verbs) > 1:
            table = await self.running(game_id)
            to_act = self.g(table.game).to_act(table.state)
            if to_act is not None and to_act.decision in verbs:
                verb = to_act.decision
        return f"{verb} {text}".strip()

    async def autocomplete(self, game_id: int, user_id: int, verbs: Sequence[str],
                           current: str) -> list[str]:
        """Legal decisions of these verbs containing ``current``, for the owing player only."""
        try:
            _table, texts = await self.owed_texts(game_id, user_id)
        except Exception:
            return []
        wanted = [t for t in texts if not verbs or choices.words(t)[0] in verbs]
        needle = current.strip().lower()
        return [t for t in wanted if needle in t.lower()][:25]

    # --- AI seats and absent players -------------------------------------------------------

    async def advance(self, game_id: int) -> None:
        """Take every decision owed by an AI seat or an absent player, one at a time, and tell
        the thread in one message per run (at most ``RUN_MAX`` decisions, then a pause of
        ``ctx.auto_pace`` seconds): never a burst of one message per automatic move."""
        run = AutoRun()
        for _ in range(MAX_AUTOMATIC):
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
            to_act = g.to_act(table.state)
            seat = None if to_act is None else table.game.seat_of_player(to_act.player)
            if to_act is None or seat is None or not (seat.is_ai or seat.absent):
                return False
            nobody = self.holds.nobody_present(table.game) and not self.ctx.unattended
            hold = await self.holds.get(game_id)
            if hold is not None:  # paused: nothing is decided for anyone...
                if hold.reason != HoldReason.NOBODY or nobody:
                    return False
                deadline, remind_at = self.ctx.timer_for(table.game, table.state)
                await holds_db.release(self.ctx.db, game_id, reasons=(HoldReason.NOBODY,),
                                       deadline=deadline, remind_at=remind_at)
                self.ctx.on_timer_change(deadline)  # ...until someone is there again
            elif nobody:
                await self.holds.pause_nobody(table.game)
                return False
            if not run.moves:
                run.before = hands(self.ctx, table.game, table.state)
            note = None
            if seat.is_ai:
                action = await self._ai_choice(table, to_act.player, seat.ai_level)
                try:
                    g.check(table.state, to_act.player, action)
                except GameError:
                    log.exception("game %s: the AI chose %s; playing the default",
                                  table.game.id, action)
                    action = g.default(table.state, to_act.player)
                source = DecisionSource.AI
            else:
                action = g.default(table.state, to_act.player)
                note = (f"💤 {texts.name(seat.display_name)} is absent: the default decision "
                        f"`{action}` is made.")
                source = DecisionSource.AUTO
            _, events = await self.commit(table, to_act.player, action, source, note=note,
                                          quiet=True)
            run.add(note, events)
            return True

    async def _summarise(self, game_id: int, run: AutoRun) -> None:
        """One message for a run of automatic decisions (then the map of a new round, the
        final scores or the next prompt, and the hand DMs, as after any decision)."""
        async with self.ctx.lock(game_id):
            try:
                table = await self.table(game_id)
                await self.notify.after_decision(table.game, run.before, table.state, run.events,
                                                 table.game.deadline, None,
                                                 lines=texts.collapse(run.lines))
            except Exception:
                log.exception("game %s: telling %d automatic decisions failed", game_id, run.moves)

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
