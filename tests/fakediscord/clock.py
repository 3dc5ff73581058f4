"""The clocks the fake can measure its deadlines and waits with.

``wall``: seconds as they pass (``time.perf_counter``), what a benchmark wants.

``runnable``: seconds in which the calling thread could run: the wall clock minus the time the
thread spent ready to run but waiting for a CPU (Linux's ``/proc/thread-self/schedstat``,
``run_delay``). On a machine busy with other work a thread waits for a CPU, and everything it
does takes longer by the wall clock; this clock does not count that wait. A test that says "the
bot answered within 3 s" means 3 s of the bot's own time, not of whatever else the machine ran
meanwhile: measured on this clock (on the event loop's thread, which the fake, the test and an
in-process bot share), the same code gives the same answer on an idle and on a loaded machine.
Time waiting for a lock, the disk or the network still counts. Where the kernel does not say
(not Linux), it is the wall clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]
_SCHEDSTAT = "/proc/thread-self/schedstat"


def wall() -> float:
    return time.perf_counter()


def _run_delay() -> float | None:
    """Seconds the calling thread has waited for a CPU so far (None: unknown here)."""
    try:
        with open(_SCHEDSTAT, "rb") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return None


def runnable() -> float:
    delay = _run_delay()
    return time.perf_counter() - (delay or 0.0)
