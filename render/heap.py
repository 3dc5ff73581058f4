"""Giving a render worker's freed heap back to the system after a one-off big job.

The round picture's fixed palette is taken from swatch pictures (tens of MB, freed at once), but
glibc keeps the freed pages of its heap while a small live allocation sits above them, and after
freeing a big block it serves later big ones from the heap too: a worker stayed at ~130 MB
resident after its warm-up instead of ~80 MB (measured with the round and a hand palette
built). ``malloc_trim`` releases them; elsewhere than glibc there is nothing to do.
"""

from __future__ import annotations

import ctypes
import ctypes.util


def give_back() -> None:
    """Return the freed heap to the system (glibc's ``malloc_trim``; a few ms)."""
    name = ctypes.util.find_library("c")
    try:
        trim = ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):
        return
    if trim is not None:
        trim(0)
