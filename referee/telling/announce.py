"""The channel announcement and the lobby message, kept current (issue 12): who plays, the
game's status, the result at the end, "aborted".

The announcement is the channel message the thread was started from: on Discord its id is the
thread's id, so nothing needs storing. The lobby message's id is remembered when it is
posted, in memory and in the database (``db.thread_memory``, loaded back at resume), so a
restarted bot keeps it current too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from db import Game
from games import Presentation
from referee.messages import ids, texts
from referee.messages.choices import Button, Panel
from referee.messages.outbox import Delivery, Failure, Post
from texts import N_, _


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


class Boards:
    """Remembers lobby messages and edits them and the announcement."""

    def __init__(self) -> None:
        self.lobby_messages: dict[int, int] = {}  # game id -> lobby message id
        self.heads: dict[int, str] = {}  # game id -> the lines above its lobby text (a rematch)

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
        await edit(game.channel_id, game.thread_id, Post(announcement(game, present, result)))
        if str(game.status) in ("finished", "aborted"):
            self.lobby_messages.pop(game.id, None)
            self.heads.pop(game.id, None)
