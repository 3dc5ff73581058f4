"""Which server a request comes from, checked against every game it touches.

The cogs call ``acting_in(interaction.guild_id)`` as each interaction starts (every slash
command and autocomplete through ``RefereeTree.interaction_check``, every click through
``cogs.components.handle``); the referee's loaders call ``check(game)``, so no path can act on
another server's game, whatever custom id or game number a crafted message carries. Work the
referee starts itself (timers, retries, a restart) acts for no server and is not checked.
"""

from __future__ import annotations

from contextvars import ContextVar, Token
from typing import Final

from db import Game
from referee.errors import UnknownGame
from texts import _

_INTERNAL: Final = -1
_acting: ContextVar[int | None] = ContextVar("acting_guild", default=_INTERNAL)


def acting_in(guild_id: int | None) -> Token[int | None]:
    """From now on (in this task and the tasks it starts) requests come from ``guild_id``
    (None: a direct message, which reaches no server's game)."""
    return _acting.set(guild_id)


def done(token: Token[int | None]) -> None:
    _acting.reset(token)


def guild() -> int | None:
    """The server requests come from; None for the referee's own work or a direct message."""
    value = _acting.get()
    return None if value == _INTERNAL else value


def check(game: Game) -> Game:
    """``game`` if the current request may touch it; UnknownGame (as if it didn't exist) if the
    request comes from another server or from a direct message."""
    value = _acting.get()
    if value != _INTERNAL and value != game.guild_id:
        raise UnknownGame(_("There is no game #{game} on this server.").format(game=game.id))
    return game
