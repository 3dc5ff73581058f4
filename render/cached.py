"""A finished picture kept per language.

A picture drawn once per process and kept (a game's legend: ``@lru_cache(maxsize=1)``) holds
the words of the language it was first drawn in; asked again in another language it would
answer in the first. ``@per_language`` keeps one per language instead, keyed by
``texts.language()`` (the language a render worker draws in: ``texts.called_in``) and the
arguments::

    @per_language
    def legend_png() -> bytes: ...
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

import texts

F = TypeVar("F", bound=Callable[..., Any])


def per_language(fn: F) -> F:
    """``fn`` cached per (language, arguments): one result per language for each argument
    tuple, at most 64 kept. ``cache_clear`` forgets them all."""

    @functools.lru_cache(maxsize=64)
    def kept(lang: str, *args: Any) -> Any:
        with texts.using(lang):
            return fn(*args)

    @functools.wraps(fn)
    def call(*args: Any) -> Any:
        return kept(texts.language(), *args)

    call.cache_clear = kept.cache_clear  # type: ignore[attr-defined]
    return cast(F, call)
