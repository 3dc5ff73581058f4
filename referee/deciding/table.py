"""``Table``: a running game loaded for one operation (its row, its state, the state's text)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from db import Game
from referee.messages import ids


@dataclass
class Table:
    """A running game loaded for one operation."""

    game: Game
    state: Any
    text: str

    @property
    def version(self) -> int:
        return int(self.state.version)

    @property
    def tag(self) -> str:
        return ids.state_tag(self.text)
