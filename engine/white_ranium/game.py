"""TF22 Mine ("White Ranium") behind the engine's game protocol (engine/core/game.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import GameOver, IllegalDecision, NotYourTurn
from ..core.events import Event
from ..core.game import OptionSpec, SequentialGame, ToAct, default_reveals
from ..core.stored import StateCodec, StoredGame
from . import decisions
from .actions import Action, parse
from .events import EventLog
from .flow import advance, owed
from .setup import CARD_MODES, new_game
from .state import SCHEMA, State, clone
from .view import EVERYONE, build_view

REVEALING = frozenset({"card"})


_TO_ACT: dict[tuple[str, str], ToAct] = {}


def _to_act(player: str, kind: str) -> ToAct:
    """The same (immutable) ``ToAct`` for the same owed decision: a random game asks who owes
    some 700 times, and making one is a good part of answering."""
    found = _TO_ACT.get((player, kind))
    if found is None:
        if len(_TO_ACT) >= 4096:  # players come and go in a long-running bot
            _TO_ACT.clear()
        found = _TO_ACT[player, kind] = ToAct(player, kind)
    return found


class WhiteRanium(StoredGame, SequentialGame):
    """The module-level game object: every method is a pure function of its arguments.
    ``SequentialGame`` lends ``options`` (filtering ``legal``), ``timing`` and ``stamp``; ``owed``
    and ``sealed`` are this game's own (two fighters commit at once with strategy cards, R15)."""

    name = "white-ranium"
    title = "TF22 Mine (White Ranium)"
    min_players, max_players = 2, 4
    codec = StateCodec(State, name, "White Ranium", SCHEMA)
    setup = staticmethod(new_game)
    option_specs: Mapping[str, OptionSpec] = {
        "cards": OptionSpec("cards", str, "standard",
                            "How symbol cards are played: standard (a pile in sequence), luck "
                            "(reshuffled after every card) or strategy (chosen from hand).",
                            choices=CARD_MODES)}

    # --- making and reading states ----------------------------------------------------------
    corrupt = "This saved game is not a White Ranium table the rules reach: "

    def violations(self, state: State) -> list[str]:
        from .invariants import violations

        return violations(state)

    def clone(self, state: State) -> State:
        return clone(state)

    # --- who owes what ----------------------------------------------------------------------
    def owed(self, state: State) -> list[ToAct]:
        return [_to_act(state.players[seat].id, kind) for seat, kind in owed(state)]

    def to_act(self, state: State) -> ToAct | None:
        found = owed(state)
        if not found:
            return None
        seat, kind = found[0]
        return _to_act(state.players[seat].id, kind)

    def _owed_by(self, state: State, player: str | None) -> tuple[int, str]:
        found = owed(state)
        if not found:
            raise GameOver("The game is over: there is nothing left to decide.")
        if player is None:
            return found[0]
        for seat, kind in found:
            if state.players[seat].id == player:
                return seat, kind
        if all(p.id != player for p in state.players):
            raise NotYourTurn("You're not playing in this game.")
        seat, kind = found[0]
        raise NotYourTurn(f"It's not your turn: {decisions.prompt(state, seat, kind)}")

    def prompt(self, state: State, player: str | None = None) -> str:
        """What ``player`` must decide, else what the first owing player must (public words)."""
        found = owed(state)
        if not found:
            return "The game is over."
        seat, kind = next(((s, k) for s, k in found if state.players[s].id == player), found[0])
        return decisions.prompt(state, seat, kind)

    # --- decisions --------------------------------------------------------------------------
    def parse(self, text: str) -> Action:
        return parse(text)

    def legal(self, state: State, player: str | None = None) -> list[Action]:
        try:
            seat, kind = self._owed_by(state, player)
        except IllegalDecision:
            return []
        return decisions.legal(state, seat, kind)

    def check(self, state: State, player: str, action: Action | str) -> Action:
        """Raise the reason ``action`` is not legal for ``player`` now; return it parsed."""
        seat, kind = self._owed_by(state, player)
        if isinstance(action, str):
            action = parse(action)
        decisions.check(state, seat, kind, action)
        return action

    def apply(self, state: State, player: str, action: Action | str) -> list[Event]:
        """The only way a state changes: check (nothing changes on an error), perform, count
        the version, run on to the next owed decisions."""
        seat, kind = self._owed_by(state, player)
        if isinstance(action, str):
            action = parse(action)
        decisions.check(state, seat, kind, action)
        ev = EventLog()
        if state.phase == "play" and kind != "fight":  # sealed commits stay out of the log
            state.turn_log.append([player, str(action)])
        decisions.perform(state, seat, kind, action, ev)
        state.version += 1
        advance(state, ev)
        return ev

    def default(self, state: State, player: str | None = None) -> Action:
        seat, kind = self._owed_by(state, player)
        return decisions.default(state, seat, kind)

    def reveals(self, events: list[Event]) -> bool:
        """A takeback is refused across these (docs/rules, "The bot"): a card turned from the deck
        or shown from a hand (besides the fight cards revealed)."""
        return default_reveals(events) or any(e.kind in REVEALING for e in events)

    def sealed(self, state: State, player: str, action: Any) -> bool:
        """Strategy fight cards are secret until the reveal (R15)."""
        found = dict((state.players[s].id, k) for s, k in owed(state))
        return found.get(player) == "fight"

    # --- what people see --------------------------------------------------------------------
    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        return build_view(state, viewer)

    def summary(self, state: State) -> dict[str, Any]:
        return build_view(state, EVERYONE)

    def scores(self, state: State) -> dict[str, dict[str, int]]:
        """A player's score is their markers (R21)."""
        return {p.id: {"total": p.markers} for p in state.players}

    def winners(self, state: State) -> list[str]:
        return list(state.winners)


GAME = WhiteRanium()
