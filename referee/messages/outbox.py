"""The referee's only way out to Discord: an ``Outbox``. ``DiscordOutbox`` (``discord_out``)
sends for real; tests and the offline demo use their own (``MemoryOutbox`` here)."""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from referee.messages.choices import Panel

MESSAGE_MAX = 1900  # Discord allows 2000 characters; keep a margin

#: The request a player's work came by (the cogs' interaction; opaque here), set by the cogs as
#: the interaction starts.
replying_to: ContextVar[Any] = ContextVar("replying_to", default=None)
#: The request whose consequences are being told (``Teller`` sets it for each job: the
#: ``replying_to`` of the decision that queued it). An outbox may post a game's messages in the
#: request's own channel through it (an interaction's follow-ups: Discord does not count them
#: against the bot's global limit, docs/limits.md); None: through the channel.
telling_for: ContextVar[Any] = ContextVar("telling_for", default=None)


@dataclass(frozen=True, slots=True)
class File:
    name: str
    data: bytes


@dataclass(frozen=True, slots=True)
class Post:
    text: str
    files: tuple[File, ...] = ()
    panel: Panel | None = None
    ping: tuple[int, ...] = ()  # users this message may ping (nobody else is ever pinged)


class Failure(StrEnum):
    """Why Discord refused a message (``Delivery.failure``)."""

    PERMISSION = "permission"  # 50013 Missing Permissions: a moderator can fix it, retry later
    GONE = "gone"  # 10003 Unknown Channel, 50001 Missing Access, 50083 archived/locked thread
    TRANSIENT = "transient"  # 5xx, timeouts, anything else: retry later


@dataclass(frozen=True, slots=True)
class Delivery:
    """What became of one message: delivered only when Discord said so."""

    failure: Failure | None = None
    detail: str = ""
    message_id: int | None = None  # the message posted (or edited), when Discord said which

    @property
    def ok(self) -> bool:
        return self.failure is None

    def __bool__(self) -> bool:
        return self.ok


DELIVERED = Delivery()
GONE_CODES = frozenset({10003, 50001, 50083})
PERMISSION_CODES = frozenset({50013})


def failure_of(status: int | None, code: int | None) -> Failure:
    """Classify a refusal by Discord's JSON error ``code`` (and HTTP ``status``)."""
    if code in GONE_CODES or status == 404:
        return Failure.GONE
    if code in PERMISSION_CODES or status == 403:
        return Failure.PERMISSION
    return Failure.TRANSIENT


class Outbox(Protocol):
    async def create_thread(self, channel_id: int, name: str, intro: str) -> int:
        """Create a public thread in ``channel_id`` (after posting ``intro`` there); its id."""
        ...

    async def post(self, thread_id: int, post: Post) -> Delivery:
        """Send to a game's thread (or any channel). Never raises: a refusal is returned (and
        logged), so the caller can tell a delivered message from a lost one."""
        ...

    async def edit(self, thread_id: int, message_id: int, post: Post) -> Delivery:
        """Replace the text and controls of one of our messages in ``thread_id`` (``post.panel``
        None: no controls; files and pings are not changed: an edit pings nobody). Never
        raises, like ``post``."""
        ...

    async def dm(self, user_id: int, post: Post) -> bool:
        """Send a direct message; False if it could not be delivered (DMs closed...)."""
        ...

    async def whisper(self, user_id: int, post: Post) -> bool:
        """Show ``post`` to ``user_id`` alone, as a private answer to their own request being
        told (``telling_for``: on Discord an ephemeral follow-up of their interaction, not
        counted against the bot's global limit, docs/limits.md). False when there is none to
        answer (no request, another member's, too old, refused): the caller DMs instead."""
        ...

    async def last_prompt(self, thread_id: int, game_id: int) -> tuple[int, str] | None:
        """(version, tag) of the newest turn controls of ``game_id`` in the thread's recent
        messages, None if there are none (used after a restart to post a missing prompt)."""
        ...


def requester(request: Any) -> int | None:
    """The user id of a request (``telling_for``: an interaction's ``user.id``), if any."""
    user_id = getattr(getattr(request, "user", None), "id", None)
    return user_id if isinstance(user_id, int) else None


def prompt_of(custom_ids: list[str], game_id: int) -> tuple[int, str] | None:
    from referee.errors import Malformed
    from referee.messages import ids

    for custom_id in custom_ids:
        try:
            parsed = ids.parse(custom_id)
        except Malformed:
            continue
        if isinstance(parsed, ids.TurnId) and parsed.game_id == game_id:
            return parsed.version, parsed.tag
    return None


def split_text(text: str, limit: int = MESSAGE_MAX) -> list[str]:
    """Cut a long text into messages at line breaks (a single over-long line is cut hard)."""
    parts: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            parts.append(current)
            current = line
        else:
            current = candidate
    if current or not parts:
        parts.append(current)
    return parts


@dataclass
class MemoryOutbox:
    """Keeps everything sent, for tests and the demo. ``closed_dms``: users whose DMs fail."""

    threads: dict[int, list[Post]] = field(default_factory=dict)
    dms: dict[int, list[Post]] = field(default_factory=dict)
    closed_dms: set[int] = field(default_factory=set)
    whispers: dict[int, list[Post]] = field(default_factory=dict)  # private answers (``whisper``)
    refusals: dict[int, Failure] = field(default_factory=dict)  # channel id -> refused like this
    channel_intros: dict[int, list[str]] = field(default_factory=dict)
    next_thread_id: int = 9000
    next_message_id: int = 1
    edits: int = 0  # messages edited in place (``edit``)
    edited: list[tuple[int, Post]] = field(default_factory=list)  # (message id, the new post)
    sent: list[Post] = field(default_factory=list)  # every thread post as first posted
    intros: dict[int, tuple[int, int]] = field(default_factory=dict)  # thread -> (channel, index)
    _where: dict[int, tuple[int, int]] = field(default_factory=dict)  # message -> thread, index

    async def create_thread(self, channel_id: int, name: str, intro: str) -> int:
        self.next_thread_id += 1
        intros = self.channel_intros.setdefault(channel_id, [])
        intros.append(intro)
        self.intros[self.next_thread_id] = (channel_id, len(intros) - 1)  # as on Discord: the
        self.threads[self.next_thread_id] = []  # thread's id is its starter message's
        return self.next_thread_id

    async def post(self, thread_id: int, post: Post) -> Delivery:
        failure = self.refusals.get(thread_id)
        if failure is not None:
            return Delivery(failure, f"refused ({failure})")
        posts = self.threads.setdefault(thread_id, [])
        posts.append(post)
        self.sent.append(post)
        self.next_message_id += 1
        self._where[self.next_message_id] = (thread_id, len(posts) - 1)
        return Delivery(message_id=self.next_message_id)

    async def edit(self, thread_id: int, message_id: int, post: Post) -> Delivery:
        failure = self.refusals.get(thread_id)
        if failure is not None:
            return Delivery(failure, f"refused ({failure})")
        intro = self.intros.get(message_id)
        if intro is not None and intro[0] == thread_id:  # a channel announcement
            self.channel_intros[thread_id][intro[1]] = post.text
            self.edited.append((message_id, post))
            return Delivery(message_id=message_id)
        where = self._where.get(message_id)
        if where is None or where[0] != thread_id:
            return Delivery(Failure.GONE, "unknown message")
        posts = self.threads[thread_id]
        old = posts[where[1]]
        posts[where[1]] = Post(post.text, old.files, post.panel, old.ping)
        self.edits += 1
        self.edited.append((message_id, post))
        return Delivery(message_id=message_id)

    async def dm(self, user_id: int, post: Post) -> bool:
        if user_id in self.closed_dms:
            return False
        self.dms.setdefault(user_id, []).append(post)
        return True

    async def whisper(self, user_id: int, post: Post) -> bool:
        if requester(telling_for.get()) != user_id:
            return False
        self.whispers.setdefault(user_id, []).append(post)
        return True

    async def last_prompt(self, thread_id: int, game_id: int) -> tuple[int, str] | None:
        for post in reversed(self.threads.get(thread_id, [])[-25:]):
            if post.panel is not None:
                found = prompt_of([b.custom_id for b in post.panel.buttons], game_id)
                if found is not None:
                    return found
        return None

    def thread_text(self, thread_id: int) -> str:
        return "\n".join(p.text for p in self.threads.get(thread_id, []))
