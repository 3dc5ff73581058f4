"""A fake Discord that can hold one of the bot's requests: the bot waits for the answer, frozen
at an exact point of its work, until the test releases it (or kills the bot meanwhile).

``tests/fakediscord`` has faults that answer at once (429, 5xx); holding is what a test needs to
SIGKILL the bot at a chosen point of a decision, so it lives here as a subclass.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.fakediscord import FakeDiscord
from tests.fakediscord.faults import path_regex
from tests.fakediscord.responses import json_response


@dataclass
class Gate:
    """Holds the ``nth`` request (counted from arming) that matches ``method`` / ``path``."""

    nth: int
    method: str | None = None
    path: str = "**"
    seen: int = 0
    held: str | None = None  # "METHOD /path" once a request is held
    body: Any = None  # its JSON body, if it has one
    released: asyncio.Event = field(default_factory=asyncio.Event)
    drop: bool = True  # on release: answer 503 without doing anything (it never reached Discord)

    def matches(self, method: str, path: str) -> bool:
        return (self.method is None or self.method == method) and bool(path_regex(self.path).match(path))

    @property
    def deferral(self) -> bool:
        """Is the held request an interaction's deferral (callback type 5 or 6), sent before
        its answer was ready (``cogs.common.QUICK_S``)?"""
        return isinstance(self.body, dict) and self.body.get("type") in (5, 6)

    @property
    def holding(self) -> bool:
        return self.held is not None and not self.released.is_set()

    def release(self) -> None:
        self.released.set()


class HoldingFakeDiscord(FakeDiscord):
    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.gates: list[Gate] = []

    def hold(self, nth: int, method: str | None = None, path: str = "**", *, drop: bool = True) -> Gate:
        gate = Gate(nth, method.upper() if method else None, path, drop=drop)
        self.gates.append(gate)
        return gate

    def release_all(self) -> None:
        for gate in self.gates:
            gate.release()
        self.gates.clear()

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        path = request.path.removeprefix("/api/v10")
        if request.path.startswith("/api/v10"):
            for gate in list(self.gates):
                if gate.held is None and gate.matches(request.method, path):
                    gate.seen += 1
                    if gate.seen == gate.nth:
                        gate.held = f"{request.method} {path}"
                        if request.content_type == "application/json":
                            gate.body = await request.json()  # (kept for the handler too)
                        self.notify()
                        await gate.released.wait()
                        if gate in self.gates:
                            self.gates.remove(gate)
                        if gate.drop:
                            return json_response({"message": "held and dropped", "code": 0}, 503)
        return await super()._middleware(request, handler)
