"""Stella Digger behind the engine's game protocol (engine/core/game.py).

One player owes one decision at a time (``owed`` is a list of at most one), nothing is sealed
or timed and every decision is listed: ``SequentialGame`` supplies ``owed``, ``options``,
``sealed``, ``timing`` and ``stamp``. The player-keyed methods take ``player=None`` for the
player who owes now; for anyone else ``legal`` is ``[]`` and ``default`` raises ``NotYourTurn``.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import CorruptState, GameOver, IllegalDecision, NotYourTurn
from ..core.events import Event
from ..core.game import OptionSpec, SequentialGame, ToAct, default_reveals
from ..core.stored import start_problem
from . import serial
from .actions import Action, parse
from .events import EventLog
from .flow import advance, owed
from .invariants import violations
from .scoring import score
from .setup import new_game
from .shape import shape_violations
from .state import Frame, State
from .steps import DECISIONS
from .view import EVERYONE, build_view

OPTIONS = {
    "red_tears": OptionSpec("red_tears", bool, False,
                            "Red Tears variant (R20): a tear for each card lost to an accident "
                            "and for each monster fight lost"),
}


REVEALING = frozenset({"draw", "drew", "reveal", "accident", "rebuild"})


class StellaDigger(SequentialGame):
    """The module-level game object: every method is a pure function of its arguments."""

    name = "stella-digger"
    title = "Stella Digger"
    min_players, max_players = 2, 4
    option_specs = OPTIONS

    def new_game(self, players: list[str], options: dict[str, Any] | None = None, seed: int = 0,
                 names: dict[str, str] | None = None) -> State:
        return new_game(players, options, seed, names)[0]

    def new_game_with_events(self, players: list[str], options: dict[str, Any] | None = None,
                             seed: int = 0, names: dict[str, str] | None = None
                             ) -> tuple[State, list[Event]]:
        state, ev = new_game(players, options, seed, names)
        return state, list(ev)

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

    def dump(self, state: State) -> str:
        return serial.dump(state)

    def load(self, text: str | bytes) -> State:
        """Read a dumped state; CorruptState if it can't be read or breaks an invariant."""
        state = serial.load(text)
        self.validate(state)
        return state

    def validate(self, state: State) -> None:
        """CorruptState unless ``state`` is one a real game can reach in shape (shape.py) and
        conserves every component within the limits (invariants.py). A forged state would
        otherwise make ``legal`` list millions of decisions."""
        problems = shape_violations(state) or violations(state)
        if problems:
            raise CorruptState(f"This saved game is not one a real game can reach: "
                               f"{problems[0]}.")

    def clone(self, state: State) -> State:
        return serial.clone(state)

    def start_options(self, state: State) -> dict[str, Any]:
        """The options ``new_game`` was given (an import's must be these, referee/desks/imports.py)."""
        return {"red_tears": state.options.red_tears}

    def check_start(self, state: State) -> None:
        """CorruptState unless ``state`` is exactly what its seed, players and options deal
        (engine/core/stored.py, the same check for every game)."""
        found = start_problem(self, state)
        if found:
            raise CorruptState(f"This saved game is not one a real game can reach: {found[0]}.")

    def replay(self, initial: str | State, log: list[tuple[str, str]]) -> State:
        """Rebuild a state from its initial state and decision log (player, notation)."""
        state = self.load(initial) if isinstance(initial, str | bytes) else self.clone(initial)
        for index, (player, text) in enumerate(log):
            try:
                self.apply(state, player, text)
            except IllegalDecision as exc:
                raise IllegalDecision(f"Decision {index + 1} ({player}: {text}) can't be "
                                      f"replayed: {exc}") from exc
        return state


GAME = StellaDigger()
