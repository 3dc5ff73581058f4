"""The language of each member's direct messages (issue 30): the one they chose
(``/game notify language:``), else their latest interaction's client language, else (unknown)
the game's. Read once per member and kept in memory (bounded), so a decision reads nothing;
an interaction writes only when the language it shows differs from the one kept."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable

from db import settings as settings_db
from referee.shared.context import Context

KEPT = 5000  # members whose language is kept in memory


class Languages:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._known: OrderedDict[int, tuple[str | None, bool]] = OrderedDict()

    async def of(self, user_ids: Iterable[int]) -> dict[int, str | None]:
        """user -> the language of their DMs (None: unknown, the game's is used)."""
        users = set(user_ids)
        unknown = [u for u in users if u not in self._known]
        if unknown:
            found = await settings_db.languages(self.ctx.db, unknown)
            for u in unknown:
                if u not in self._known:  # a choice made while this read waited stands
                    self._keep(u, *found.get(u, (None, False)))
        for u in users:
            self._known.move_to_end(u)
        return {u: self._known[u][0] for u in users}

    def needs(self, user_id: int, language: str) -> bool:
        """Might an interaction in ``language`` change what is kept for ``user_id``? (False
        for a member known to use it, or who chose theirs: nothing to do, no task.)"""
        kept = self._known.get(user_id)
        return kept is None or (not kept[1] and kept[0] != language)

    async def seen(self, user_id: int, language: str) -> None:
        """``user_id``'s interaction came in ``language``: their DMs follow it, unless they
        chose one."""
        await self.of((user_id,))
        kept, chosen = self._known[user_id]
        if chosen or kept == language:
            return
        await settings_db.set_language(self.ctx.db, user_id, language, chosen=False,
                                       now=self.ctx.now())
        if not self._known.get(user_id, (None, False))[1]:  # unless chosen meanwhile
            self._keep(user_id, language, False)

    async def choose(self, user_id: int, language: str) -> None:
        await settings_db.set_language(self.ctx.db, user_id, language, chosen=True,
                                       now=self.ctx.now())
        self._keep(user_id, language, True)

    def _keep(self, user_id: int, language: str | None, chosen: bool) -> None:
        self._known[user_id] = (language, chosen)
        self._known.move_to_end(user_id)
        while len(self._known) > KEPT:
            self._known.popitem(last=False)
