"""Shared by every test: the run's counts are printed even at ``-qq`` (``pyproject`` sets
``-q``, so ``./scripts/test.sh -q`` would otherwise end without saying how many passed)."""

from __future__ import annotations

import os
from typing import Any

# every bot the tests run (in this process or a child) checks that no state shared from memory
# was changed in place (``referee.deciding.sessions.SHARED_CHECKS``)
os.environ["STELLA_CHECK_SHARED"] = "1"
# ... and draws its pictures in one worker (the bot's default is two on two cores): two tests run
# at a time on CI's two cores, and a second worker for every bot started would only cost its start
os.environ.setdefault("RENDER_WORKERS", "1")

KINDS = ("passed", "failed", "error", "skipped", "xfailed", "xpassed")


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: Any) -> None:
    if config.option.verbose >= -1:
        return  # pytest's own summary line says it
    stats = terminalreporter.stats
    counts = [f"{len(stats[k])} {k}" for k in KINDS if stats.get(k)]
    terminalreporter.write_line(", ".join(counts) or "no tests ran")
