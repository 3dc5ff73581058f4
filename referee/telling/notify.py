"""What goes to the thread and what goes by DM after something happens in a game.

Thread messages and images are built only from the public view (``g.view(state, None)``),
public events (``to`` is None) and ``g.prompt``. A player's DM gets their own view and the
events whose ``to`` names them. A failed DM is said in the thread, without the hand. The
words and pictures are the game's presentation's (``games/<pkg>/``); ``g`` is the game's
engine, looked up by the stored game's name.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from db import Game, OwedTimer, Seat
from db import notified as notified_db
from db import settings as settings_db
from db import thread_memory as memory_db
from engine import Event
from referee.messages import choices, ids, texts
from referee.messages.digest import Digests, digest_text
from referee.messages.outbox import (
    DELIVERED,
    Delivery,
    Failure,
    File,
    Post,
    requester,
    split_text,
    telling_for,
)
from referee.messages.prompts import Shown, Trail, edited_down, join, with_summary
from referee.messages.public import PublicViews
from referee.messages.runs import Plans
from referee.shared.context import Context
from referee.telling import images, memory
from referee.telling.announce import Boards, lobby_panel, result_line
from referee.telling.languages import Languages
from texts import NAMES, _, command, number, using

log = logging.getLogger(__name__)
DM_FAILURES_KEPT = 2000  # players remembered as unreachable by DM (see ``Notifier._dm_failed``)
TURN_DM_KEPT = 5000  # members whose turn DM setting is kept in memory (see ``turn_dm_users``)
MESSAGE_LIMIT = 1800  # a prompt edited in place stays one message


def hands(ctx: Context, game: Game, state: Any) -> dict[str, str]:
    """Each seat's private key (``Presentation.private_key`` of its own view: a sorted
    hand, say), as stored with its last DM (``db.notified``)."""
    return ctx.present(game).private_keys(ctx.engine(game), state, game.player_ids)


def hand_key(key: str | None) -> str:
    """A private key as stored with its last DM (``db.notified``)."""
    return key or ""


#: called by ``record`` when Discord refused something for a game: (game, state, the worst
#: refusal, was the turn prompt lost) -> put the game on hold (``referee.deciding.holds``)
def final_words(text: str) -> str:
    """One way to say a game ended: its first line (the end and why), then the winner (the
    game's own winners line, moved up: winner first), then the scores."""
    lines = text.split("\n")
    won = [line for line in lines[1:] if line.startswith("🏆")]
    return "\n".join([lines[0], *won, *(line for line in lines[1:] if line not in won)])


def worse(a: Delivery | None, b: Delivery) -> Delivery:
    """The more serious of two outcomes (a gone thread beats a refusal beats success)."""
    rank = {None: 0, Failure.TRANSIENT: 1, Failure.PERMISSION: 2, Failure.GONE: 3}
    return b if a is None or rank[b.failure] > rank[a.failure] else a




def in_game_language(method: Any) -> Any:
    """A method of ``Notifier`` (its first argument the game) writing in the game's language
    (``Context.language``) whoever called it; a DM inside sets its member's own."""

    @functools.wraps(method)
    async def run(self: Notifier, game: Game, *args: Any, **kwargs: Any) -> Any:
        with using(self.ctx.language(game)):
            return await method(self, game, *args, **kwargs)

    return run


class Notifier:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        # (game, player) whose last hand DM failed (the thread was told once), least recent
        # first and bounded: forgetting one only means the thread is told again
        self._dm_failed: OrderedDict[tuple[int, str], None] = OrderedDict()
        self._turn_dm: OrderedDict[int, bool] = OrderedDict()  # user -> wants the turn DM
        self._refused: dict[int, Delivery] = {}  # game id -> worst refusal since ``record``
        self.trail = Trail()  # the last prompt of each game and who owed (``referee.messages.prompts``)
        self.digests = Digests()  # what each player missed since their last decision
        self.boards = Boards(ctx.spawn, ctx.db)  # the lobby message and the channel announcement
        self.public = PublicViews()  # each game's latest public view and tag, made once
        self.languages = Languages(ctx)  # the language of each member's DMs

    @property
    def plans(self) -> Plans:
        """The runs chosen at once: play state the context holds (``Context.plans``)."""
        return self.ctx.plans

    def decides_alone(self, game: Game, state: Any, player: str, seat: Seat | None) -> bool:
        """Does ``player`` decide without a click: an AI seat, an absent player, or a run of
        decisions chosen ahead that is legal now (``referee.deciding.sessions.advance``)?"""
        return seat is not None and (seat.is_ai or seat.absent or self.planned(game, state, player))

    def planned(self, game: Game, state: Any, player: str) -> bool:
        """Is ``player``'s next decision already chosen (a run) and legal now?"""
        return self.plans.ready(self.g(game), state, game.id, player) is not None

    @in_game_language
    async def refresh_board(self, game: Game, state: Any = None) -> None:
        """Bring the lobby message and the channel announcement up to date (players, status,
        the result once ``state`` has ended). Never raises."""
        try:
            g, present = self.g(game), self.ctx.present(game)
            lobby = texts.lobby_text(game, present, g.min_players, g.max_players)
            result = ""
            if state is not None and state.ended:
                names = g.view(state, None).get("names") or {}
                result = result_line(names, g.scores(state), g.winners(state))
            panel = lobby_panel(game.id) if game.status == "lobby" else None
            await self.boards.refresh(self.ctx.out, game, present, lobby, result, panel)
        except Exception:
            log.exception("game %s: could not update the lobby message", game.id)

    def g(self, game: Game) -> Any:
        return self.ctx.engine(game)

    async def lobby_posted(self, game: Game, delivery: Delivery, head: str = "") -> None:
        """The lobby message went out: remembered (and kept for a restart) to be edited as
        the lobby fills and the game goes on. Never raises."""
        self.boards.posted(game.id, delivery, head)
        if not delivery.ok or delivery.message_id is None:
            return
        try:
            await memory_db.save_lobby(self.ctx.db, game.id, delivery.message_id, head)
        except Exception:
            log.exception("game %s: could not keep the lobby message", game.id)

    # --- thread ----------------------------------------------------------------------------

    async def post(self, game: Game, text: str, *, files: tuple[File, ...] = (),
                   panel: choices.Panel | None = None, ping: tuple[int, ...] = ()) -> Delivery:
        """Post in the game's thread; the outcome (a refusal is also kept for ``record``)."""
        if game.thread_id is None:
            return Delivery(Failure.GONE, "the game has no thread")
        await self.ctx.tell.flush(game.id)  # after what earlier changes queued (referee.messages.tell)
        parts = split_text(texts.plain(text))
        delivery = DELIVERED
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            delivery = await self.ctx.out.post(game.thread_id, Post(  # the pictures with the
                part, files if i == 0 else (), panel if last else None,  # first part (a summary),
                ping if last else ()))  # the controls and pings with the last (the question)
            if not delivery.ok:
                self._refused[game.id] = worse(self._refused.get(game.id), delivery)
                return delivery
        return delivery  # the last part's: its message id is the one with the panel

    async def edit(self, game: Game, message_id: int, text: str,
                   panel: choices.Panel | None = None) -> Delivery:
        """Edit one of the game's messages in place (pings nobody; no panel: no controls)."""
        if game.thread_id is None:
            return Delivery(Failure.GONE, "the game has no thread")
        await self.ctx.tell.flush(game.id)  # after what earlier changes queued (referee.messages.tell)
        return await self.ctx.out.edit(game.thread_id, message_id,
                                       Post(split_text(texts.plain(text))[-1], (), panel))

    async def edit_down(self, game: Game, shown: Shown, lines: str) -> bool:
        """The previous prompt edited down to what happened, without controls."""
        return (await self.edit(game, shown.message_id, edited_down(shown, lines))).ok

    def asked(self, game: Game, state: Any, only: str | None = None) -> dict[str, int]:
        """The human players a prompt asks now (player id -> user id)."""
        out: dict[str, int] = {}
        for o in self.g(game).owed(state):
            seat = game.seat_of_player(o.player)
            if (seat is None or seat.user_id is None
                    or self.decides_alone(game, state, o.player, seat)):
                continue
            if only is None or o.player == only:
                out[o.player] = seat.user_id
        return out

    def how_to(self, game: Game) -> str:
        """How to answer a prompt: said once, when the game begins."""
        present = self.ctx.present(game)
        return _("To decide, use the buttons under your prompt, a {group} command, or {do} "
                 "with the notation.").format(group=command(present.command or "game"),
                                              do=f"`{present.cmd('do')}`")

    def catch_up_lines(self, game: Game, view: Mapping[str, Any], pinged: Sequence[str],
                       above: str) -> str:
        """What the players the turn passes to missed since their last decision (public
        lines only), leaving out what the same message already says above; several players:
        one block, of what every one of them missed."""
        shown = set(above.split("\n"))
        missed = [[line for line in self.digests.since(game.id, player) if line not in shown]
                  for player in pinged]
        if not missed:
            return ""
        common = min(missed, key=len)
        block = digest_text(common)
        if block and len(pinged) > 1:  # several players: "since your last decisions"
            block = block.replace(_("📋 Since your last decision:"),
                                  _("📋 Since your last decisions:"), 1)
        return block

    @in_game_language
    async def ask(self, game: Game, state: Any, deadline: int | None,
                  timers: Sequence[OwedTimer] | None, last: Shown | None, body: str, *,
                  intro: str = "", files: tuple[File, ...] = (), warn: Sequence[str] = (),
                  alerted: frozenset[int] = frozenset()) -> Delivery | None:
        """Tell ``body`` (what just happened) and ask for the next decision: the same
        player(s) still deciding, in the same turn of the game (``Presentation.turn_key``), with
        nobody new to ping, get their prompt edited in place; otherwise the last prompt is
        edited down to ``body`` and a new prompt (``intro`` and ``files`` first: a round's
        summary and picture; then the ``warn`` lines of the game's alerts) pings the players
        the turn passes to and the ``alerted`` ones, with what they missed. None if no human
        is asked."""
        g = self.g(game)
        view = self.public.view(g, game.id, state)
        key = self.ctx.present(game).turn_key(view)
        if last is not None:  # its round summary told as the game is now (summary_tells)
            last = self.fresh_summary(game, state, last)
        line, panel, _ping = self.prompt(game, state, deadline, timers)
        asked = self.asked(game, state)
        ping = set(self.trail.pings(game.id, asked))
        self.trail.owing(game.id, asked)  # waited on now (an AI's or a run's step: not)
        fresh = (ping | set(alerted)) - (last.pinged if last is not None and last.key == key
                                         and key is not None else set())
        if panel is None:
            if last is not None and await self.edit_down(game, last, body):
                body = ""
            text = join(body, intro, *warn)
            if text or files:
                await self.post(game, text, files=files, ping=tuple(sorted(alerted)))
            return None
        if (last is not None and not intro and not files and not warn and set(asked) <= last.asked
                and key == last.key and not (set(alerted) - last.pinged)
                and len(join(last.head, body, line)) <= MESSAGE_LIMIT):
            head = join(last.head, body)  # they keep deciding: one prompt, edited in place
            delivery = await self.edit(game, last.message_id, join(head, line), panel)
            if delivery.ok:
                self.trail.shown(game.id, last.message_id, head, asked, key, last.pinged,
                                 last.summary)
                return delivery
        if last is not None and await self.edit_down(game, last, body):
            body = ""
        head = join(body, intro, *warn)
        users = {uid: p for p, uid in asked.items()}
        catch = self.catch_up_lines(game, view, [users[u] for u in sorted(ping) if u in users],
                                    head)
        delivery = await self.post(game, join(head, catch, line), files=files, panel=panel,
                                   ping=tuple(sorted(fresh)))
        if delivery.ok:  # the turn passed to them: the opted-in get their "your turn" DM
            await self.turn_dms(game, {p: uid for p, uid in asked.items()
                                       if uid in ping and uid in fresh})
        self.trail.shown(game.id, delivery.message_id if delivery.ok else None, head, asked, key,
                         frozenset(fresh),
                         intro if self.ctx.present(game).summary_tells else "")
        return delivery

    def seats(self, game: Game) -> dict[str, Seat]:
        return {s.player_id: s for s in game.seats}

    def prompt(self, game: Game, state: Any, deadline: int | None,
               timers: Sequence[OwedTimer] | None = None, only: str | None = None
               ) -> tuple[str, choices.Panel | None, tuple[int, ...]]:
        """The turn prompt: who owes what (several players at once: a line each, with their
        own deadline from ``timers``), until when, and the panel (None when only AI/absent
        seats owe). ``only``: just this player's line (their reminder)."""
        g, present = self.g(game), self.ctx.present(game)
        owed = g.owed(state)
        humans = []
        for o in owed:
            seat = game.seat_of_player(o.player)
            if (seat is None or seat.user_id is None
                    or self.decides_alone(game, state, o.player, seat)):
                continue  # decided at once (referee.deciding.sessions.advance): no prompt
            if only is None or o.player == only:
                humans.append((o, seat))
        if not humans:
            return "", None, ()
        own = {t.player_id: t.deadline for t in timers or ()}
        lines = [texts.prompt_line(seat, present.prompt_text(g, state, o.player),
                                   own.get(o.player, deadline))
                 for o, seat in humans]
        tag = self.public.tag(g, game.id, state)
        listed = sorted({t for o, _ in humans if o.listed
                         for t in choices.ordered(g.legal(state, o.player))},
                        key=choices.words)
        view = self.public.view(g, game.id, state)
        panel = choices.turn_panel(game.id, state.version, tag, listed, present,
                                   direct=len(owed) == 1,
                                   labels=functools.partial(present.choice_label, view))
        if len(owed) == 1 and humans[0][0].listed and listed:
            runs = present.runs(view, humans[0][0].player, listed)
            select = choices.run_select(game.id, state.version, tag, choices.words(listed[0])[0],
                                        runs, _("…or decide the next ones at once"))
            if select is not None:
                panel = dataclasses.replace(panel, select=select)
        if any(not o.listed for o, _ in humans):
            bench = ids.turn_id(game.id, state.version, tag, "bench", "open 0000") if any(
                o.decision in present.bench_verbs for o, _ in humans if not o.listed) else None
            if bench is not None:  # the private workbench (referee.deciding.workbench)
                panel = dataclasses.replace(panel, buttons=panel.buttons + (
                    choices.Button(_(present.bench_label), bench, "primary"),))
                lines.append(_("Build it on your private workbench (**{bench}**), or with "
                               "{draft}, then {confirm}.").format(
                                   bench=_(present.bench_label), draft=f"`{present.cmd('draft')}`",
                                   confirm=f"`{present.cmd('confirm')}`"))
            else:
                lines.append(_("Build it privately with {draft}, then {confirm}.").format(
                    draft=f"`{present.cmd('draft')}`", confirm=f"`{present.cmd('confirm')}`"))
        return "\n".join(lines), panel, tuple(seat.user_id for _, seat in humans)

    def round_text(self, game: Game, state: Any) -> str:
        """The round's public summary (from the public view)."""
        g, present = self.g(game), self.ctx.present(game)
        view = self.public.view(g, game.id, state)
        return present.round_summary(view, g.scores(state), texts.who(game, view))

    async def round_parts(self, game: Game, state: Any, always: bool = False
                          ) -> tuple[str, tuple[File, ...]]:
        """The round's public summary and its picture: where the game draws one for this
        round (``Presentation.round_picture``), or ``always`` (a game restarted or moved
        posts the board as it is)."""
        g, present = self.g(game), self.ctx.present(game)
        view = self.public.view(g, game.id, state)
        picture = (await images.map_png(present, view, game.id)
                   if always or present.round_picture(view) else None)
        return self.round_text(game, state), (picture,) if picture else ()

    def fresh_summary(self, game: Game, state: Any, last: Shown) -> Shown:
        """The last prompt with the round summary it holds as the game is now, for a game
        whose summary tells what some events say (``Presentation.summary_tells``: who has
        bid); unchanged otherwise."""
        if not last.summary or not self.ctx.present(game).summary_tells:
            return last
        return with_summary(last, self.round_text(game, state))

    @in_game_language
    async def round_post(self, game: Game, state: Any) -> None:
        summary, files = await self.round_parts(game, state, always=True)
        await self.post(game, summary, files=files)

    @in_game_language
    async def final_post(self, game: Game, state: Any, head: str = "",
                         ping: tuple[int, ...] = ()) -> None:
        g, present = self.g(game), self.ctx.present(game)
        view = g.view(state, None)
        text = final_words(present.final_text(view, g.scores(state), g.winners(state),
                                               texts.who(game, view)))
        picture = await images.scores_png(present, view, state, game.id)
        await self.post(game, join(head, text), files=(picture,) if picture else (), ping=ping)
        await self.ctx.signals.finished(game, state)

    @in_game_language
    async def reprompt(self, game: Game, state: Any, deadline: int | None, head: str = "",
                       timers: Sequence[OwedTimer] | None = None,
                       only: str | None = None) -> Delivery | None:
        """Post the turn prompt (after ``head``): None if no prompt is due (an AI or absent seat
        decides next), else whether Discord accepted it. ``timers``: each owing player's own
        deadline; ``only``: just this player's line (their reminder)."""
        line, panel, ping = self.prompt(game, state, deadline, timers, only)
        text = "\n".join(x for x in (head, line) if x)
        delivery = await self.post(game, text, panel=panel, ping=ping) if text else DELIVERED
        if panel is not None and delivery.ok and delivery.message_id is not None:
            old = self.trail.last(game.id)  # the older prompt's controls go: this one is newer
            if old is not None:
                await self.edit(game, old.message_id, old.head or _("⏳ Asked again below."))
            self.trail.shown(game.id, delivery.message_id, head, self.asked(game, state, only),
                             None, frozenset(ping))
        return None if panel is None else delivery

    def automatic_next(self, game: Game, state: Any) -> bool:
        """Does an AI seat or an absent player owe a decision (made at once)?"""
        for owed in self.g(game).owed(state):
            if self.decides_alone(game, state, owed.player, game.seat_of_player(owed.player)):
                return True
        return False

    async def record(self, game: Game, state: Any, prompt: Delivery | None,
                     delivered: dict[str, str]) -> None:
        """Remember what went out for this state: a prompt counts only once Discord accepted
        it, and a state whose prompt was lost stays behind (a restart's ``catch_up`` and the
        retries of ``referee.deciding.holds`` post it again). Refusals go to ``on_trouble``. The thread
        memory (the prompt trail, the catch-up) is written in the same transaction."""
        lost = prompt is not None and not prompt.ok
        await self.ctx.tell.flush(game.id)
        try:  # with what the thread memory is now (``referee.telling.memory``): a restart goes on from it
            await notified_db.record(self.ctx.db, game.id, int(state.version),
                                     prompt_version=int(state.version) if prompt else None,
                                     auto=self.automatic_next(game, state), hands=delivered,
                                     complete=not lost, memory=memory.kept(self, game.id),
                                     over=bool(state.ended))
        except Exception:
            log.exception("game %s: could not record what was posted", game.id)
        refused = self._refused.pop(game.id, None)
        if prompt is not None and not prompt.ok:
            refused = worse(refused, prompt)
        if refused is not None:
            await self.ctx.signals.trouble(game, state, refused, lost)

    @in_game_language
    async def started(self, game: Game, state: Any, events: list[Event], deadline: int | None) -> None:
        present = self.ctx.present(game)
        view = self.g(game).view(state, None)
        names = view.get("names") or {}
        order = ", ".join(f"{i + 1}. {texts.mention(game.seat_of_player(p), names.get(p, p))}"
                          for i, p in enumerate(view.get("seats") or game.player_ids))
        hours = self.ctx.turn_seconds(game) / 3600
        secret = any(hands(self.ctx, game, state).values())  # nothing private: no DM comes
        own = (_("Your hand comes by DM (or {command}).") if secret
               else _("Your own summary: {command}.")).format(command=present.cmd("hand"))
        head = ["🚀 " + _("**Game #{game} begins!** Seat order (shuffled): {order}.").format(
                    game=game.id, order=order),
                present.options_line(game.options, len(game.seats)) + " "
                + _("Time per decision: {hours} h.").format(hours=number(hours)) + " "
                + _("Language: {language}.").format(language=NAMES[self.ctx.language(game)])
                + " " + own,
                self.how_to(game), *texts.public_lines(events, present)]
        await self.post(game, "\n".join(head))
        await self.refresh_board(game)
        self.trail.forget(game.id)
        self.digests.start(game.id, game.player_ids)
        summary, files = await self.round_parts(game, state, always=True)
        prompt = await self.ask(game, state, deadline, None, None, "", intro=summary, files=files)
        delivered = await self.dm_hands(game, {p: hand_key(None) for p in game.player_ids}, state,
                                        events)
        await self.record(game, state, prompt, delivered)

    @in_game_language
    async def after_decision(self, game: Game, before: Mapping[str, str | None], state: Any,
                             events: list[Event], deadline: int | None, note: str | None, *,
                             lines: list[str] | None = None,
                             timers: Sequence[OwedTimer] | None = None,
                             deciders: Sequence[str] = ()) -> None:
        """The public lines (``lines``, or ``note`` and the events'), the map of a new round or
        the final scores, the next prompt (each owing player's own deadline from ``timers``),
        the hand DMs. ``deciders``: who made the decisions told (their catch-up restarts).
        The thread reads as a log (``referee.messages.prompts``): the previous prompt is edited down to
        these lines, or edited in place while the same player keeps deciding in the same turn
        (``Presentation.turn_key``); a new message pings only the players the turn passes to
        and those the game alerts (``Presentation.alerts``: a fight's defender)."""
        g, present = self.g(game), self.ctx.present(game)
        if lines is None:
            lines = ([note] if note else []) + texts.public_lines(events, present)
        if state.ended:  # the final post says the game is over (once, in one way)
            ending = set(texts.public_lines((e for e in events if e.kind == "end"
                                             and "game" in e.text.lower()), present))
            lines = [line for line in lines if line not in ending]
        view = self.public.view(g, game.id, state)
        alerts = present.alerts(view, [e for e in events if e.to is None],
                                texts.who(game, view))
        warn = [line for _, line in alerts]  # told where the ping is (a new message)
        alerted = frozenset(seat.user_id for pid, _ in alerts
                            if (seat := game.seat_of_player(pid)) is not None
                            and seat.user_id is not None and not seat.is_ai)
        prompt: Delivery | None = None
        last = self.trail.drop(game.id)
        if last is not None and last.summary and present.summary_tells:
            # the round summary above, edited, says it (who has bid): no line of its own,
            # here or in a catch-up
            told = set(texts.public_lines((e for e in events if e.kind in present.summary_tells),
                                          present))
            lines = [line for line in lines if line not in told]
        self.digests.add(game.id, lines, deciders)
        body = "\n".join(lines)
        if state.ended:
            if last is not None:
                last = self.fresh_summary(game, state, last)
            if last is not None and await self.edit_down(game, last, body):
                body = ""
            await self.final_post(game, state, head=join(body, *warn), ping=tuple(sorted(alerted)))
            await self.refresh_board(game, state)
            self.trail.forget(game.id)
            self.digests.forget(game.id)
            self.public.forget(game.id)
        elif present.new_round({e.kind for e in events if e.to is None}):
            summary, files = await self.round_parts(game, state)
            prompt = await self.ask(game, state, deadline, timers, last, body, intro=summary,
                                    files=files, warn=warn, alerted=alerted)
        else:
            prompt = await self.ask(game, state, deadline, timers, last, body, warn=warn,
                                    alerted=alerted)
        delivered = await self.dm_hands(game, before, state, events, deciders=deciders)
        await self.record(game, state, prompt, delivered)

    # --- DMs -------------------------------------------------------------------------------

    async def dm_hands(self, game: Game, before: Mapping[str, str | None], state: Any,
                       events: Iterable[Event], note: str | None = None, *,
                       deciders: Sequence[str] = ()) -> dict[str, str]:
        """DM every human whose hand changed (or who got a private event) their own view;
        one of ``deciders`` whose own request is being told gets it in the private answer to
        that request instead (``dm_hand``'s ``answer``), or nothing when the game's own
        answer to it showed the change (``Presentation.own_change_answered``). No DM either
        when nothing private is left (the new key is "": a hand emptied, a secret card or
        commit just revealed; the thread says what became public) and there is no private
        event for the player. Returns the hands delivered (player id ->
        ``hand_key``)."""
        present = self.ctx.present(game)
        events = [e for e in events if e.to is None or present.private_news(e)]
        now = hands(self.ctx, game, state)
        asking = requester(telling_for.get())  # the member whose request is being told
        delivered: dict[str, str] = {}
        for seat in game.seats:
            if seat.is_ai or seat.user_id is None:
                continue
            private = texts.private_lines(events, seat.player_id, present)
            key = now.get(seat.player_id)
            if not private and (before.get(seat.player_id) == key or not key):
                continue
            if (not private and present.own_change_answered and seat.user_id == asking
                    and seat.player_id in deciders):
                delivered[seat.player_id] = hand_key(key)  # shown by the game's own answer
                continue
            if await self.dm_hand(game, state, seat, private, note,
                                  answer=seat.player_id in deciders):
                delivered[seat.player_id] = hand_key(now.get(seat.player_id))
        return delivered

    @staticmethod
    def thread_link(game: Game) -> str:
        """The game's thread as a link (or its number, without a thread)."""
        thread = getattr(game, "thread_id", None)
        return (f"https://discord.com/channels/{getattr(game, 'guild_id', 0)}/{thread}"
                if thread is not None else f"game #{game.id}")

    async def turn_dms(self, game: Game, passed: Mapping[str, int]) -> None:
        """The short "your turn" DM to those of ``passed`` (player -> user id: the turn has
        just passed to them, their prompt pinged them) who asked for it (``db.settings``): the
        game and the link to its thread, nothing else. Sent with the ping, so at most one per
        turn passed; a failure is told in the thread once, like a hand DM's."""
        if not passed:
            return
        try:
            wanted = await self.turn_dm_users([*passed.values(), *self.members(game)])  # at once
        except Exception:
            log.exception("game %s: could not read who wants a turn DM", game.id)
            return
        title = self.ctx.present(game).title
        languages = await self.languages.of([*passed.values(), *self.members(game)])
        for player, uid in passed.items():
            if uid in wanted:
                with using(languages[uid] or self.ctx.language(game)):
                    text = _("➡️ Your turn in {title} #{game}: {link}").format(
                        title=title, game=game.id, link=self.thread_link(game))
                ok = await self.ctx.out.dm(uid, Post(text, ()))
                await self._dm_outcome(  # told apart from the hand DMs' failures
                    game, f"{player} turn", uid, ok,
                    "⚠️ " + _("{member}, I couldn't send you your \"your turn\" direct message "
                              "(are your DMs closed for this server?). The game goes on; {off} "
                              "stops them.").format(member=f"<@{uid}>",
                                                    off=f"`{command('game notify')} turn_dm:off`"),
                    ping=False)

    async def turn_dm_users(self, user_ids: Iterable[int]) -> set[int]:
        """Those of ``user_ids`` who want the turn DM: read once per member, then kept in
        memory (bounded; ``set_turn_dm`` keeps it current), so a decision reads nothing."""
        users = set(user_ids)
        unknown = [u for u in users if u not in self._turn_dm]
        if unknown:
            found = await settings_db.turn_dm_users(self.ctx.db, unknown)
            for u in unknown:
                self._remember_turn_dm(u, u in found)
        for u in users:
            self._turn_dm.move_to_end(u)
        return {u for u in users if self._turn_dm[u]}

    def _remember_turn_dm(self, user_id: int, on: bool) -> None:
        self._turn_dm[user_id] = on
        self._turn_dm.move_to_end(user_id)
        while len(self._turn_dm) > TURN_DM_KEPT:
            self._turn_dm.popitem(last=False)

    async def set_turn_dm(self, user_id: int, on: bool) -> None:
        """A member turns their "your turn" DM on or off (everywhere)."""
        await settings_db.set_turn_dm(self.ctx.db, user_id, on, now=self.ctx.now())
        self._remember_turn_dm(user_id, on)

    async def wants_turn_dm(self, user_id: int) -> bool:
        return user_id in await self.turn_dm_users((user_id,))

    async def _dm_outcome(self, game: Game, kind: str, user_id: int, ok: bool, warning: str,
                          *, ping: bool = True) -> None:
        """Remember whether a DM of ``kind`` (a player id: their hand) went through; the first
        failure in a row is told in the thread (``warning``), later ones are not."""
        key = (game.id, kind)
        if ok:
            self._dm_failed.pop(key, None)
        elif key in self._dm_failed:
            self._dm_failed.move_to_end(key)
        else:
            self._dm_failed[key] = None
            while len(self._dm_failed) > DM_FAILURES_KEPT:
                self._dm_failed.popitem(last=False)
            await self.post(game, warning, ping=(user_id,) if ping else ())

    def speaking(self, game: Game) -> Any:
        """``with notify.speaking(game):`` what is written for ``game``'s thread."""
        return using(self.ctx.language(game))

    @staticmethod
    def members(game: Game) -> list[int]:
        """The members seated in ``game`` (their settings are read all at once)."""
        return [s.user_id for s in game.seats if s.user_id is not None and not s.is_ai]

    def whose_turn(self, game: Game, state: Any, player: str) -> str:
        """A DM's last line: the link back to the game's thread and whether it is the
        player's turn (public facts only: who owes a decision)."""
        link = self.thread_link(game)
        if state is None:
            return link
        if state.ended:
            return _("The game is over: {link}").format(link=link)
        owing = [o.player for o in self.g(game).owed(state)]
        if player in owing:
            return _("➡️ It's your turn: {link}").format(link=link)
        names = self.public.view(self.g(game), game.id, state).get("names") or {}
        others = _(" and ").join(texts.name(names.get(p, p)) for p in owing) or _("nobody")
        return _("Not your turn (waiting for {others}): {link}").format(others=others, link=link)

    async def dm_hand(self, game: Game, state: Any, seat: Seat, private: list[str],
                      note: str | None = None, *, answer: bool = False) -> bool:
        """The player's own view (and ``private`` lines) by DM; with ``answer`` (they made the
        decision being told) first as the private answer to their own click or command
        (``Outbox.whisper``): they see their new hand there, and Discord counts no request
        for it (docs/limits.md, "Hands in the answer"). A DM only if that cannot be."""
        assert seat.user_id is not None
        present = self.ctx.present(game)
        view = self.g(game).view(state, seat.player_id)
        language = (await self.languages.of([seat.user_id, *self.members(game)]))[seat.user_id]
        with using(language or self.ctx.language(game)):  # the player's, else the game's
            # ``note``: a msgid (N_) said in the player's language here, or a text already said
            text = "\n".join([*(f"• {line}" for line in private), *([_(note)] if note else []),
                              present.hand_text(view, seat.player_id, game.id),
                              self.whose_turn(game, state, seat.player_id)])
            picture = await images.hand_png(present, view, seat.player_id, game.id)  # theirs too
        text = texts.plain(text)
        post = Post(text, (picture,) if picture else ())
        if answer and await self.ctx.out.whisper(seat.user_id, post):
            return True
        ok = await self.ctx.out.dm(seat.user_id, post)
        await self._dm_outcome(
            game, seat.player_id, seat.user_id, ok,
            "⚠️ " + _("{member}, I couldn't send you a direct message (are your DMs closed for "
                      "this server?). Use {hand} here to see your hand; the game goes on.").format(
                          member=f"<@{seat.user_id}>", hand=f"`{present.cmd('hand')}`"))
        return ok
