"""Names from outside (Discord display names, imported files) made safe to store and to show.

``clean`` is applied where a name enters the referee (a lobby's host and joiners, a replacing
member, an import's seats): control and format characters (bidirectional overrides, zero-width
marks...) are dropped, whitespace collapsed, the length capped. ``shown`` is applied where a
name or an engine text (which embeds names) is written into a message: markdown and mentions
(of members, roles, channels, commands...) are escaped, so ``[Free Nitro](https://evil.example)``
stays text and a name can't ping or link anyone.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# discord.py's ``discord.utils.escape_markdown`` and ``escape_mentions`` (2.7.1, MIT), the same
# expressions here so that the referee does not import discord (tests/bot/test_names.py checks
# that both give the same text)
_ESCAPE_COMMON = r"^>(?:>>)?\s|\[.+\]\(.+\)|^#{1,3}|^\s*-"
_URL = r"(?P<url><[^: >]+:\/[^ >]+>|(?:https?|steam):\/\/[^\s<]+[^<.,:;\"\'\]\s])"
_MARKDOWN = re.compile(rf"(?:{_URL}|(?P<markdown>[_\\~|\*`]|{_ESCAPE_COMMON}))", re.MULTILINE)
_MENTION = re.compile(r"@(everyone|here|[!&]?[0-9]{17,20})")


def escape_markdown(text: str) -> str:
    """Discord's markdown escaped with a backslash; links left alone."""
    return _MARKDOWN.sub(lambda m: m.group("url") or "\\" + m.group("markdown"), text)


def escape_mentions(text: str) -> str:
    """``@everyone``, ``@here`` and user and role mentions broken by a zero-width space."""
    return _MENTION.sub("@\u200b\\1", text)


NAME_MAX = 32  # Discord's own limit for display names
_DROP = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_KEEP = {"\u200d"}  # zero-width joiner: part of emoji sequences, not a direction mark
# escape_markdown leaves a marker alone when it sees no partner on the same line, but a message
# has more lines: every marker left is escaped (no masked link, no code fence, even cut short)
_MARKERS = re.compile(r"(?<!\\)([\[\]`*_~|])")
# what Discord reads as a mention or a link inside <...>, whatever the id's length: a member
# <@id> <@!id>, a role <@&id>, a channel <#id>, a command </name:id>, an emoji <:x:id>
# <a:x:id>, a time <t:n>; a zero-width space after the "<" leaves the text as it is typed
_ANGLED = re.compile(r"<(?=[@#/:]|a:|t:)")


def clean(raw: object, fallback: str = "player") -> str:
    """A name fit to store: printable, one line, at most ``NAME_MAX`` characters."""
    text = raw if isinstance(raw, str) else str(raw or "")
    kept = "".join(" " if c.isspace() else c for c in text
                   if c in _KEEP or c.isspace() or unicodedata.category(c) not in _DROP)
    name = " ".join(kept.split())[:NAME_MAX].strip()
    return name or fallback


@lru_cache(maxsize=4096)  # the same names and lines are shown again and again
def shown(text: str) -> str:
    """A name or an engine line as written in a message: cleaned of control characters, with
    markdown and mentions escaped (lines kept)."""
    text = text.replace("\\", "\u29f5")  # a look-alike: every backslash left is an escape
    lines = ("".join(c for c in line if c in _KEEP or unicodedata.category(c) not in _DROP)
             for line in text.split("\n"))
    return "\n".join(_ANGLED.sub("<\u200b", _MARKERS.sub(r"\\\1", escape_mentions(
        escape_markdown(line)))) for line in lines)
