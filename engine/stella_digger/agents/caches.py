"""The engine's memo tables (lru caches on listings, shared decisions), and a way to empty them.

They only make things faster: emptying them never changes an answer. The benchmark empties them
before each run, so that every run measures a cold start as a fresh process would.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

from engine.stella_digger import game  # noqa: F401  (imports every rule module, so all caches exist)
from engine.stella_digger.actions import forget_shared


def memos() -> Iterator[Any]:
    """Every lru-cached function of the engine's modules."""
    for name, module in list(sys.modules.items()):
        if name.startswith("engine.stella_digger.") and module is not None:  # every sub-package
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    yield value


def clear() -> None:
    for memo in set(memos()):
        memo.cache_clear()
    forget_shared()
