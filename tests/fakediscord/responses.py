"""HTTP answers in Discord's style: exact `application/json` bodies and JSON error objects."""

from __future__ import annotations

from typing import Any

import orjson
from aiohttp import web

# Discord JSON error codes the fake uses
UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MEMBER = 10007
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
UNKNOWN_COMMAND = 10063
CANNOT_SEND_EMPTY = 50006
CANNOT_DM_USER = 50007
INVALID_FORM_BODY = 50035
ALREADY_ACKNOWLEDGED = 40060


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """A JSON response whose Content-Type is exactly `application/json` (discord.py insists)."""
    body = orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)
    return web.Response(body=body, status=status, headers={**(headers or {}), "Content-Type": "application/json"})


def no_content() -> web.Response:
    return web.Response(status=204)


class ApiError(Exception):
    """Raised by route handlers; the middleware turns it into Discord's JSON error body."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None):
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data

    def response(self) -> web.Response:
        return json_response(self.body(), self.status)


def not_found(code: int, what: str) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


def invalid_form(problems: dict[str, str]) -> ApiError:
    """400 Invalid Form Body; `problems` maps a dotted field path to its message."""
    errors: dict[str, Any] = {}
    for path, msg in problems.items():
        node = errors
        for part in path.split("."):
            node = node.setdefault(part, {})
        node["_errors"] = [{"code": "BASE_TYPE_INVALID", "message": msg}]
    return ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", errors)
