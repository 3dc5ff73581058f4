"""Runs: a player's next several decisions of one kind chosen at once (issue 12).

When a game's presentation offers runs for a prompt (``Presentation.runs``: a game's draws, the
whole opening deal or a refill's, at once, giving up seeing each card first),
the prompt gets a select of them. The first decision of the chosen run is made at once; the
rest wait here and each is made, as that player's own decision, as soon as the player owes a
decision and it is legal (``Sessions.advance``, like an AI's move). The log keeps one decision
per step (the notation does not change). A step that is not legal when it is due drops what is
left of the run, and the player is asked as usual. Kept in memory and written in the
transaction of the decision that sets or spends a run (``unsaved``/``saved``, with
``db.games.append_decision``; an undo drops them there too), loaded back when the bot restarts: a run
goes on after a crash, no step made twice or lost.
"""

from __future__ import annotations

from typing import Any

from engine import GameError


class Plans:
    def __init__(self) -> None:
        self._plans: dict[tuple[int, str], list[str]] = {}
        self._stored: dict[tuple[int, str], tuple[str, ...]] = {}  # what the database holds

    def unsaved(self, game_id: int, player: str) -> list[str] | None:
        """The player's run to store with their decision ([]: none left), or None when the
        database already holds it (a decision outside any run stores nothing more)."""
        now = tuple(self._plans.get((game_id, player), ()))
        return None if now == self._stored.get((game_id, player), ()) else list(now)

    def saved(self, game_id: int, player: str, steps: list[str]) -> None:
        """The database holds ``steps`` as the player's run now."""
        if steps:
            self._stored[(game_id, player)] = tuple(steps)
        else:
            self._stored.pop((game_id, player), None)

    def load(self, game_id: int, runs: dict[str, list[str]]) -> None:
        """The game's runs as stored, back in memory (at resume)."""
        self.drop(game_id, stored=True)
        for player, steps in runs.items():
            self.set(game_id, player, steps)
            self.saved(game_id, player, steps)

    def set(self, game_id: int, player: str, texts: list[str]) -> None:
        if texts:
            self._plans[(game_id, player)] = list(texts)
        else:
            self._plans.pop((game_id, player), None)

    def drop(self, game_id: int, player: str | None = None, *, stored: bool = False) -> None:
        """Forget the game's runs (``player``'s only); ``stored``: the database dropped them too
        (an undo)."""
        for kept in (self._plans, self._stored) if stored else (self._plans,):
            for key in [k for k in kept if k[0] == game_id and player in (None, k[1])]:
                del kept[key]

    def left(self, game_id: int, player: str) -> list[str]:
        return list(self._plans.get((game_id, player), ()))

    def ready(self, g: Any, state: Any, game_id: int, player: str) -> str | None:
        """The player's next planned decision if they owe one now and it is legal (else the
        plan is dropped: they are asked as usual)."""
        plan = self._plans.get((game_id, player))
        if not plan:
            return None
        if all(o.player != player for o in g.owed(state)):
            return None  # not their turn yet: the plan waits
        try:
            g.check(state, player, plan[0])
        except GameError:
            del self._plans[(game_id, player)]
            return None
        return plan[0]

    def take(self, game_id: int, player: str) -> str | None:
        plan = self._plans.get((game_id, player))
        if not plan:
            return None
        text = plan.pop(0)
        if not plan:
            del self._plans[(game_id, player)]
        return text
