"""Stella Digger's short rules reference (``/stella rules [topic]``), kept as a document beside
this module (``reference.md``: one ``## key`` section per topic, its words one paragraph) so
that it is translated where every rules topic is, in ``docs/rules/stella-digger.<lang>.md``
(docs/i18n.md); the full rulings R1-R21 are ``docs/rules/stella-digger.md``, whose sections
are topics too."""

from __future__ import annotations

import re
from pathlib import Path

REFERENCE = Path(__file__).with_name("reference.md")
_SECTION = re.compile(r"^## ([a-z0-9-]+)\n\n(.+?)\n*(?=^## |\Z)", re.M | re.S)


def read_topics(text: str) -> dict[str, str]:
    """``## key`` sections, in order, each its paragraph."""
    return {m.group(1): m.group(2).strip() for m in _SECTION.finditer(text)}


TOPICS: dict[str, str] = read_topics(REFERENCE.read_text(encoding="utf-8"))
