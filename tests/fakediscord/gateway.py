"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatch.
A session identified with ``shard: [id, count]`` gets only its guilds' events and interactions.

A `Session` outlives its websocket (`Connection`): events dispatched while the bot is
reconnecting are kept and replayed on RESUME, as Discord does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
import zlib
from collections import deque
from typing import TYPE_CHECKING, Any

import orjson
from aiohttp import WSMsgType, web

from . import payloads

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT = 0, 1, 2, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11

# Intent bits that gate dispatches the fake sends
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15


class Connection:
    """One websocket; a writer task sends queued payloads in order."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool):
        self.ws = ws
        self.session: Session | None = None
        self._zlib = zlib.compressobj() if compress else None
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write(), name="fakediscord-gateway-writer")

    def send(self, payload: dict[str, Any]) -> None:
        self._queue.put_nowait(payload)

    async def _write(self) -> None:
        while (payload := await self._queue.get()) is not None:
            data = orjson.dumps(payload, option=orjson.OPT_NON_STR_KEYS).decode()
            try:
                if self._zlib is None:
                    await self.ws.send_str(data)
                else:
                    chunk = self._zlib.compress(data.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(chunk)
            except (ConnectionError, RuntimeError):
                return

    async def close(self, code: int = 1000) -> None:
        self._queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._writer, 1.0)
        await self.ws.close(code=code)


class Session:
    """A gateway session (IDENTIFY creates one, RESUME re-attaches a new websocket to it)."""

    def __init__(self, session_id: str, intents: int, shard: list[int] | None):
        self.id = session_id
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.connection: Connection | None = None
        self.resumable = True
        self.history: deque[dict[str, Any]] = deque(maxlen=5000)
        self.created = time.time()

    @property
    def live(self) -> bool:
        return self.connection is not None

    def owns(self, guild_id: str | int | None) -> bool:
        """Does this session's shard get the guild's events (Discord's rule: shard
        ``(guild_id >> 22) % shard_count``; direct messages go to shard 0)?"""
        if not self.shard:
            return True
        shard_id, count = int(self.shard[0]), int(self.shard[1])
        if guild_id is None:
            return shard_id == 0
        return (int(guild_id) >> 22) % count == shard_id

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.history.append(payload)
        if self.connection is not None:
            self.connection.send(payload)


class Gateway:
    """All sessions of the fake, and the websocket route handler."""

    def __init__(self, fake: FakeDiscord, heartbeat_interval_ms: int = 41250):
        self.fake = fake
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: dict[str, Session] = {}
        self.connections: list[Connection] = []
        self.active: Session | None = None
        self.log: list[dict[str, Any]] = []  # connects, identifies, resumes, closes (with time)
        self._tasks: set[asyncio.Task] = set()

    # -- dispatching -------------------------------------------------------------------------
    def _open_sessions(self) -> list[Session]:
        return [s for s in self.sessions.values() if s.resumable]

    def broadcast(self, event: str, data: dict[str, Any], intent: int = 0,
                  without_content: dict[str, Any] | None = None) -> None:
        """Dispatch to every open session whose intents include `intent` (0: no intent needed);
        sessions without the MESSAGE_CONTENT intent get `without_content` when it is given."""
        guild_id = data.get("id") if event.startswith("GUILD_") and "guild_id" not in data \
            else data.get("guild_id")
        for session in self._open_sessions():
            if not session.owns(guild_id):
                continue
            if not intent or session.intents & intent:
                redact = without_content is not None and not session.intents & MESSAGE_CONTENT
                session.dispatch(event, without_content if redact else data)  # type: ignore[arg-type]

    def target(self, guild_id: str | int | None = None) -> Session | None:
        """The session an interaction (in ``guild_id``, None: a DM) goes to: of the sessions
        whose shard owns the guild, the newest live one, else the newest resumable."""
        if self.active is not None and self.active.resumable and self.active.owns(guild_id):
            return self.active
        sessions = [s for s in self._open_sessions() if s.owns(guild_id)]
        live = [s for s in sessions if s.live]
        return (live or sessions)[-1] if sessions else None

    def send_reconnect(self) -> None:
        """Ask the bot to reconnect and RESUME (opcode 7), as Discord does on server moves."""
        session = self.target()
        if session is None or session.connection is None:
            raise RuntimeError("no bot is connected to the fake gateway")
        session.connection.send({"op": RECONNECT, "d": None})

    def _note(self, what: str, **info: Any) -> None:
        self.log.append({"event": what, "time": time.time(), **info})
        self.fake.notify()

    # -- websocket ----------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws, compress=request.query.get("compress") == "zlib-stream")
        self.connections.append(conn)
        self._note("connect", path=request.path, query=dict(request.query))
        conn.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms, "_trace": ["fake"]}})
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    self._received(conn, orjson.loads(msg.data))
                elif msg.type == WSMsgType.ERROR:
                    break
        finally:
            code = ws.close_code
            session = conn.session
            if session is not None and session.connection is conn:
                session.connection = None
                session.resumable = code not in (1000, 1001)
            self.connections.remove(conn)
            await conn.close()
            self._note("close", code=code, session=session.id if session else None)
        return ws

    def _received(self, conn: Connection, msg: dict[str, Any]) -> None:
        op, data = msg.get("op"), msg.get("d")
        if op == HEARTBEAT:
            conn.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            self._identify(conn, data or {})
        elif op == RESUME:
            self._resume(conn, data or {})
        elif op == REQUEST_MEMBERS:
            self._request_members(conn, data or {})
        else:
            log.debug("fake gateway ignores op %s", op)

    def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        self.fake.tokens_seen.add(str(data.get("token")))
        session = Session(uuid.uuid4().hex, int(data.get("intents") or 0), data.get("shard"))
        self.sessions[session.id] = session
        session.connection, conn.session = conn, session
        self.active = session
        self._note("identify", session=session.id, intents=session.intents)
        owned = [g for g in self.fake.guilds.values() if session.owns(g.id)]
        session.dispatch("READY", payloads.ready(self.fake, session.id, session.shard, owned))
        for guild in owned:
            session.dispatch("GUILD_CREATE", payloads.guild_create(guild, self.fake))

    def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or not session.resumable:
            self._note("resume-refused", session=data.get("session_id"))
            conn.send({"op": INVALID_SESSION, "d": False})
            return
        if session.connection is not None and session.connection is not conn:
            task = asyncio.create_task(session.connection.close(4000))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        session.connection, conn.session = conn, session
        self.active = session
        last = int(data.get("seq") or 0)
        missed = [p for p in session.history if p["s"] > last]
        self._note("resume", session=session.id, replayed=len(missed))
        for payload in missed:
            conn.send(payload)
        session.dispatch("RESUMED", {"_trace": ["fake"]})

    def _request_members(self, conn: Connection, data: dict[str, Any]) -> None:
        guild = self.fake.guilds.get(str(data.get("guild_id")))
        if guild is None or conn.session is None:
            return
        query, ids = str(data.get("query") or ""), data.get("user_ids")
        members = [
            m for m in guild.members.values()
            if (ids is None or m.id in {str(i) for i in ids})
            and m.user.username.lower().startswith(query.lower())
        ]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": guild.id,
            "members": [payloads.member(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        conn.session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def close_all(self) -> None:
        for conn in list(self.connections):
            await conn.close(1001)
