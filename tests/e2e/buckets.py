"""A fake Discord whose successful answers carry rate-limit headers, as Discord's do.

``tests/fakediscord`` sends ``X-RateLimit-*`` headers only with injected 429s. Without them
discord.py keeps every route's bucket at its initial limit of 1 and sends one request of a route
at a time: for routes without a major parameter (``GET /users/{id}``, ``POST /users/@me/channels``)
that is one request at a time for the whole bot, which real Discord does not impose. Here every
successful REST answer says: a bucket of ``limit`` requests per ``window`` seconds per route and
major parameter, counted for real (the fake still never refuses one; Discord's global limit is
not modelled). Interaction callbacks and webhooks are answered as before.
"""

from __future__ import annotations

import time
from typing import Any

from aiohttp import web

from tests.fakediscord import FakeDiscord

MAJOR = ("channels", "guilds", "webhooks")


class BucketedFakeDiscord(FakeDiscord):
    def __init__(self, *, limit: int = 50, window: float = 1.0, **kw: Any) -> None:
        super().__init__(**kw)
        self.limit, self.window = limit, window
        self._buckets: dict[str, tuple[float, int]] = {}

    def bucket(self, method: str, route: str, path: str) -> str:
        parts = path.strip("/").split("/")
        major = parts[1] if len(parts) > 1 and parts[0] in MAJOR else ""
        return f"{method} {route} {major}"

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        resp = await super()._middleware(request, handler)
        path = request.path.removeprefix("/api/v10")
        if (not request.path.startswith("/api/v10") or resp.status >= 400
                or path.startswith(("/interactions/", "/webhooks/"))):
            return resp
        resource = request.match_info.route.resource
        key = self.bucket(request.method, resource.canonical if resource is not None else path, path)
        now = time.monotonic()
        start, used = self._buckets.get(key, (now, 0))
        if now - start >= self.window:
            start, used = now, 0
        used += 1
        self._buckets[key] = (start, used)
        reset_after = max(0.001, self.window - (now - start))
        resp.headers.update({
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(0, self.limit - used)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": f"fake{abs(hash(key)) % 10**10}",
        })
        return resp
