"""The catch-up digest: what happened in a game since a player's last decision, in a few lines
at the top of their next prompt.

Only public lines go in (the public events' texts, the notes the thread shows): a digest is
posted in the thread, so it never holds a private event (a card drawn) or a sealed decision.
Kept in memory per game, written through with what was told (``dump``, ``referee.telling.memory``)
and loaded back when the bot restarts (``load``): a restart loses no player's place.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from texts import _, ngettext, number

SHOWN = 4  # lines of a digest; the rest is counted


@dataclass
class _Game:
    lines: list[str] = field(default_factory=list)
    offset: int = 0  # index of lines[0] in the game's whole line sequence
    seen: dict[str, int] = field(default_factory=dict)  # player -> lines read up to (absolute)

    @property
    def end(self) -> int:
        return self.offset + len(self.lines)

    def trim(self) -> None:
        low = min(self.seen.values(), default=self.end)
        if low > self.offset:
            del self.lines[: low - self.offset]
            self.offset = low


class Digests:
    def __init__(self) -> None:
        self._games: dict[int, _Game] = {}

    def start(self, game_id: int, players: Iterable[str]) -> None:
        """A game begins (or is first seen): every player has read everything so far."""
        game = self._games.setdefault(game_id, _Game())
        for p in players:
            game.seen.setdefault(p, game.end)

    def add(self, game_id: int, lines: Sequence[str], deciders: Iterable[str] = ()) -> None:
        """Public ``lines`` were told; ``deciders`` made the decisions told (their digest
        restarts after these lines)."""
        game = self._games.setdefault(game_id, _Game())
        game.lines.extend(line for line in lines if line)
        for p in deciders:
            game.seen[p] = game.end
        game.trim()

    def since(self, game_id: int, player: str) -> list[str]:
        """The public lines since ``player``'s last decision (none if unknown)."""
        game = self._games.get(game_id)
        if game is None or player not in game.seen:
            return []
        return game.lines[game.seen[player] - game.offset:]

    def forget(self, game_id: int) -> None:
        self._games.pop(game_id, None)

    def dump(self, game_id: int) -> str | None:
        """The game's lines not yet read by every player and each player's place, as JSON."""
        game = self._games.get(game_id)
        if game is None:
            return None
        return json.dumps({"lines": game.lines, "offset": game.offset, "seen": game.seen},
                          ensure_ascii=False)

    def load(self, game_id: int, text: str | None) -> None:
        """What ``dump`` wrote, back in memory."""
        self._games.pop(game_id, None)
        if text is not None:
            d = json.loads(text)
            self._games[game_id] = _Game([str(x) for x in d["lines"]], int(d["offset"]),
                                         {str(p): int(n) for p, n in d["seen"].items()})


def digest_text(lines: Sequence[str], shown: int = SHOWN) -> str:
    """``lines`` as a short block: the last ``shown`` lines, and how many came before."""
    if not lines:
        return ""
    head = _("📋 Since your last decision:")
    body = [f"> {line}" for line in lines[-shown:]]
    if len(lines) > shown:
        more = len(lines) - shown
        head += " " + ngettext("({count} earlier line above)", "({count} earlier lines above)",
                               more).format(count=number(more))
    return "\n".join([head, *body])
