"""Moderator actions: who may moderate, abort, skip, undo, replace a seat, export/import, list."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from db import CorruptGame, DecisionSource, Game, GameStatus, ImportRejected, NothingToUndo
from db import games as games_db
from db import guilds as guilds_db
from db import moderation as moderation_db
from db import owed as owed_db
from db import timers as timers_db
from db import transfer as transfer_db
from db.holds import HoldReason
from engine.core.game import public_text, reveals
from referee.deciding.committed import Committed
from referee.deciding.sessions import Sessions
from referee.desks import imports
from referee.errors import NotAllowed, Refusal, WrongPhase
from referee.messages import texts
from referee.messages.names import clean
from referee.messages.outbox import File, Post
from referee.shared import ai
from referee.shared import cache as cached
from referee.shared.context import Context
from referee.telling.notify import Notifier, hands
from texts import N_, _, ngettext, pgettext

log = logging.getLogger(__name__)


@dataclass
class Rewound:
    """The dumped state before each decision from the first one undone (by log index), and
    the texts of those decisions that revealed hidden things."""

    before: dict[int, str]
    revealed: list[str]


def rewind(g: Any, game_id: int, initial: str, log_: list[Any], first: int) -> Rewound:
    """Replay the log from ``initial``: the state before each decision from ``first`` on,
    and which of them revealed hidden things (the engine's ``reveals`` of its events), named
    as anyone may read them (``public_text``; a sealed one is not named)."""
    state = g.load(initial)
    out = Rewound({}, [])
    for j, d in enumerate(log_):
        if j >= first:
            if state.version != d.prev_version:
                raise CorruptGame(game_id, f"decision {d.seq} does not follow its predecessor")
            out.before[j] = g.dump(state)
        events = g.apply(state, d.player_id, d.text)
        if j >= first and reveals(g, events):
            out.revealed.append(_("a secret decision") if d.sealed else public_text(g, d.text))
    return out


IMPORT_MAX_BYTES = imports.MAX_BYTES
ACTIVE = (GameStatus.LOBBY, GameStatus.RUNNING)
HELD = {HoldReason.GONE: N_("its thread is gone: /game-admin move it"),
        HoldReason.UNDELIVERED: N_("its prompt couldn't be posted; retrying"),
        HoldReason.NOBODY: N_("every player is absent"),
        HoldReason.PAUSED: N_("by a moderator: /game-admin resume")}
NOT_A_MODERATOR = N_("This needs the Manage Server permission, or the moderator role set with "
                     "/game-admin config.")


class Moderation:
    def __init__(self, ctx: Context, sessions: Sessions, notifier: Notifier) -> None:
        self.ctx = ctx
        self.sessions = sessions
        self.notify = notifier
        self.rewound: list[Callable[[int], None]] = []  # called with a game's id after a rewind

    def g(self, game: Game | str | None) -> Any:
        """The rules engine of a stored game (or a game name; None: the default game)."""
        return self.ctx.engine(game)

    # --- who -------------------------------------------------------------------------------

    async def is_moderator(self, guild_id: int | None, manage_guild: bool,
                           role_ids: Iterable[int]) -> bool:
        if guild_id is None:
            return False
        if manage_guild:
            return True
        role = await guilds_db.get_admin_role(self.ctx.db, guild_id)
        return role is not None and role in set(role_ids)

    async def set_role(self, guild_id: int, role_id: int | None) -> None:
        await guilds_db.set_admin_role(self.ctx.db, guild_id, role_id, now=self.ctx.now())

    # --- games -----------------------------------------------------------------------------

    async def abort(self, game_id: int, by_user: int, *, moderator: bool) -> Game:
        async with self.ctx.lock(game_id):
            game = await self.sessions.get_game(game_id)
            if game.status not in ACTIVE:
                raise WrongPhase(_("Game #{game} has already ended ({status}).").format(
                    game=game_id, status=pgettext("game status", str(game.status))))
            host_lobby = game.status == GameStatus.LOBBY and game.host_id == by_user
            if not moderator and not host_lobby:
                raise NotAllowed(_(NOT_A_MODERATOR) + " " + _("(The host may abort their own lobby.)"))
            await moderation_db.abort_game(self.ctx.db, game_id, by_user_id=by_user, reason="aborted",
                                         now=self.ctx.now())
            game = await cached.get_game(self.ctx, game_id)
            await self.sessions.after(Committed(game_id, game, advance=False))
        with self.notify.speaking(game):
            text = _("🛑 Game #{game} was aborted by {member}.").format(
                game=game_id, member=f"<@{by_user}>")
        await self.notify.post(game, text)
        await self.notify.refresh_board(game)
        return game

    async def skip(self, game_id: int, by_user: int, player: str | None = None) -> str:
        """Apply the default decision for whoever must decide now (``player``: that one of
        several players owing at once; default the first)."""
        async with self.ctx.lock(game_id):
            table = await self.sessions.running(game_id)
            owed = self.g(table.game).owed(table.state)
            to_act = next((o for o in owed if player is None or o.player == player), None)
            if to_act is None:
                raise WrongPhase(_("Nobody owes a decision.") if not owed else
                                 _("That seat owes no decision now."))
            seat = table.game.seat_of_player(to_act.player)
            action = await self.sessions.measured(
                table, to_act.player, self.g(table.game).default(table.state, to_act.player))
            shown = self.sessions.shown(table, to_act.player, action)
            with self.notify.speaking(table.game):  # the thread's words
                note = _("⏭️ {member} skipped {seat}: the default decision {decision} is "
                         "made.").format(member=f"<@{by_user}>", seat=texts.mention(seat),
                                         decision=shown)
            done = await self.sessions.commit(table, to_act.player, action,
                                              DecisionSource.ADMIN, by_user, note)
            done.advance = True
            await self.sessions.after(done)
        return shown.strip("`")

    async def undo(self, game_id: int, by_user: int) -> list[str]:
        """Undo the last decision made by a person (and the AI/automatic decisions after it),
        rebuilding the state by replaying the rest of the log from the initial state."""
        undone, _warning = await self.undo_report(game_id, by_user)
        return undone

    async def undo_report(self, game_id: int, by_user: int) -> tuple[list[str], str | None]:
        """``undo``, and a warning when it crosses hidden information already revealed (a
        card drawn, a tile turned: the players have seen it, the game can't hide it again)."""
        self.ctx.plans.drop(game_id)  # runs chosen before are not chosen any more
        async with self.ctx.lock(game_id):
            table = await self.sessions.running(game_id)
            log_ = await games_db.get_log(self.ctx.db, game_id)
            if not log_:
                raise Refusal(_("There is no decision to undo yet."))
            people = [i for i, d in enumerate(log_) if d.source not in ("ai", "auto")]
            first = people[-1] if people else len(log_) - 1
            rewound = await self.rewind_plan(table.game, log_, first)
            def warned() -> str | None:
                if not rewound.revealed:
                    return None
                return _("⚠️ This undo crosses hidden information that was already revealed "
                         "({revealed}): the players have seen it.").format(
                    revealed=", ".join(f"`{t}`" for t in rewound.revealed))

            warning = warned()  # the moderator's reply, in their words

            def head(n: int, undone: str) -> str:
                with self.notify.speaking(table.game):  # the thread's words
                    told = warned()
                    return ngettext("↩️ {member} undid {n} decision: {undone}.",
                                    "↩️ {member} undid {n} decisions: {undone}.", n).format(
                        member=f"<@{by_user}>", n=n, undone=undone) + (f"\n{told}" if told else "")

            undone = await self.rewind_to(table, log_, first, rewound, by_user, head,
                                          note=N_("(A moderator undid a decision.)"))
            await self.sessions.after(Committed(game_id, table.game))
        return undone, warning

    async def rewind_plan(self, game: Game, log_: list[Any], first: int) -> Rewound:
        """The states before each decision from ``first`` on, replayed from the initial state
        (off the event loop: a whole game's replay is tens of milliseconds of CPU), and which of
        those decisions revealed hidden things (``engine.core.game.reveals``)."""
        initial = await games_db.load_initial(self.ctx.db, game.id)
        return await asyncio.to_thread(rewind, self.g(game), game.id, initial.json, log_, first)

    async def rewind_to(self, table: Any, log_: list[Any], first: int, rewound: Rewound,
                        by_user: int, head: Callable[[int, str], str], note: str) -> list[str]:
        """Remove the decisions from ``first`` on (the caller holds the game's lock and
        checked who may): the state goes back to the one replayed before ``first``; each
        owing player gets a fresh timer; the thread gets ``head(n, undone)`` (how many and
        which, sealed ones unnamed) and the prompt, the players their hands. The caller
        hands the change to ``Sessions.after`` (the timers, the automatic seats)."""
        game_id = table.game.id
        g = self.g(table.game)
        before = rewound.before
        version = table.version
        for j in range(len(log_) - 1, first - 1, -1):
            d = log_[j]
            deadline = remind_at = None
            if j == first:
                deadline, remind_at = self.ctx.timer_for(table.game, g.load(before[j]))
            try:
                await moderation_db.undo_last(self.ctx.db, game_id, version, before[j], d.prev_version,
                                            deadline=deadline, remind_at=remind_at,
                                            by_user_id=by_user, now=self.ctx.now())
            except NothingToUndo:
                break
            version = d.prev_version
        self.ctx.plans.drop(game_id, stored=True)  # db.moderation.undo_last dropped the runs too
        for hook in self.rewound:
            hook(game_id)
        restored = g.load(before[first])
        game = await cached.get_game(self.ctx, game_id)
        await self.ctx.reset_timers(game, restored)  # each owing player's own timer
        game = await cached.get_game(self.ctx, game_id)
        names = {s.player_id: s.display_name for s in table.game.seats}
        undone = [f"{texts.name(names.get(d.player_id, d.player_id))}: `{d.text}`"
                  for d in texts.unsealed(log_[first:], None, g)]
        text = head(len(undone), "; ".join(undone))
        prompt = await self.notify.reprompt(game, restored, game.deadline, head=text)
        await self.notify.record(game, restored, prompt, {})
        await self.notify.dm_hands(game, hands(self.ctx, game, table.state), restored, [],
                                   note=note)
        table.state, table.game = restored, game
        return undone

    async def replace(self, game_id: int, player_id: str, by_user: int, *, user_id: int | None = None,
                      name: str | None = None, level: str | None = None) -> Game:
        """Hand a seat to another member, or to an AI (``level``), or back."""
        if (user_id is None) == (level is None):
            raise Refusal(_("Name either a member or an AI level to take the seat."))
        if level is not None and level not in ai.LEVELS:
            raise Refusal(_("Unknown AI level '{level}': use {levels}.").format(
                level=level, levels=", ".join(ai.PLAYER_LEVELS)))
        async with self.ctx.lock(game_id):
            game = await self.sessions.get_game(game_id)
            if game.status not in ACTIVE:
                raise WrongPhase(_("Game #{game} has ended ({status}).").format(
                    game=game_id, status=pgettext("game status", str(game.status))))
            old = game.seat_of_player(player_id)
            if old is None:
                raise Refusal(_("There is no such seat in this game."))
            if user_id is not None:
                other = game.seat_of_user(user_id)
                if other is not None and other.player_id != player_id:
                    raise Refusal(_("That member already plays another seat in this game."))
            new_name = clean(name) if name else (ai.BOT_NAMES[level] if level else str(user_id))
            await moderation_db.replace_seat(
                self.ctx.db, game_id, player_id, user_id=user_id, display_name=new_name,
                is_ai=level is not None, ai_level=ai.LEVELS[level] if level else None,
                by_user_id=by_user, reason="replace", now=self.ctx.now())
            game = await cached.get_game(self.ctx, game_id)
            new = game.seat_of_player(player_id)
            with self.notify.speaking(game):
                head = _("🔁 {member} handed the seat of {old} to {new}.").format(
                    member=f"<@{by_user}>", old=texts.mention(old), new=texts.mention(new))
            if game.status != GameStatus.RUNNING:
                await self.notify.post(game, head)
                return game
            table = await self.sessions.running(game_id, game)
            deadline, remind_at = self.ctx.timer_for(game, table.state)
            to_act = self.g(table.game).to_act(table.state)
            timed = to_act is not None and to_act.player == player_id
            if timed:
                await timers_db.set_deadline(self.ctx.db, game_id, deadline, remind_at=remind_at)
            else:
                deadline = game.deadline
            prompt = await self.notify.reprompt(game, table.state, deadline, head=head)
            await self.notify.record(game, table.state, prompt, {})
            if new is not None and not new.is_ai and new.user_id is not None:
                await self.notify.dm_hand(game, table.state, new, [], N_("You have taken over this seat."))
            await self.sessions.after(Committed(game_id, game, timers=timed))
        return game

    async def move(self, game_id: int, channel_id: int, by_user: int) -> Game:
        """Move a running game to a new thread in ``channel_id`` (its thread was deleted or
        locked, or it should live elsewhere); a game paused for that goes on."""
        return await self.sessions.holds.move(game_id, channel_id, by_user)

    # --- transfer and listing --------------------------------------------------------------

    async def export(self, game_id: int, by_user: int | None = None) -> File:
        """The game as a JSON file (every hand, the deck order): refused while it runs with a
        secret decision unrevealed, and refused while it runs to a member seated in it
        (``by_user``), who would read the other players' hands."""
        game = await self.sessions.get_game(game_id)
        if (game.status == GameStatus.RUNNING and by_user is not None
                and game.seat_of_user(by_user) is not None):
            raise Refusal(_("You play in game #{game}: its export holds the other players' "
                            "hidden cards, so another moderator exports it, or you after it "
                            "ends.").format(game=game_id))
        if game.status == GameStatus.RUNNING and await owed_db.sealed_count(self.ctx.db, game_id):
            raise Refusal(_("Game #{game} holds secret decisions not yet revealed: export it "
                            "after the reveal.").format(game=game_id))
        doc = await transfer_db.export_game(self.ctx.db, game_id, now=self.ctx.now())
        data = json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8")
        return File(f"stella-game-{game_id}.json", data)  # the bot's export name, any game

    async def import_game(self, data: bytes, *, guild_id: int, channel_id: int, by_user: int) -> Game:
        """Every check first (off the event loop: parsing and replaying are CPU work), then the
        thread, then the store; nothing is created or posted for a refused file."""
        checked = await asyncio.to_thread(imports.check, self.ctx.engine, data)
        present = self.ctx.present(checked.doc.game.game_name)
        doc = checked.doc
        duplicate = await transfer_db.find_duplicate(self.ctx.db, doc, guild_id)
        if duplicate is not None:
            raise Refusal(_("This game is already stored on this server as game #{game}; "
                            "nothing was imported.").format(game=duplicate))
        try:
            thread_id = await self.ctx.out.create_thread(
                channel_id, _("{title} (imported #{game})").format(title=present.title, game=doc.game.id),
                _("📥 {member} imported a {title} game.").format(member=f"<@{by_user}>",
                                                                title=present.title))
        except Exception:
            raise Refusal(_("I couldn't create a thread for the imported game here.")) from None
        try:
            new_id = await transfer_db.import_game(self.ctx.db, doc, guild_id=guild_id, channel_id=channel_id,
                                                   thread_id=thread_id, by_user_id=by_user,
                                                   now=self.ctx.now())
        except ImportRejected as exc:  # a race: the same file imported meanwhile
            await self.ctx.out.post(thread_id, Post(_("The import failed: {why}").format(why=exc)))
            raise Refusal(str(exc)) from None
        try:
            return await self._announce_import(new_id, doc.game.id, by_user)
        except Exception:  # stored: never let the moderator think nothing happened
            log.exception("game %s: announcing the import failed", new_id)
            raise Refusal(_("Game #{game} was imported into {thread}, but announcing it there "
                            "failed; the status command in the thread shows it.").format(
                game=new_id, thread=f"<#{thread_id}>")) from None

    async def _announce_import(self, new_id: int, original: int, by_user: int) -> Game:
        game = await cached.get_game(self.ctx, new_id)
        with self.notify.speaking(game):
            head = _("📥 Game #{game} imported by {member} (exported as #{original}): "
                     "{status}.").format(game=new_id, member=f"<@{by_user}>", original=original,
                                         status=pgettext("game status", str(game.status)))
        if game.status == GameStatus.RUNNING:
            async with self.ctx.lock(new_id):
                table = await self.sessions.running(new_id, game)
                deadline, remind_at = self.ctx.timer_for(game, table.state)
                await timers_db.set_deadline(self.ctx.db, new_id, deadline, remind_at=remind_at)
                await self.notify.post(game, head)
                await self.notify.round_post(game, table.state)
                prompt = await self.notify.reprompt(game, table.state, deadline)
                await self.notify.record(game, table.state, prompt, {})
                await self.sessions.after(Committed(new_id, game))
        else:
            await self.notify.post(game, head)
        return game

    async def listing(self, guild_id: int) -> str:
        games = [g for status in ACTIVE
                 for g in await games_db.list_games(self.ctx.db, status=status, guild_id=guild_id, limit=50)]
        if not games:
            return _("No lobby or running game on this server.")
        lines = []
        for summary in sorted(games, key=lambda s: s.id):
            game = await cached.get_game(self.ctx, summary.id)
            where = f"<#{game.thread_id}>" if game.thread_id else _("no thread")
            players = ", ".join(texts.name(s.display_name) + (" " + _("(absent)") if s.absent else "")
                                for s in game.seats)
            extra = ""
            if game.status == GameStatus.RUNNING:
                extra = _(", version {version}, deadline {deadline}").format(
                    version=game.version, deadline=texts.when(game.deadline))
                hold = await self.sessions.holds.get(game.id)
                if hold is not None:
                    extra += _(", **paused** ({why})").format(why=_(HELD[hold.reason]))
            lines.append(_("• #{game} {where} — {status}{extra}; players: {players}").format(
                game=game.id, where=where, status=pgettext("game status", str(game.status)),
                extra=extra, players=players or _("none")))
        return "\n".join(lines)
