"""The request log: every REST call the bot made, with its parsed body and uploaded files."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

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
    `json` is the JSON body (for multipart: the parsed `payload_json`)."""

    method: str
    path: str
    query: dict[str, str]
    json: Any = None
    files: list[UploadedFile] = field(default_factory=list)
    route: str | None = None  # the matched template, e.g. "/channels/{channel_id}/messages"
    status: int | None = None
    response: Any = None
    timestamp: float = field(default_factory=time.time)
    monotonic: float = field(default_factory=time.perf_counter)
    fault: bool = False  # answered by an injected fault

    @property
    def multipart(self) -> bool:
        return bool(self.files)

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}{' (fault)' if self.fault else ''}>"


async def read_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    """Parse a JSON or multipart body the way Discord does (`payload_json` + `files[n]`)."""
    ctype = request.content_type
    if ctype.startswith("multipart/"):
        payload: Any = None
        files: list[UploadedFile] = []
        reader = await request.multipart()
        async for part in reader:
            data = await part.read(decode=False)  # type: ignore[union-attr]
            name = part.name or ""  # type: ignore[union-attr]
            if name == "payload_json":
                payload = json.loads(data.decode())
            else:
                files.append(UploadedFile(
                    name,
                    part.filename or name,  # type: ignore[union-attr]
                    part.headers.get("Content-Type", "application/octet-stream"),
                    bytes(data),
                ))
        return payload, files
    raw = await request.read()
    if not raw:
        return None, []
    try:
        return json.loads(raw.decode()), []
    except ValueError:
        return raw.decode(errors="replace"), []


# Where the middleware puts a request's record (typed keys where aiohttp has them)
RECORD_KEY: Any = web.RequestKey("record", RequestRecord) if hasattr(web, "RequestKey") else "record"
