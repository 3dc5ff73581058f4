"""The public view and the state tag of each game's latest state, built once per state.

After a decision the thread's lines, the next prompt, its panel, the round's summary and the
DMs' last line all read the public view (``g.view(state, None)``) of the same state, and the
panel's buttons carry its tag (``ids.state_tag`` of its JSON): made once here instead of once
by each. A state is recognised by identity and version: the referee never changes a state it
keeps in place (``Sessions.commit`` applies each decision to a clone), and the entry holds the
state, so its id is not reused while the entry lives. Bounded, the least recently used game
going first; callers read the view and never change it.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from referee.messages import ids

KEPT = 256  # games whose latest state's view is kept (one decision's work needs one)


class PublicViews:
    def __init__(self, kept: int = KEPT) -> None:
        self._kept = kept
        # game id -> (the state, its version, its public view, its tag or None until asked)
        self._last: OrderedDict[int, list[Any]] = OrderedDict()

    def _entry(self, game_id: int, state: Any) -> list[Any]:
        entry = self._last.get(game_id)
        if entry is not None and entry[0] is state and entry[1] == state.version:
            self._last.move_to_end(game_id)
            return entry
        entry = [state, state.version, None, None]
        self._last[game_id] = entry
        self._last.move_to_end(game_id)
        while len(self._last) > self._kept:
            self._last.popitem(last=False)
        return entry

    def view(self, g: Any, game_id: int, state: Any) -> dict[str, Any]:
        """``g.view(state, None)``, shared: read it, don't change it."""
        entry = self._entry(game_id, state)
        if entry[2] is None:
            entry[2] = g.view(state, None)
        view: dict[str, Any] = entry[2]
        return view

    def tag(self, g: Any, game_id: int, state: Any) -> str:
        """``ids.state_tag(g.dump(state))``."""
        entry = self._entry(game_id, state)
        if entry[3] is None:
            entry[3] = ids.state_tag(g.dump(state))
        tag: str = entry[3]
        return tag

    def dumped(self, game_id: int, state: Any, text: str) -> None:
        """``text`` is ``g.dump(state)``, made to store the state (``Sessions.commit``): its tag
        is taken from it, so the prompt does not dump the state a second time."""
        self._entry(game_id, state)[3] = ids.state_tag(text)

    def forget(self, game_id: int) -> None:
        self._last.pop(game_id, None)
