"""The channel announcement and the lobby message, kept current (issue 12): who plays, the
game's status, the result at the end, "aborted".

The announcement is the channel message the thread was started from: on Discord its id is the
thread's id, so nothing needs storing. The lobby message's id is remembered when it is
posted, in memory and in the database (``db.thread_memory``, loaded back at resume), so a
restarted bot keeps it current too.

The announcements of a channel are edited in the background (``Announcements``), one at a
time, the latest text of each only: every game of a channel edits messages of that one
channel, which Discord limits to a few edits every few seconds, and a job telling a game
waited for them (a channel where many games end or fill at once held the Teller's jobs in
discord.py's rate-limit waits, and every other game's decisions behind them: docs/limits.md).
The text wanted is kept in the database until the edit is made (``db.announcements``), so a
bot killed in between makes it when it starts again (``load``, then ``resume`` once
connected).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Mapping, Sequence
from typing import Any

from db import Game
from db import announcements as announcements_db
from db.storage.core import Core
from games import Presentation
from referee.messages import ids, texts
from referee.messages.choices import Button, Panel
from referee.messages.outbox import Delivery, Failure, Post
from texts import N_, _

log = logging.getLogger(__name__)
Spawn = Callable[[Coroutine[Any, Any, Any], str], "asyncio.Task[Any]"]


def lobby_panel(game_id: int) -> Panel:
    """The lobby message's buttons."""
    return Panel(buttons=(
        Button(_("Join"), ids.lobby_id(game_id, "join"), "success"),
        Button(_("Leave"), ids.lobby_id(game_id, "leave"), "secondary"),
        Button(_("Start"), ids.lobby_id(game_id, "start"), "primary"),
    ))


STATUS = {"lobby": N_("join in the thread"), "running": N_("under way in the thread"),
          "finished": N_("finished"), "aborted": N_("aborted")}


def players_line(game: Game) -> str:
    return ", ".join(texts.mention(s) for s in game.seats) or _("nobody yet")


def announcement(game: Game, present: Presentation, result: str = "") -> str:
    """The channel message of a game: what it is, who plays, how it stands."""
    status = _(STATUS.get(str(game.status), str(game.status)))
    line = present.emoji + " " + _("{host} opened {title} game #{game}: {status}. Players: "
                                   "{players}.").format(host=f"<@{game.host_id}>",
                                                        title=present.title, game=game.id,
                                                        status=status,
                                                        players=players_line(game))
    return f"{line}\n{result}" if result else line


def result_line(names: Mapping[str, str], scores: Mapping[str, Mapping[str, int]],
                winners: Sequence[str]) -> str:
    """The end in one line, winner first: "🏆 Ann wins with 31; Bob 25." """
    order = sorted(scores, key=lambda p: (p not in winners, -scores[p].get("total", 0)))
    parts = [f"{texts.name(names.get(p, p))} {scores[p].get('total', 0)}" for p in order]
    if not parts:
        return ""
    if len(winners) == 1:
        winner, score = parts[0].rsplit(" ", 1)
        return "🏆 " + _("{winner} wins with {score}").format(winner=winner, score=score) + (
            f"; {', '.join(parts[1:])}." if parts[1:] else ".")
    if winners:
        return "🏆 " + _("Shared victory: {scores}.").format(scores=", ".join(parts))
    return _("Nobody wins: {scores}.").format(scores=", ".join(parts))


class Announcements:
    """The channel announcements to edit: per channel, each message's latest text, sent one
    at a time by a task of that channel's while any is left (``spawn``: the referee's
    background tasks). A text wanted again before it went replaces the one waiting. One
    wanted through ``keep`` is kept in ``db`` until its edit was made (or refused for good)."""

    def __init__(self, spawn: Spawn, db: Core | None = None) -> None:
        self._spawn = spawn
        self._db = db
        # channel -> message -> its text and the game it is kept for (None: not kept)
        self._wanted: dict[int, OrderedDict[int, tuple[Post, int | None]]] = {}
        self._sending: dict[int, asyncio.Task[Any]] = {}  # channels whose task runs

    def want(self, out: Any, channel_id: int, message_id: int, post: Post,
             game_id: int | None = None) -> None:
        self._queue(channel_id, message_id, post, game_id)
        self._start(out, channel_id)

    async def keep(self, out: Any, game_id: int, channel_id: int, message_id: int,
                   post: Post) -> None:
        """``want``, the text kept in the database first (a failure there is logged: the
        edit is made all the same, only not after a crash)."""
        kept: int | None = None
        if self._db is not None:
            try:
                await announcements_db.want(self._db, game_id, channel_id, message_id, post.text)
                kept = game_id
            except Exception:
                log.exception("game %s: could not keep its announcement's text", game_id)
        self.want(out, channel_id, message_id, post, kept)

    def load(self, wanted: Sequence[announcements_db.Wanted],
             mine: Callable[[int], bool] = lambda guild_id: True) -> int:
        """The edits a stop cut off (``db.announcements.wanted``), of the guilds this process
        serves (``mine``), waiting until ``resume``: a text wanted meanwhile replaces its
        message's. Returns how many."""
        count = 0
        for w in wanted:
            if mine(w.guild_id):
                self._queue(w.channel_id, w.message_id, Post(w.text), w.game_id)
                count += 1
        return count

    def resume(self, out: Any) -> None:
        """Send what ``load`` put back (once the bot is connected)."""
        for channel_id in list(self._wanted):
            self._start(out, channel_id)

    def _queue(self, channel_id: int, message_id: int, post: Post, game_id: int | None) -> None:
        wanted = self._wanted.setdefault(channel_id, OrderedDict())
        wanted.pop(message_id, None)  # the newest goes last, after the others waiting
        wanted[message_id] = (post, game_id)

    def _start(self, out: Any, channel_id: int) -> None:
        if channel_id not in self._sending and self._wanted.get(channel_id):
            self._sending[channel_id] = self._spawn(self._send(out, channel_id),
                                                    f"announce-{channel_id}")

    @property
    def waiting(self) -> int:
        return sum(len(w) for w in self._wanted.values())

    @property
    def tasks(self) -> frozenset[asyncio.Task[Any]]:
        """The channels' tasks sending now."""
        return frozenset(self._sending.values())

    async def settled(self) -> None:
        """Until every edit wanted so far is sent (a clean shutdown waits for them)."""
        while self._sending:
            await asyncio.gather(*self._sending.values(), return_exceptions=True)

    async def _send(self, out: Any, channel_id: int) -> None:
        try:
            while wanted := self._wanted.get(channel_id):
                message_id, (post, game_id) = wanted.popitem(last=False)
                try:
                    delivery = await out.edit(channel_id, message_id, post)  # a refusal is logged there
                except Exception:
                    log.exception("could not edit the announcement %s", message_id)
                    continue  # kept: tried again after a restart
                if game_id is not None and self._db is not None and not (
                        isinstance(delivery, Delivery) and delivery.failure == Failure.TRANSIENT):
                    await self._sent(game_id, message_id, post)
        finally:
            self._sending.pop(channel_id, None)
            if not self._wanted.get(channel_id):
                self._wanted.pop(channel_id, None)

    async def _sent(self, game_id: int, message_id: int, post: Post) -> None:
        """Made (or refused for good: a gone message, a missing permission): not kept."""
        assert self._db is not None
        try:
            await announcements_db.sent(self._db, game_id, message_id, post.text)
        except Exception:
            log.exception("game %s: could not forget its announcement's edit", game_id)


class Boards:
    """Remembers lobby messages and edits them and the announcement."""

    def __init__(self, spawn: Spawn, db: Core | None = None) -> None:
        self.lobby_messages: dict[int, int] = {}  # game id -> lobby message id
        self.heads: dict[int, str] = {}  # game id -> the lines above its lobby text (a rematch)
        self.announcements = Announcements(spawn, db)

    def posted(self, game_id: int, delivery: Delivery, head: str = "") -> None:
        if delivery.ok and delivery.message_id is not None:
            self.lobby_messages[game_id] = delivery.message_id
            if head:
                self.heads[game_id] = head

    def load(self, game_id: int, message_id: int | None, head: str) -> None:
        """A lobby message as stored (at resume)."""
        self.lobby_messages.pop(game_id, None)
        self.heads.pop(game_id, None)
        if message_id is not None:
            self.lobby_messages[game_id] = message_id
            if head:
                self.heads[game_id] = head

    async def refresh(self, out: object, game: Game, present: Presentation, lobby_text: str,
                      result: str = "", panel: object | None = None) -> None:
        """Edit the lobby message (``panel``: its buttons while it is open) and the channel
        announcement to ``game`` as it is now. A refusal changes nothing else."""
        edit = getattr(out, "edit", None)
        if edit is None or game.thread_id is None:
            return
        message_id = self.lobby_messages.get(game.id)
        if message_id is not None:
            text = lobby_text if not result else f"{lobby_text}\n{result}"
            if self.heads.get(game.id):
                text = f"{self.heads[game.id]}\n{text}"
            delivery = await edit(game.thread_id, message_id, Post(text, (), panel))  # type: ignore[arg-type]
            if isinstance(delivery, Delivery) and delivery.failure == Failure.GONE:
                self.lobby_messages.pop(game.id, None)
        await self.announcements.keep(out, game.id, game.channel_id, game.thread_id,
                                      Post(announcement(game, present, result)))
        if str(game.status) in ("finished", "aborted"):
            self.lobby_messages.pop(game.id, None)
            self.heads.pop(game.id, None)
