"""Load, apply, persist: the one path every decision takes, under the game's lock.

``decide`` (a player), ``advance`` (AI seats and absent players), the timers and the moderators
all end in ``commit``: apply on a freshly loaded state (from memory: ``referee.shared.cache``), commit
the decision and the new snapshot in one transaction, and return what happened
(``referee.deciding.committed.Committed``). Every change to a game, a decision or not, then
takes one path, ``after``: queue what the thread and the players are told
(``referee.messages.tell``: the caller answers the player before it goes out), poke the timers,
start the automatic seats, hand a game's end to the ending desk. Nothing changes on any error.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import functools
import logging
import os
from collections.abc import Sequence
from typing import Any

from db import (
    DecisionSource,
    Game,
    GameNotFound,
    GameStatus,
    PlayerResult,
    Snapshot,
    StaleVersion,
)
from db import games as games_db
from db import holds as holds_db
from db import notified as notified_db
from db import owed as owed_db
from db.holds import HoldReason
from engine import GameError, NotYourTurn
from engine.core.game import public_text, total
from referee.deciding import committed, stale
from referee.deciding.automatic import Automatic
from referee.deciding.committed import Committed
from referee.deciding.drafts import DRAFT_MAX_CHARS as DRAFT_MAX_CHARS  # read by tests
from referee.deciding.drafts import DRAFT_STEPS_PER_MINUTE
from referee.deciding.holds import Holds
from referee.deciding.table import Table
from referee.deciding.workbench import Workbench
from referee.errors import Malformed, NotAPlayer, StalePrompt, UnknownGame, WrongPhase
from referee.messages import choices, ids, texts
from referee.messages.refusals import refusal_words
from referee.process import metrics
from referee.shared import cache as cached
from referee.shared import origin
from referee.shared.context import Context, earliest
from referee.telling import images
from referee.telling.notify import Notifier, hands
from texts import _, pgettext
from texts import using as speaking

log = logging.getLogger(__name__)
#: check at each decision that the state it starts from is still what was stored (the state
#: shared from memory, ``Sessions.parsed``, must never be changed in place); the tests set it
SHARED_CHECKS = os.environ.get("STELLA_CHECK_SHARED") == "1"


def nothing_to_decide(game: Game) -> str:
    return _("Game #{game} is {status}: there is nothing to decide.").format(
        game=game.id, status=pgettext("game status", str(game.status)))


class Sessions(Workbench, Automatic):
    def __init__(self, ctx: Context, notifier: Notifier) -> None:
        self.ctx = ctx
        self.notify = notifier
        self.holds = Holds(ctx, self)
        self.draft_steps_per_minute = DRAFT_STEPS_PER_MINUTE  # a benchmark raises it
        self._draft_steps: dict[int, collections.deque[float]] = {}  # user -> recent steps

    def g(self, game: Game) -> Any:
        """The rules engine of this stored game."""
        return self.ctx.engine(game)

    # --- loading ---------------------------------------------------------------------------

    async def get_game(self, game_id: int) -> Game:
        try:
            return origin.check(await cached.get_game(self.ctx, game_id))
        except GameNotFound:
            raise UnknownGame(_("There is no game #{game}.").format(game=game_id)) from None

    async def table(self, game_id: int, game: Game | None = None) -> Table:
        if game is None:  # the game and its snapshot: from memory, else in one read
            game, snap = await self._load(game_id)
        else:
            snap = None
        origin.check(game)
        if game.status == GameStatus.LOBBY:
            raise WrongPhase(_("Game #{game} hasn't started yet: it is still in its lobby.").format(
                game=game_id))
        if snap is None:
            snap = await cached.load_snapshot(self.ctx, game_id)
        return Table(game, self.parsed(game, snap), snap.json)

    def parsed(self, game: Game, snap: Snapshot) -> Any:
        """The state of ``snap``: parsed once while the game is kept in memory, and shared by
        every reader then, so read-only: only ``commit`` makes a new one."""
        return self.ctx.cache.state_of(game.id, snap, self.g(game).load)

    async def running(self, game_id: int, game: Game | None = None) -> Table:
        table = await self.table(game_id, game)
        if table.game.status != GameStatus.RUNNING:
            raise WrongPhase(nothing_to_decide(table.game))
        return table

    # --- committing ------------------------------------------------------------------------

    async def commit(self, table: Table, player: str, action: Any, source: DecisionSource,
                     by_user: int | None = None, note: str | None = None, *,
                     quiet: bool = False) -> Committed:
        """Apply ``action`` for ``player`` on ``table`` and persist; returns what happened, with
        what to tell (none when ``quiet``: the caller tells people later, ``advance``
        summarising a run), for the caller to hand to ``after``. Caller holds the game's lock.
        Engine errors propagate with nothing changed. A decision the engine says is ``sealed``
        is logged hidden until one whose events hold a public "reveal"; each owing player keeps
        or gets their own timer (``Context.owed_timers``)."""
        game = table.game
        g = self.g(game)
        if SHARED_CHECKS and table.text and g.dump(table.state) != table.text:
            raise AssertionError(f"game {game.id}: a shared state was changed in place")
        state = g.clone(table.state)  # ``table.state`` may be shared (``parsed``): not changed
        before_version = state.version
        before = hands(self.ctx, game, table.state)
        sealed = bool(g.sealed(table.state, player, action))
        timing = g.timing(table.state, player)
        previous = {t.player_id: t for t in await cached.owed_timers(self.ctx, game.id)}
        events = g.apply(state, player, action)
        reveal = any(e.kind == "reveal" and e.to is None for e in events)
        text = g.dump(state)
        timers = self.ctx.owed_timers(game, state, previous, player, timing)
        deadline, remind_at = earliest(timers)
        results = None
        if state.ended:
            scores, winners = g.scores(state), set(g.winners(state))
            results = [PlayerResult(pid, total(scores, pid), pid in winners)
                       for pid in game.player_ids]
        now = self.ctx.now()
        run = self.ctx.plans.unsaved(game.id, player)  # a run set or spent: stored with it
        try:
            await games_db.append_decision(
                self.ctx.db, game.id, before_version, player, str(action), text, state.version,
                deadline=deadline, remind_at=remind_at, source=source, by_user_id=by_user,
                absent_after=self.ctx.settings.absent_after, results=results, now=now,
                sealed=sealed, reveal=reveal, owed=timers, run=run)
        except StaleVersion:
            raise StalePrompt() from None
        committed.mark()  # it stands: a failure from here on must not say nothing changed
        metrics.DECISIONS.labels(game.game_name, str(action).split(" ", 1)[0], source.value).inc()
        if run is not None:
            self.ctx.plans.saved(game.id, player, run)
        # from now on ``state`` is shared, read-only: by the caller, the job telling this
        # decision and the cache (the next decision starts from it)
        table.text, table.state = text, state
        self.notify.public.dumped(game.id, state, text)
        seat = game.seat_of_player(player)
        if (state.ended or seat is None or source == DecisionSource.TIMEOUT
                or (source == DecisionSource.PLAYER and (seat.absent or seat.missed_deadlines))):
            game = await cached.get_game(self.ctx, game.id)  # fresh seats: absent flags changed
        else:  # nothing but the version and the timer changed (db.games.append_decision)
            game = dataclasses.replace(game, version=state.version, deadline=deadline,
                                       remind_at=remind_at, reminder_sent=False, updated_at=now)
        table.game = game
        self.ctx.cache.put(game, Snapshot(game.id, int(state.version), text),
                           owed=sorted(timers, key=lambda t: t.player_id),  # as db.owed.owed_timers
                           state=state)
        at = min((t for t in (deadline, remind_at) if t is not None), default=float("inf"))
        done = Committed(game.id, game, events, at=at, advance=False)
        if not quiet:
            # the decision is stored: the thread and the players are told after the reply
            # (``referee.messages.tell``), in commit order; a failure there is logged, never
            # the caller's
            done.tell = functools.partial(
                self.notify.after_decision, game, before, state, events, deadline, note,
                timers=timers, deciders=(player,))
        return done

    async def after(self, done: Committed) -> asyncio.Future[None] | None:
        """The one path after any change to a game is stored: queue what is told (in the
        game's commit order, so the caller still holds the game's lock), poke the timers,
        start the automatic seats, or hand the game's end to the ending desk. Returns the
        future of what is told (done once it went out), if anything is."""
        told = None
        if done.timers:
            self.ctx.signals.timer_changed(done.at)
        if done.tell is not None:
            told = self.ctx.tell.submit(done.game_id, self.in_game_language(done))
        if done.ended is not None and done.game is not None:
            await self.ctx.signals.finished(done.game, done.ended)  # ``referee.desks.ending``
        elif done.advance:
            self.advance_soon(done.game_id)
        return told

    def in_game_language(self, done: Committed) -> Any:
        """``done.tell`` written in the game's language (public posts: ``Context.language``),
        whoever's request committed it."""
        job, game_id = done.tell, done.game_id
        assert job is not None

        async def told() -> None:
            game = done.game or await cached.get_game(self.ctx, game_id)
            with speaking(self.ctx.language(game)):
                await job()

        return told

    # --- players ---------------------------------------------------------------------------

    async def decide(self, game_id: int, user_id: int, text: str, *, version: int | None = None,
                     tag: str | None = None) -> str:
        """A player's decision (``version``/``tag`` from a panel: stale if the game moved on
        past it for this player, ``check_prompt``).
        Returns the decision's notation once it is committed; the thread and the other
        players are told afterwards (``referee.messages.tell``). Waits first while that backlog is
        full; queued posts hold back while it is answered."""
        await self.ctx.tell.admit()
        with self.ctx.tell.answering():
            return await self._decide(game_id, user_id, text, version, tag)

    async def _decide(self, game_id: int, user_id: int, text: str, version: int | None,
                      tag: str | None) -> str:
        async with self.ctx.lock(game_id):
            game, snap = await self._load(game_id)
            if game.status == GameStatus.LOBBY or snap is None:
                raise WrongPhase(_("Game #{game} hasn't started yet: it is still in its "
                                   "lobby.").format(game=game_id))
            seat = game.seat_of_user(user_id)
            if seat is None:
                raise NotAPlayer()
            if game.status != GameStatus.RUNNING:
                raise WrongPhase(nothing_to_decide(game))
            hold = await self.holds.check_open(game)  # a gone thread: refused
            table = Table(game, self.parsed(game, snap), snap.json)
            if version is not None:
                await self.check_prompt(table, seat.player_id, version, tag)
            action = await self.measured(table, seat.player_id, text)
            if hold is not None and hold.reason == HoldReason.NOBODY:  # they are back
                await holds_db.release(
                    self.ctx.db, game_id, reasons=(HoldReason.NOBODY,))
            note = None
            if seat.absent:
                with speaking(self.ctx.language(game)):  # told in the thread: its language
                    note = _("👋 {player} is back.").format(player=texts.name(seat.display_name))
            done = await self.commit(table, seat.player_id, action, DecisionSource.PLAYER,
                                     user_id, note)
            # an AI seat or an absent player owes the next decision: they decide now
            done.advance = self.notify.automatic_next(table.game, table.state)
            await self.after(done)
        return str(action)

    async def run(self, game_id: int, user_id: int, version: int, tag: str, verb: str,
                  index: int) -> tuple[str, list[str]]:
        """A run chosen on a prompt (``Presentation.runs``, ``referee.messages.runs``): its first
        decision is made now, the rest wait for their turn. Returns the first decision's
        notation and the rest."""
        table, legal = await self.owed_texts(game_id, user_id, version, tag)
        seat = table.game.seat_of_user(user_id)
        assert seat is not None
        g = self.g(table.game)
        offers = self.ctx.present(table.game).runs(g.view(table.state, None), seat.player_id,
                                                   legal)
        if not 0 <= index < len(offers) or choices.words(offers[index][1][0])[0] != verb:
            raise Malformed(_("That choice is malformed. Nothing changed."))
        steps = list(offers[index][1])
        self.ctx.plans.set(game_id, seat.player_id, steps[1:])
        try:
            done = await self.decide(game_id, user_id, steps[0], version=version, tag=tag)
        except BaseException:
            self.ctx.plans.drop(game_id, seat.player_id)
            raise
        return done, steps[1:]

    async def measured(self, table: Table, player: str, text: Any,
                       at: float | None = None, marks: dict[str, float] | None = None) -> Any:
        """``text`` checked for ``player``, with the facts the referee measures written in
        when the engine times this decision (``timing`` "stop"): the seconds since the
        player's clock started (their "start" decision; ``at``: the time to measure to,
        default now) and when each word of their draft was last placed (``marks``: those of a
        draft not saved yet, default the saved draft's). The engine refuses a player's own
        ``time=``/``@`` (``stamp``)."""
        g = self.g(table.game)
        if g.timing(table.state, player) != "stop":
            return g.check(table.state, player, text)
        timers = {t.player_id: t for t in await cached.owed_timers(self.ctx, table.game.id)}
        timer = timers.get(player)
        now = self.ctx.clock() if at is None else at
        start = timer.clock_at if timer is not None and timer.clock_at is not None else now
        if marks is None:
            draft = await owed_db.get_draft(self.ctx.db, table.game.id, player)
            marks = dict(draft.marks) if draft is not None else {}
        action = g.parse(text) if isinstance(text, str) else text
        stamped = g.stamp(table.state, player, action, max(0.0, now - start), marks)
        return g.check(table.state, player, stamped)

    async def check_prompt(self, table: Table, player: str, version: int,
                           tag: str | None) -> None:
        """A prompt's control, built for ``version``/``tag``, clicked by ``player``:
        StalePrompt (nothing changed) unless the game is still in that state, or it moved on
        only by other players' answers while ``player`` still owes the same decision with the
        same choices (``referee.deciding.stale``: several players owing at once)."""
        if version == table.version and tag == table.tag:
            return
        if version >= table.version:
            raise StalePrompt()
        log_ = await games_db.get_log(self.ctx.db, table.game.id)
        first = stale.since(log_, version, player)
        if first is None:
            raise StalePrompt()
        initial = await games_db.load_initial(self.ctx.db, table.game.id)
        if not await asyncio.to_thread(stale.still_owed, self.g(table.game), initial.json,
                                       log_, first, player, version, tag, table.state):
            raise StalePrompt()

    async def _load(self, game_id: int) -> tuple[Game, Snapshot | None]:
        """The game and (unless it is a lobby) its snapshot: from memory for a running game
        this process kept (``referee.shared.cache``), else in one read (then kept)."""
        entry = self.ctx.cache.peek(game_id)
        if entry is not None and entry.game is not None and entry.snapshot is not None:
            self.ctx.cache.hits += 1
            self.ctx.cache.entry(game_id)  # most recently used
            return origin.check(entry.game), entry.snapshot
        self.ctx.cache.misses += 1
        mark = self.ctx.cache.writes
        try:
            game, snap = await notified_db.load_table(self.ctx.db, game_id)
        except GameNotFound:
            raise UnknownGame(_("There is no game #{game}.").format(game=game_id)) from None
        if snap is not None:
            self.ctx.cache.fill(game_id, mark, game=game, snapshot=snap)
        return origin.check(game), snap

    async def owed_texts(self, game_id: int, user_id: int, version: int | None = None,
                         tag: str | None = None) -> tuple[Table, list[str]]:
        """The sorted legal decisions, only for the player who owes the decision now."""
        table = await self.table(game_id)  # a lobby: WrongPhase
        seat = table.game.seat_of_user(user_id)
        if seat is None:
            raise NotAPlayer()
        if table.game.status != GameStatus.RUNNING:
            raise WrongPhase(nothing_to_decide(table.game))
        if version is not None:
            await self.check_prompt(table, seat.player_id, version, tag)
        g = self.g(table.game)
        if all(o.player != seat.player_id for o in g.owed(table.state)):
            g.check(table.state, seat.player_id, "pass")  # raises the engine's explanation
            raise NotYourTurn(_("It's not your turn."))
        return table, choices.ordered(g.legal(table.state, seat.player_id))

    async def pick(self, game_id: int, user_id: int, version: int, tag: str, *,
                   verb: str | None = None, span: str | None = None
                   ) -> str | choices.Select | choices.Panel:
        """A verb button or a select value: either one decision to apply (its text), a
        narrower private select, or (26 to 100 decisions) a few selects side by side, each
        option a decision, so one pick decides (``choices.pick_panel``)."""
        table, texts = await self.owed_texts(game_id, user_id, version, tag)
        if verb is not None:
            rng = choices.verb_range(texts, verb)
            if rng is None:
                raise WrongPhase(_("'{verb}' isn't a legal decision now. Nothing changed.").format(verb=verb))
            lo, hi = rng
            if hi - lo == 1 and not self.ctx.present(table.game).private(texts[lo]):
                return texts[lo]
        else:
            lo, hi = ids.parse_range(span or "", len(texts))
        if hi - lo == 1:
            return texts[lo]
        if verb is not None:  # a set of things chosen at once (the cards to discard)?
            multi = self._multi(table, user_id, verb, texts[lo:hi])
            if multi is not None:
                return multi
        numbered = await self._numbered(table, user_id, texts, lo, hi)
        if numbered is not None:
            return numbered
        present = self.ctx.present(table.game)  # its words, from the public view (the values
        view = self.g(table.game).view(table.state, None)  # stay ranges of the sorted list)
        panel = choices.pick_panel(game_id, table.version, table.tag, texts, lo, hi,
                                   lambda t: present.choice_label(view, t))
        if panel is not None:
            return panel
        select = choices.pick_select(game_id, table.version, table.tag, texts, lo, hi)
        return dataclasses.replace(select, options=tuple(
            dataclasses.replace(o, label=choices.cut(present.choice_label(view, o.label)))
            for o in select.options))

    async def _numbered(self, table: Table, user_id: int, texts: Sequence[str], lo: int,
                        hi: int) -> choices.Panel | None:
        """texts[lo:hi] picked by number (``Presentation.numbered``: one tile's placements):
        one select, option n deciding exactly the text drawn with n on the private picture
        (``places_png``, from the player's own view); None if the game numbers none or there
        are more than a select holds."""
        present = self.ctx.present(table.game)
        names = present.numbered(texts[lo:hi])
        cid = ids.turn_id(table.game.id, table.version, table.tag, "pick", f"{lo}-{hi}")
        if names is None or hi - lo > choices.MAX_OPTIONS or cid is None:
            return None
        seat = table.game.seat_of_user(user_id)
        assert seat is not None
        view = self.g(table.game).view(table.state, seat.player_id)
        picture = await images.places_png(present, view, seat.player_id, texts[lo:hi],
                                          table.game.id)
        select = choices.Select(cid, present.numbered_placeholder(), tuple(
            choices.Option(choices.cut(name), f"{lo + i}-{lo + i + 1}")
            for i, name in enumerate(names)))
        return choices.Panel(select=select, picture=picture)

    async def in_words(self, game_id: int, text: str) -> str:
        """A decision as its button reads, from the public view now (``choice_label``), for
        the private "Done" of a click (issue 28: no notation but in ``/game do``); the
        notation itself where the game has no words for it. Asked before the decision: after
        it, a zone taken is empty and a deck shows another card."""
        try:
            table = await self.table(game_id)
            view = self.g(table.game).view(table.state, None)
            return self.ctx.present(table.game).choice_label(view, text)
        except Exception:  # words are a courtesy: the notation always does
            return text

    def _multi(self, table: Table, user_id: int, verb: str, texts: Sequence[str]
               ) -> choices.Select | None:
        """The private multi-select of ``verb`` (``Presentation.multi``), from the player's
        own view, or None."""
        seat = table.game.seat_of_user(user_id)
        assert seat is not None
        present = self.ctx.present(table.game)
        found = present.multi(self.g(table.game).view(table.state, seat.player_id),
                              seat.player_id, verb, texts)
        cid = ids.turn_id(table.game.id, table.version, table.tag, "multi", verb)
        if found is None or cid is None:
            return None
        options, least, most = found
        return choices.Select(cid, _("{label}: pick any, then close").format(label=present.label(verb).rstrip("…")),
                              tuple(choices.Option(choices.cut(label), value)
                                    for label, value in options[:choices.MAX_OPTIONS]),
                              min_values=least, max_values=max(1, most))

    async def multi_pick(self, game_id: int, user_id: int, version: int, tag: str, verb: str,
                         values: Sequence[str]) -> str:
        """The values picked in a multi-select, as the decision they make (checked when it is
        decided). Refused in a sentence if they make no legal decision."""
        table, texts = await self.owed_texts(game_id, user_id, version, tag)
        if self._multi(table, user_id, verb, texts) is None:
            raise WrongPhase(_("'{verb}' isn't a legal decision now. Nothing changed.").format(verb=verb))
        text = self.ctx.present(table.game).compose(verb, sorted(values))
        try:
            return str(self.g(table.game).parse(text))
        except GameError as exc:
            raise Malformed(refusal_words(str(exc)) + " " + _("Nothing changed.")) from None

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

    # --- late players ---------------------------------------------------------------------------

    async def late_decision(self, table: Table, player: str, deadline: int | None
                            ) -> tuple[Any, str]:
        """What is decided for ``player`` whose time ran out at ``deadline``: their saved
        draft if it is legal (their own decision), else the default (the game's defaults
        table); timed decisions are stamped to the deadline. Returns it and the words for the
        thread (a sealed decision is not named)."""
        g = self.g(table.game)
        at = None if deadline is None else float(deadline)
        draft = await owed_db.get_draft(self.ctx.db, table.game.id, player)
        if draft is not None:
            try:
                action = await self.measured(table, player, draft.text, at)
            except GameError:
                pass
            else:
                return action, _("their saved draft {decision} is committed.").format(
                    decision=self.shown(table, player, action))
        action = await self.measured(table, player, g.default(table.state, player), at)
        return action, _("the default decision {decision} is made for them.").format(
            decision=self.shown(table, player, action))

    def shown(self, table: Table, player: str, action: Any) -> str:
        """A decision as a public message may name it: its public form (the engine's
        ``public_text``), unless it is sealed."""
        g = self.g(table.game)
        if g.sealed(table.state, player, action):
            return _("(secret until revealed)")
        return f"`{public_text(g, action)}`"
