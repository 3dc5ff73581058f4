"""The engine's refusals in the reader's language (docs/i18n.md, "Engine refusals").

The engines raise ``GameError``s with English sentences (``engine/`` is pure and never imports
``texts``). ``scripts/i18n.py`` extracts each ``raise`` of a constant or f-string message into
its game's catalog in the context ``engine error``, an f-string's expressions becoming ``{0}``,
``{1}``, ... (an English plural ending ``[s]``); here an English message is matched against those templates and its translation
filled with the values it carried (names, notation, numbers: kept as they are). A message that
matches none (built elsewhere) is shown as it is."""

from __future__ import annotations

import re
from functools import cache

from texts import pgettext
from texts.catalogs import in_context
from texts.locales import ENGINE_ERROR as CONTEXT

#: a value ``{0}``, a literal brace, or an English inflection ``[s]`` / ``[a|b]`` (either form)
_FIELD = re.compile(r"\{\d+\}|\{\{|\}\}|\[\w+(?:\|\w+)?\]")


def _pattern(template: str) -> tuple[re.Pattern[str], int]:
    """``template`` as an anchored regex (each ``{n}`` a non-greedy group) and the length of
    its literal text."""
    parts, literal, at = [], 0, 0
    for field in _FIELD.finditer(template):
        text = template[at:field.start()]
        parts.append(re.escape(text))
        literal += len(text)
        token = field.group()
        if token in ("{{", "}}"):
            parts.append(re.escape(token[0]))
            literal += 1
        elif token.startswith("["):
            forms = token[1:-1].split("|")
            parts.append("(?:" + "|".join(map(re.escape, forms)) + ")" + ("?" if len(forms) == 1 else ""))
        else:
            parts.append("(.*?)")
        at = field.end()
    parts.append(re.escape(template[at:]))
    literal += len(template) - at
    return re.compile("".join(parts), re.DOTALL), literal


@cache
def templates() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Every engine refusal's template, compiled once, the longest literal text first (so a
    template that merely contains another's words never takes its messages)."""
    compiled = [(*_pattern(t), t) for t in in_context(CONTEXT)]
    compiled.sort(key=lambda c: -c[1])
    return tuple((pattern, template) for pattern, _, template in compiled)


def refusal_words(message: str) -> str:
    """``message`` (an engine's English refusal) in the current language: the matching
    template's translation with the message's values put back; unchanged if none matches."""
    for pattern, template in templates():
        found = pattern.fullmatch(message)
        if found:
            return pgettext(CONTEXT, template).format(*found.groups())
    return message
