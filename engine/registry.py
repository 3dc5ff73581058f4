"""The games the platform plays: one line per game below, its package name ``<pkg>`` (the game's
name with dashes as underscores). Everything else follows from that name
(docs/adding-a-game.md): the rules ``engine/<pkg>/`` (``engine.GAMES``, ``engine.get_game``),
the pictures ``render/<pkg>/`` (``board.py``, ``hand.py``... looked up by
``games.base.Presentation.pictures``), the presentation ``games/<pkg>/`` (``games.names()``, in
this order: the order ``/game new`` lists them), the pages ``docs/games/<game>.md`` and
``docs/rules/<game>.md``, and the tests ``tests/<pkg>/``. It lives in ``engine/`` because every
layer above may read it and the engine imports nothing above itself.
"""

from __future__ import annotations

PACKAGES: tuple[str, ...] = (
    "stella_digger",
    "out_of_mine",
    "white_ranium",
    "mining_colony",
)
