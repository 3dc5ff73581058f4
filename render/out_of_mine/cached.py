"""A picture drawn once per language: the pictures that take no argument (the legend, the tile
shapes sheet) draw their words in the language being written (``texts.language()``), so their
cache is keyed by it and never hands an English picture to a Japanese reader."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

from texts import language

T = TypeVar("T")


class PerLanguage(Generic[T]):
    """``fn()`` once per language; ``cache_clear()`` forgets every language's (and clears the
    caches of ``clears``, the pictures this one is drawn from), as ``functools.lru_cache``'s."""

    def __init__(self, fn: Callable[[], T], clears: Iterable[PerLanguage[object]] = ()) -> None:
        self._fn = fn
        self._clears = list(clears)
        self._drawn: dict[str, T] = {}
        self.__doc__ = fn.__doc__
        self.__name__ = fn.__name__

    def __call__(self) -> T:
        lang = language()
        if lang not in self._drawn:
            self._drawn[lang] = self._fn()
        return self._drawn[lang]

    def cache_clear(self) -> None:
        self._drawn.clear()
        for other in self._clears:
            other.cache_clear()
