"""The English words of the catalogs that a translated text must not show (issue 30's
whole-game and prompt tests): for each catalog entry translated differently in a language,
each run of its English between placeholders long enough to be that entry's own."""

from __future__ import annotations

import re
from functools import cache

from texts.catalogs import catalog, messages

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
#: the slash commands' names and choices: Discord shows them, they are not the bot's sentences
SLASH = ("slash name", "slash choice")


@cache
def english_pieces(lang: str, domain: str | None = None, *, shortest: int = 12,
                   with_context: bool = True) -> frozenset[str]:
    """The English runs (``shortest`` characters or more between placeholders) of every
    catalog entry (of ``domain``, else of all) that ``lang`` translates differently; entries
    with a context left out when ``with_context`` is False (the slash commands' always)."""
    pieces: set[str] = set()
    for message in (messages(lang) if domain is None else catalog(lang, domain)):
        if not message.id or message.context in SLASH or (message.context and not with_context):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if set(ids) == set(strings):
            continue
        for source in ids:
            pieces |= {p.strip() for p in PLACEHOLDER.split(source) if len(p.strip()) >= shortest}
    return frozenset(pieces)
