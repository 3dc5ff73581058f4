"""The notifier's memory of each game's thread, written through to the database and loaded back
when the bot restarts, so a restarted bot goes on exactly as if it had not stopped: the same
prompt message edited (one message per turn where the game wants it), nobody pinged twice for
one turn, no prompt left with stale controls, each player's catch-up from their last decision,
the lobby message kept current, runs of decisions continued.

What is kept (``db.thread_memory``): the prompt trail (``referee.messages.prompts``), the catch-up
digests (``referee.messages.digest``), the lobby message (``referee.telling.announce``) and the runs
(``referee.messages.runs``, stored with the decisions themselves). A decision reads none of it from the
database: ``load`` runs once, at resume.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from db.thread_memory import ThreadMemory


class Notifier(Protocol):
    """What is remembered of a notifier (``referee.telling.notify.Notifier``): its prompt trail,
    digests, lobby boards and plans (each with ``dump``/``load``)."""

    trail: Any
    digests: Any
    boards: Any
    plans: Any


def kept(notifier: Notifier, game_id: int) -> ThreadMemory:
    """What the notifier remembers of the game's thread now (the prompt and the catch-up)."""
    prompt, owing = notifier.trail.dump(game_id)
    return ThreadMemory(game_id, prompt_json=prompt, owing_json=owing,
                        digest_json=notifier.digests.dump(game_id))


def load(notifier: Notifier, memories: Iterable[ThreadMemory],
         mine: Callable[[int], bool] = lambda guild_id: True) -> int:
    """Put what was stored back in the notifier's memory, for the games of the guilds this
    process serves (``mine``). Returns how many games had something kept."""
    count = 0
    for m in memories:
        if not mine(m.guild_id):
            continue
        notifier.trail.load(m.game_id, m.prompt_json, m.owing_json)
        notifier.digests.load(m.game_id, m.digest_json)
        notifier.boards.load(m.game_id, m.lobby_message_id, m.lobby_head)
        notifier.plans.load(m.game_id, m.runs)
        count += 1
    return count
