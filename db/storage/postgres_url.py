"""Recognising a PostgreSQL URL without importing asyncpg (`db.storage.postgres` imports it)."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit


def is_url(target: object) -> bool:
    """A ``postgresql://`` (or ``postgres://``) URL, as opposed to a SQLite file path."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def redact(url: str) -> str:
    """The URL without its password (for messages and logs)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
