"""A seeded random generator whose whole state is one integer, kept inside the game state.

SplitMix64: tiny, fast, and fully determined by its 64-bit state, so a saved game carries its
own future and replaying the log from the seed deals the same cards. The engine never uses the
global ``random`` module.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_SMALL = 256
_THRESHOLDS = (0, *((1 << 64) % n for n in range(1, _SMALL)))  # ``below``'s, precomputed


def seed_state(seed: int) -> int:
    """The generator state for a seed (any integer)."""
    return seed & _MASK


class Rng:
    """A generator working on ``holder.rng`` (an int attribute), so the state stays in the game."""

    __slots__ = ("holder",)

    def __init__(self, holder: object) -> None:
        self.holder = holder

    def next64(self) -> int:
        s = (self.holder.rng + 0x9E3779B97F4A7C15) & _MASK  # type: ignore[attr-defined]
        self.holder.rng = s  # type: ignore[attr-defined]
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (Lemire's multiply-shift, rejection for no bias).
        ``next64`` written out inline: engines draw this in their hottest loops."""
        if n <= 0:
            raise ValueError("n must be positive")
        threshold = _THRESHOLDS[n] if n < _SMALL else (1 << 64) % n
        holder: Any = self.holder
        while True:
            s = (holder.rng + 0x9E3779B97F4A7C15) & _MASK
            holder.rng = s
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            m = (z ^ (z >> 31)) * n
            if (m & _MASK) >= threshold:
                return m >> 64

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]
