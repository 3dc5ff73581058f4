"""What a process makes once at its start, not in a player's interaction: bot.settle_memory (once
the bot's own process has started, what is alive then is frozen out of the cycle collector's
walks and the youngest generation is collected less often), bot.warm_texts and a render
worker's warm-up. Run in child processes: freezing pytest's own objects, or compiling the
catalogs in pytest's, would outlive the test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def in_a_child(code: str) -> list[str]:
    """The words ``code`` printed, run by a fresh interpreter in the project's folder."""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_settle_memory_freezes_what_is_alive_and_raises_the_young_threshold() -> None:
    code = (
        "import gc, bot\n"
        "assert gc.get_freeze_count() == 0 and gc.get_threshold()[0] != bot.GC_YOUNG\n"
        "older = gc.get_threshold()[1:]\n"
        "bot.settle_memory()\n"
        "print(gc.get_freeze_count() > 1000, gc.get_threshold() == (bot.GC_YOUNG, *older))\n"
    )
    assert in_a_child(code) == ["True", "True"]


def test_warm_texts_compiles_every_language_and_reads_the_refusals_once_at_start() -> None:
    """bot.warm_texts (run by setup_hook before anything is resumed or answered): every
    language's catalogs and the refusal templates made, so no player's interaction makes them
    (about 0.3 s of a held event loop); a later use finds them made."""
    code = (
        "import bot\n"
        "from texts import catalogs\n"
        "from texts.locales import LOCALES\n"
        "from referee.messages import refusals\n"
        "assert catalogs.translations.cache_info().currsize < len(LOCALES)\n"  # English only
        "assert refusals.templates.cache_info().currsize == 0\n"
        "bot.warm_texts()\n"
        "made = catalogs.translations.cache_info().currsize, refusals.templates.cache_info().currsize\n"
        "catalogs.translations('ja'); refusals.templates()\n"
        "print(made == (len(LOCALES), 1), catalogs.translations.cache_info().misses == len(LOCALES))\n"
    )
    assert in_a_child(code) == ["True", "True"]


def test_a_render_worker_warms_every_language_and_gives_way_to_the_bot() -> None:
    """render.worker.warm (each render process's start): every language's catalogs compiled,
    so a worker's first picture in Japanese or German costs no more than the others; the worker
    runs ``NICER`` steps nicer than the bot, so a picture never holds a reply's CPU."""
    code = (
        "from render import worker\n"
        "from texts import catalogs\n"
        "from texts.locales import LOCALES\n"
        "import os\n"
        "before = os.nice(0)\n"
        "worker.warm()\n"
        "print(catalogs.translations.cache_info().currsize == len(LOCALES),\n"
        "      os.nice(0) == min(19, before + worker.NICER))\n"
    )
    assert in_a_child(code) == ["True", "True"]
