"""The turn prompt's life in the thread, so the thread reads as a log (issue 12):

* a prompt pings only the players the turn passes to (not one who keeps deciding, nor one
  already owing at the last prompt);
* while the same player(s) keep deciding, one prompt is edited in place (what they did above,
  the next question and its buttons below);
* when the turn passes on, the previous prompt is edited down to what happened, without
  buttons (no stale clickable controls), and the next prompt is a new message.

``Trail`` remembers, per game, the last prompt message and who was owing: in memory, written
through with what was told (``dump``, ``referee.telling.memory``) and loaded back when the bot
restarts (``load``), so a restarted bot edits the same prompt, pings nobody twice for a turn,
and leaves no prompt with stale controls behind.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Shown:
    """The last prompt posted in a game's thread."""

    message_id: int
    head: str  # the lines above the question (what happened): kept when edited down
    asked: frozenset[str]  # the human players it asks
    key: str | None = None  # the game's turn it was posted in (``Presentation.turn_key``)
    pinged: frozenset[int] = frozenset()  # the users it pinged
    #: the round summary its head holds, edited to the public view whenever the prompt is
    #: (``Presentation.summary_tells``); "" for none
    summary: str = ""


def join(*parts: str) -> str:
    return "\n".join(p for p in parts if p)


class Trail:
    def __init__(self) -> None:
        self._last: dict[int, Shown] = {}
        self._owing: dict[int, frozenset[str]] = {}

    def pings(self, game_id: int, asked: Mapping[str, int]) -> tuple[int, ...]:
        """The users to ping among ``asked`` (player -> user id): those who owed nothing at
        the last prompt (the turn passes to them). Unknown game: everyone asked."""
        before = self._owing.get(game_id)
        return tuple(uid for player, uid in asked.items() if before is None or player not in before)

    def owing(self, game_id: int, players: Iterable[str]) -> None:
        """Who is asked for a decision now (the humans prompted): the next prompt pings only
        players not among them."""
        self._owing[game_id] = frozenset(players)

    def last(self, game_id: int) -> Shown | None:
        return self._last.get(game_id)

    def shown(self, game_id: int, message_id: int | None, head: str, asked: Iterable[str],
              key: str | None = None, pinged: frozenset[int] = frozenset(),
              summary: str = "") -> None:
        if message_id is None:
            self._last.pop(game_id, None)
        else:
            self._last[game_id] = Shown(message_id, head, frozenset(asked), key, pinged,
                                        summary if summary and summary in head else "")

    def drop(self, game_id: int) -> Shown | None:
        return self._last.pop(game_id, None)

    def forget(self, game_id: int) -> None:
        self._last.pop(game_id, None)
        self._owing.pop(game_id, None)

    def dump(self, game_id: int) -> tuple[str | None, str | None]:
        """The game's last prompt and who owed at it, as JSON texts (None: not known)."""
        shown, owing = self._last.get(game_id), self._owing.get(game_id)
        prompt = None if shown is None else json.dumps(
            {"message_id": shown.message_id, "head": shown.head, "asked": sorted(shown.asked),
             "key": shown.key, "pinged": sorted(shown.pinged), "summary": shown.summary},
            ensure_ascii=False)
        return prompt, None if owing is None else json.dumps(sorted(owing), ensure_ascii=False)

    def load(self, game_id: int, prompt: str | None, owing: str | None) -> None:
        """What ``dump`` wrote, back in memory."""
        self.forget(game_id)
        if prompt is not None:
            p = json.loads(prompt)
            self._last[game_id] = Shown(int(p["message_id"]), str(p["head"]),
                                        frozenset(p["asked"]), p["key"],
                                        frozenset(int(u) for u in p["pinged"]),
                                        str(p.get("summary") or ""))
        if owing is not None:
            self._owing[game_id] = frozenset(json.loads(owing))


def with_summary(shown: Shown, summary: str) -> Shown:
    """``shown`` with the round summary its head holds replaced by ``summary`` (unchanged if
    it holds none)."""
    if not shown.summary or shown.summary not in shown.head:
        return shown
    return dataclasses.replace(shown, head=shown.head.replace(shown.summary, summary, 1),
                               summary=summary)


def edited_down(shown: Shown, lines: str) -> str:
    """A prompt edited down to what happened: its head and the decision's public lines."""
    return join(shown.head, lines) or "✅ Decided."
