"""The request log: every REST call the bot made, with its parsed body and uploaded files."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

import orjson
from aiohttp import web


@dataclass(eq=False)
class UploadedFile:
    field: str  # multipart field name, e.g. "files[0]"
    filename: str
    content_type: str
    data: bytes


@dataclass(eq=False)
class RequestRecord:
    """One REST request. `path` is relative to the API base (`/channels/1/messages`);
    `json` is the JSON body (for multipart: the parsed `payload_json`); `response` is the
    fake's JSON answer, parsed whenever it is read (the load benchmark never reads it)."""

    method: str
    path: str
    query: dict[str, str]
    json: Any = None
    files: list[UploadedFile] = field(default_factory=list)
    route: str | None = None  # the matched template, e.g. "/channels/{channel_id}/messages"
    status: int | None = None
    response_body: bytes = b""  # the JSON answer as sent
    timestamp: float = field(default_factory=time.time)
    monotonic: float = field(default_factory=time.perf_counter)
    fault: bool = False  # answered by an injected fault

    @property
    def response(self) -> Any:
        """The JSON answer (None: no JSON body)."""
        return orjson.loads(self.response_body) if self.response_body else None

    @property
    def multipart(self) -> bool:
        return bool(self.files)

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}{' (fault)' if self.fault else ''}>"


# aiohttp's own multipart reader and header parsers (``request.content_type``, ``part.name``) go
# through the email package: about 1.5 ms of CPU per request, which made the fake cost the load
# benchmark more than the bot. A form body is read whole and cut at its boundary instead (the
# sender chose a boundary that its parts do not contain: RFC 2046).
_PARAM = re.compile(r';\s*([\w*-]+)=("(?:[^"\\]|\\.)*"|[^;]*)')
_UNESCAPE = re.compile(r"\\(.)")


def _params(header: str) -> dict[str, str]:
    """``form-data; name="files[0]"; filename="map.png"`` -> {"name": ..., "filename": ...}."""
    found = {}
    for key, value in _PARAM.findall(header):
        value = value.strip()
        if value.startswith('"'):
            value = _UNESCAPE.sub(r"\1", value[1:-1])
        found[key.lower()] = value
    return found


def _parts(raw: bytes, boundary: str) -> list[tuple[dict[str, str], bytes]]:
    """The parts of a multipart body: each one's headers (lower-case names) and its bytes."""
    parts = []
    for chunk in raw.split(b"--" + boundary.encode())[1:]:
        if chunk.startswith(b"--"):  # the closing delimiter
            break
        head, _, data = chunk.removeprefix(b"\r\n").partition(b"\r\n\r\n")
        headers = {}
        for line in head.decode("utf-8", "replace").split("\r\n"):
            name, sep, value = line.partition(":")
            if sep:
                headers[name.strip().lower()] = value.strip()
        parts.append((headers, data.removesuffix(b"\r\n")))
    return parts


async def read_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    """Parse a JSON or multipart body the way Discord does (`payload_json` + `files[n]`)."""
    ctype = request.headers.get("Content-Type", "")
    raw = await request.read()
    if ctype.partition(";")[0].strip().lower().startswith("multipart/"):
        payload: Any = None
        files: list[UploadedFile] = []
        boundary = _params(ctype).get("boundary")
        for headers, data in _parts(raw, boundary) if boundary else ():
            disposition = _params(headers.get("content-disposition", ""))
            name = disposition.get("name", "")
            if name == "payload_json":
                payload = orjson.loads(data)
            else:
                files.append(UploadedFile(name, disposition.get("filename") or name,
                                          headers.get("content-type", "application/octet-stream"),
                                          data))
        return payload, files
    if not raw:
        return None, []
    try:
        return orjson.loads(raw), []
    except orjson.JSONDecodeError:
        return raw.decode(errors="replace"), []


# Where the middleware puts a request's record (typed keys where aiohttp has them)
RECORD_KEY: Any = web.RequestKey("record", RequestRecord) if hasattr(web, "RequestKey") else "record"
