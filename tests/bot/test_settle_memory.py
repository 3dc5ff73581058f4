"""bot.settle_memory: once the bot's own process has started, what is alive then is frozen out of
the cycle collector's walks and the youngest generation is collected less often. Run in a child
process: freezing pytest's own objects would outlive the test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_settle_memory_freezes_what_is_alive_and_raises_the_young_threshold() -> None:
    code = (
        "import gc, bot\n"
        "assert gc.get_freeze_count() == 0 and gc.get_threshold()[0] != bot.GC_YOUNG\n"
        "older = gc.get_threshold()[1:]\n"
        "bot.settle_memory()\n"
        "print(gc.get_freeze_count() > 1000, gc.get_threshold() == (bot.GC_YOUNG, *older))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.split() == ["True", "True"], out.stderr
