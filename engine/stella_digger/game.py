"""Stella Digger behind the engine's game protocol (engine/core/game.py).

One player owes one decision at a time (``owed`` is a list of at most one), nothing is sealed
or timed and every decision is listed: ``SequentialGame`` supplies ``owed``, ``options``,
``sealed``, ``timing`` and ``stamp``. The player-keyed methods take ``player=None`` for the
player who owes now; for anyone else ``legal`` is ``[]`` and ``default`` raises ``NotYourTurn``.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import CorruptState, GameOver, NotYourTurn
from engine.core.events import Event
from engine.core.game import OptionSpec, SequentialGame, ToAct, default_reveals
from engine.core.stored import StoredGame
from engine.stella_digger import serial
from engine.stella_digger.actions import Action, parse
from engine.stella_digger.events import EventLog
from engine.stella_digger.invariants import violations
from engine.stella_digger.rounds.flow import advance, owed
from engine.stella_digger.rounds.scoring import score
from engine.stella_digger.rounds.setup import new_game
from engine.stella_digger.rounds.steps import DECISIONS
from engine.stella_digger.shape import shape_violations
from engine.stella_digger.state import Frame, State
from engine.stella_digger.view import EVERYONE, build_view

OPTIONS = {
    "red_tears": OptionSpec("red_tears", bool, False,
                            "Red Tears variant (R20): a tear for each card lost to an accident "
                            "and for each monster fight lost"),
}


REVEALING = frozenset({"draw", "drew", "reveal", "accident", "rebuild"})


class StellaDigger(StoredGame, SequentialGame):
    """The module-level game object: every method is a pure function of its arguments.
    ``StoredGame`` (engine/core/stored.py) makes, stores, copies, replays and checks the
    starts of its states like every game's; ``SequentialGame`` lends ``owed``, ``options``,
    ``sealed``, ``timing`` and ``stamp``."""

    name = "stella-digger"
    title = "Stella Digger"
    min_players, max_players = 2, 4
    option_specs = OPTIONS
    codec = serial.CODEC
    setup = staticmethod(new_game)
    corrupt = "This saved game is not one a real game can reach: "

    def reveals(self, events: list[Event]) -> bool:
        """A takeback is refused across these (docs/rules/stella-digger.md, "The bot"): a card
        drawn (its colour on the next top card shows too), a tile turned face up, an
        accident card revealed, decks rebuilt from a shuffle."""
        return default_reveals(events) or any(e.kind in REVEALING for e in events)

    def to_act(self, state: State) -> ToAct | None:
        frame = owed(state)
        if frame is None:
            return None
        return ToAct(state.players[frame.seat].id, DECISIONS[frame.step].decision)

    def parse(self, text: str) -> Action:
        return parse(text)

    def _frame(self, state: State, player: str | None) -> Frame | None:
        """The owed frame if ``player`` (None: whoever owes) owes it, else None."""
        frame = owed(state)
        if frame is None or (player is not None and player != state.players[frame.seat].id):
            return None
        return frame

    def legal(self, state: State, player: str | None = None) -> list[Action]:
        frame = self._frame(state, player)
        return [] if frame is None else DECISIONS[frame.step].legal(state, frame)

    def check(self, state: State, player: str, action: Action | str) -> Action:
        """Raise the reason ``action`` is not legal for ``player`` now; return it parsed."""
        frame = owed(state)
        if frame is None:
            raise GameOver("The game is over: there is nothing left to decide.")
        step = DECISIONS[frame.step]
        if player != state.players[frame.seat].id:
            if all(p.id != player for p in state.players):
                raise NotYourTurn("You're not playing in this game.")
            raise NotYourTurn(f"It's not your turn: {step.prompt(state, frame)}")
        if isinstance(action, str):
            action = parse(action)
        step.check(state, frame, action)
        return action

    def apply(self, state: State, player: str, action: Action | str) -> list[Event]:
        """The only way a state changes. Checks first (raising IllegalDecision and changing
        nothing), then performs, counts the version and runs on to the next owed decision."""
        action = self.check(state, player, action)
        frame = state.stack.pop()
        ev = EventLog()
        DECISIONS[frame.step].perform(state, frame, action, ev)
        state.version += 1
        advance(state, ev)
        return ev

    def default(self, state: State, player: str | None = None) -> Action:
        frame = owed(state)
        if frame is None:
            raise GameOver("The game is over: there is nothing left to decide.")
        if player is not None and player != state.players[frame.seat].id:
            raise NotYourTurn(f"{player} owes no decision now.")
        return DECISIONS[frame.step].default(state, frame)

    def prompt(self, state: State, player: str | None = None) -> str:
        """What the owing player must decide (the same public words whoever asks)."""
        frame = owed(state)
        if frame is None:
            return "The game is over."
        return DECISIONS[frame.step].prompt(state, frame)

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        return build_view(state, viewer)

    def summary(self, state: State) -> dict[str, Any]:
        return build_view(state, EVERYONE)

    def scores(self, state: State) -> dict[str, dict[str, int]]:
        return {p.id: score(p) for p in state.players}

    def winners(self, state: State) -> list[str]:
        return list(state.winners) if state.ended else []

    # --- making and reading states (engine/core/stored.py): only the checks are this game's
    def violations(self, state: State) -> list[str]:
        """The shape of every field (shape.py: the shared bounds included, in this game's
        words), then conservation within the limits (invariants.py)."""
        return shape_violations(state) or violations(state)

    def validate(self, state: State) -> None:
        """CorruptState unless ``state`` is one a real game can reach in shape (shape.py) and
        conserves every component within the limits (invariants.py). A forged state would
        otherwise make ``legal`` list millions of decisions. (shape.py checks the bounds
        ``StoredGame.validate`` shares among games itself, first and in this game's words.)"""
        problems = self.violations(state)
        if problems:
            raise CorruptState(f"{self.corrupt}{problems[0]}.")


GAME = StellaDigger()
