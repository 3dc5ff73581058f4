"""A member's chosen DM language stands against the background note of their interaction's
language started by the same interaction (``referee.telling.languages``): the note's read of the
database, begun before the choice, must not overwrite the choice kept in memory."""

from __future__ import annotations

import asyncio
from typing import Any

from referee.shared.context import Context
from referee.telling import languages as languages_module
from referee.telling.languages import Languages


async def test_a_choice_made_while_the_interactions_note_reads_stands(monkeypatch) -> None:
    stored: dict[int, tuple[str, bool]] = {}
    reading = asyncio.Event()
    release = asyncio.Event()

    async def read(db: Any, users: Any) -> dict[int, tuple[str, bool]]:
        found = {u: stored[u] for u in users if u in stored}  # read before the choice
        reading.set()
        await release.wait()
        return found

    async def write(db: Any, user: int, language: str, *, chosen: bool, now: int) -> None:
        if chosen or not stored.get(user, ("", False))[1]:
            stored[user] = (language, chosen)

    monkeypatch.setattr(languages_module.settings_db, "languages", read)
    monkeypatch.setattr(languages_module.settings_db, "set_language", write)
    kept = Languages(Context(db=None, out=None, settings=None))  # type: ignore[arg-type]
    kept.ctx.now = lambda: 0  # type: ignore[method-assign]
    seen = asyncio.ensure_future(kept.seen(7, "en"))  # the interaction's client language
    await reading.wait()
    await kept.choose(7, "ja")  # /game notify language:ja, while the note reads
    release.set()
    await seen
    assert await kept.of([7]) == {7: "ja"}
    assert stored[7] == ("ja", True)
