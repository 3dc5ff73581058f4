"""Faults on demand: make the next N matching requests answer 429 / 5xx / any error."""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .responses import json_response


def path_regex(pattern: str) -> re.Pattern[str]:
    """`/channels/*/messages` or `/channels/{channel_id}/messages`: `*` and `{x}` match one path
    segment, `**` matches anything. The path is the part after `/api/v10`, without the query."""
    rx = re.escape(pattern)
    rx = rx.replace(r"\*\*", "\0").replace(r"\*", "[^/]+").replace("\0", ".*")
    rx = re.sub(r"\\\{[^}]*\\\}", "[^/]+", rx)
    return re.compile(rx + "$")


@dataclass(eq=False)
class Fault:
    """One armed fault. `hits` counts the requests it answered; `remaining` how many it still will."""

    method: str | None
    path: str
    status: int
    remaining: int
    retry_after: float = 0.0
    is_global: bool = False
    code: int = 0
    message: str = ""
    hits: int = 0
    hit_paths: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._rx = path_regex(self.path)

    def matches(self, method: str, path: str) -> bool:
        return (
            self.remaining > 0
            and (self.method is None or self.method.upper() == method)
            and bool(self._rx.match(path))
        )

    def respond(self, path: str) -> web.Response:
        self.remaining -= 1
        self.hits += 1
        self.hit_paths.append(path)
        if self.status != 429:
            return json_response({"message": self.message or f"{self.status}: fault", "code": self.code}, self.status)
        body: dict[str, Any] = {
            "message": "You are being rate limited.",
            "retry_after": self.retry_after,
            "global": self.is_global,
        }
        if self.is_global:
            body["code"] = 0
        headers = {
            "Retry-After": str(max(1, math.ceil(self.retry_after))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + self.retry_after:.3f}",
            "X-RateLimit-Reset-After": f"{self.retry_after:.3f}",
            "X-RateLimit-Bucket": "fakebucket" + str(abs(hash(self.path)) % 10**8),
            "X-RateLimit-Scope": "global" if self.is_global else "user",
            "Via": "1.1 google",
        }
        if self.is_global:
            headers["X-RateLimit-Global"] = "true"
        return json_response(body, 429, headers)


class Faults:
    """The armed faults plus the users whose DMs are closed (error 50007)."""

    def __init__(self) -> None:
        self.armed: list[Fault] = []
        self.dm_blocked: set[str] = set()

    def add(self, fault: Fault) -> Fault:
        self.armed.append(fault)
        return fault

    def take(self, method: str, path: str) -> Fault | None:
        for fault in self.armed:
            if fault.matches(method, path):
                return fault
        return None

    def clear(self) -> None:
        self.armed.clear()
        self.dm_blocked.clear()
