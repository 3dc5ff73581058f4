"""The language of what is being written now, and the functions that translate into it.

The language is a context variable: a slash command or a click sets the interaction's
(``cogs.common.RefereeTree``), the telling of a game the game's (``referee.telling``), a DM
the player's. It ends with the task (asyncio copies the context into each task), so one
request's language never leaks into another's."""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from babel.numbers import format_decimal

from texts.catalogs import translations
from texts.locales import DEFAULT, LOCALES

T = TypeVar("T")

_LANG: contextvars.ContextVar[str] = contextvars.ContextVar("texts_language", default=DEFAULT)


def language() -> str:
    return _LANG.get()


@contextlib.contextmanager
def using(lang: str | None) -> Iterator[str]:
    """Write in ``lang`` (one of ``LOCALES``; anything else is ``en``) within the block."""
    lang = lang if lang in LOCALES else DEFAULT
    token = _LANG.set(lang)
    try:
        yield lang
    finally:
        _LANG.reset(token)


def called_in(lang: str | None, fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` written in ``lang``: how a picture asked for in one language is drawn in a
    render worker process or a thread (``referee/shared/render_pool.py``), where the asking
    task's context variable does not reach. A module-level function, so it pickles by
    reference and a worker imports only ``texts`` for it."""
    with using(lang):
        return fn(*args)


def speak(lang: str | None) -> contextvars.Token[str]:
    """From now on (in this task and the tasks it starts) write in ``lang``; ``done(token)``
    ends it (an interaction's handler: ``cogs.common``)."""
    return _LANG.set(lang if lang in LOCALES else DEFAULT)


def done(token: contextvars.Token[str]) -> None:
    _LANG.reset(token)


def _(message: str) -> str:
    """``message`` (an English msgid) in the current language."""
    return translations(_LANG.get()).gettext(message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it (a constant translated where
    it is used, with ``_(CONSTANT)``)."""
    return message


def NP_(context: str, message: str) -> str:  # noqa: N802 (gettext's name for it)
    """Like ``N_`` for a text with a context (translated where used, with ``pgettext``)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` under the language's plural rule (Japanese
    has one form, German and English two)."""
    return translations(_LANG.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language where the same English has several meanings."""
    return translations(_LANG.get()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return translations(_LANG.get()).npgettext(context, singular, plural, n)


def command(words: str) -> str:
    """A slash command (``"game new"``) as the reader's Discord names it: each word is the
    command's name in the context ``slash name`` (``cogs.translator`` syncs the same names)."""
    return "/" + " ".join(pgettext("slash name", word) for word in words.split())


def number(value: float, decimals: int | None = None) -> str:
    """``value`` written the language's way (``1,234.5``; ``1.234,5`` in German), with exactly
    ``decimals`` digits after the point when given (``12.0``)."""
    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=_LANG.get())
