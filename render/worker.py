"""What a render worker process runs first (``referee/shared/render_pool.py``).

Only ``render`` (with Pillow and the pure ``engine`` data it draws from) is imported here: no
discord, no database, no referee. The pictures a worker draws are functions passed by reference
(``render.stella_digger.board.board_png``, a game presentation's ``board_png`` that calls
``render/<game>/``); unpickling one imports its module and nothing else, so a worker costs the
memory of the pictures' caches.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing.connection
import os
import signal
import threading

from .heap import give_back


def warm() -> None:
    """Worker start: ignore Ctrl-C (the bot ends its workers), give way to the bot's process
    (``lower_priority``), end with the bot even if it is killed, compile every language's
    catalogs, and run each game's ``render/<game>/board.py`` ``warm()`` where it has one (Stella
    Digger builds its round picture's palette), so that the first real picture costs no more
    than the others."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    lower_priority()
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True).start()
    from engine import GAMES
    from texts import catalogs
    from texts.locales import LOCALES

    for language in LOCALES:  # the words drawn in every language (read and compiled once)
        catalogs.translations(language)
    for name in GAMES:
        try:
            module = importlib.import_module(f"render.{name.replace('-', '_')}.board")
        except ModuleNotFoundError:
            continue
        start = getattr(module, "warm", None)
        if start is not None:
            start()
    give_back()  # the swatch pictures' heap (render/heap.py)


#: how much nicer than the bot a worker is (``nice``): on a machine of one or two cores the
#: pictures then wait for the bot's event loop, never the other way round (a reply held behind a
#: picture being drawn is a player waiting; a picture a few milliseconds later is not)
NICER = 10


def lower_priority() -> None:
    """Run this process ``NICER`` steps nicer than it was (where the system allows it)."""
    with contextlib.suppress(OSError):  # not allowed here: the bot's priority, as before
        os.nice(NICER)


def _exit_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def pid() -> int:
    """The worker's process id (for tests and the benchmark)."""
    return os.getpid()
