"""Mining Colony behind the engine's game protocol (engine/core/game.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.errors import GameOver, IllegalDecision, NotYourTurn
from ..core.events import Event
from ..core.game import OptionSpec, SequentialGame, Timing, ToAct, default_reveals
from ..core.stored import StateCodec, StoredGame
from .actions import DONE, Action, Play, Refresh, Take, parse
from .bidstep import check_bid, default_bid, legal_bid, perform_bid
from .develop import check_develop, perform_develop
from .events import EventLog
from .flow import end_turn, open_zones, run_takes, take
from .listing import legal_develop
from .scoring import scores
from .setup import new_game
from .state import SCHEMA, State
from .view import EVERYONE, build_view, owed_pairs

OPTIONS: dict[str, OptionSpec] = {
    "side": OptionSpec("side", str, "standard", "Colony board side: starting spaces in a row "
                       "(standard) or on the diagonal (advanced).", choices=("standard",
                                                                             "advanced")),
    "difficulty": OptionSpec("difficulty", int, 1, "Solo: what a build-over token costs "
                             "(1 easy to 4 very hard).", minimum=1, maximum=4, solo_only=True),
    "free_undeveloped": OptionSpec("free_undeveloped", bool, False, "Solo: build-over tokens "
                                   "on undeveloped squares cost nothing extra.", solo_only=True),
}

_WHAT = {"bid": "play an excavation card (or refresh)", "take": "take an excavation zone",
         "develop": "develop their colony (place, put, stage, discard, buy, build, then done)"}


REVEALING = frozenset({"discover"})


class MiningColony(StoredGame):
    """The module-level game object: every method is a pure function of its arguments."""

    name = "mining-colony"
    title = "Mining Colony"
    min_players, max_players = 1, 4
    codec = StateCodec(State, name, "Mining Colony", SCHEMA)
    setup = staticmethod(new_game)
    option_specs: Mapping[str, OptionSpec] = OPTIONS

    # --- making and reading states ---------------------------------------------------------
    corrupt = "This saved game is not a reachable table: "

    def violations(self, state: State) -> list[str]:
        from .invariants import violations

        return violations(state)

    # --- who owes what ---------------------------------------------------------------------
    def owed(self, state: State) -> list[ToAct]:
        return [ToAct(pid, decision) for pid, decision in owed_pairs(state)]

    def to_act(self, state: State) -> ToAct | None:
        owed = owed_pairs(state)
        return ToAct(*owed[0]) if owed else None

    def prompt(self, state: State, player: str | None = None) -> str:
        owed = dict(owed_pairs(state))
        if not owed:
            return "The game is over."
        if player is None or player not in owed:
            if state.phase == "bid":
                names = [state.player(pid).name for pid in owed]
                return (f"Round {state.round}: waiting for bids from {', '.join(names)} "
                        "(each plays an excavation card in secret).")
            player = next(iter(owed))
        name = state.player(player).name
        return f"Round {state.round}: {name} must {_WHAT[owed[player]]}."

    # --- decisions -------------------------------------------------------------------------
    def parse(self, text: str) -> Action:
        return parse(text)

    def _owes(self, state: State, player: str | None) -> tuple[str, str] | None:
        owed = owed_pairs(state)
        if player is None:
            return owed[0] if owed else None
        for pair in owed:
            if pair[0] == player:
                return pair
        return None

    def legal(self, state: State, player: str | None = None) -> list[Action]:
        pair = self._owes(state, player)
        if pair is None:
            return []
        pid, decision = pair
        p = state.player(pid)
        if decision == "bid":
            return legal_bid(state, p)
        if decision == "take":
            return [Take(i + 1) for i in open_zones(state)]
        return legal_develop(state, p)

    def options(self, state: State, player: str, draft: str = "", part: str | None = None
                ) -> list[str]:
        """The next words of ``draft`` among the listed decisions (every decision is listed);
        a draft that leads nowhere is refused in a sentence."""
        nxt = SequentialGame.options(self, state, player, draft, part)  # type: ignore[arg-type]
        if draft.split() and not nxt and all(str(a) != draft.strip()
                                             for a in self.legal(state, player)):
            raise IllegalDecision(f"'{draft}' can't be completed into a legal decision now.")
        return nxt

    def check(self, state: State, player: str, action: Action | str) -> Action:
        if state.ended:
            raise GameOver("The game is over: there is nothing left to decide.")
        pair = self._owes(state, player)
        if pair is None:
            if all(p.id != player for p in state.players):
                raise NotYourTurn("You're not playing in this game.")
            if state.phase == "bid":
                raise NotYourTurn("You have already bid this round; the others are still "
                                  "choosing.")
            raise NotYourTurn(f"It's not your turn: {self.prompt(state)}")
        if isinstance(action, str):
            action = parse(action)
        p = state.player(player)
        decision = pair[1]
        if decision == "bid":
            return check_bid(state, p, action)
        if decision == "take":
            if not isinstance(action, Take):
                raise IllegalDecision("Now you take an excavation zone, like 'take 1'.")
            if action.zone > len(state.zones) or state.zones[action.zone - 1].taken_by:
                left = ", ".join(str(i + 1) for i in open_zones(state))
                raise IllegalDecision(f"Zone {action.zone} is not there to take; take one of "
                                      f"{left}.")
            return action
        if action.decision != "develop":
            raise IllegalDecision(f"Now you develop your colony: '{action.verb}' is not a "
                                  "development decision.")
        return check_develop(state, p, action)

    def apply(self, state: State, player: str, action: Action | str) -> list[Event]:
        """The only way a state changes: check (nothing changed on error), perform, count the
        version, run on to the next owed decisions."""
        action = self.check(state, player, action)
        ev = EventLog()
        p = state.player(player)
        if state.phase == "bid":
            perform_bid(state, p, action, ev)
        elif state.phase == "take":
            assert isinstance(action, Take)
            take(state, player, action.zone - 1, ev)
            run_takes(state, ev)
        elif perform_develop(state, p, action, ev):
            end_turn(state, p, ev)
        state.version += 1
        return ev

    def default(self, state: State, player: str | None = None) -> Action:
        pair = self._owes(state, player)
        if pair is None:
            if state.ended:
                raise GameOver("The game is over: there is nothing left to decide.")
            raise NotYourTurn("That player owes no decision now.")
        pid, decision = pair
        if decision == "bid":
            return default_bid(state.player(pid))
        if decision == "take":
            return Take(open_zones(state)[0] + 1)
        return DONE

    def reveals(self, events: list[Event]) -> bool:
        """A takeback is refused across these (docs/rules, "The bot"): a resource card or a zone's
        tiles turned (besides the cards drawn, told to their drawer, and the bids revealed)."""
        return default_reveals(events) or any(e.kind in REVEALING for e in events)

    def sealed(self, state: State, player: str, action: Any) -> bool:
        """R6: a bid (and a refresh, whose text names the hand) stays secret until the reveal."""
        if isinstance(action, str):
            try:
                action = parse(action)
            except IllegalDecision:
                return False
        return state.phase == "bid" and isinstance(action, Play | Refresh)

    def public_text(self, action: Action) -> str:
        """What others read of a decision once it is revealed: a bid names its card, a
        refresh only that it happened; where the other cards went under the deck stays the
        owner's (hidden information: "which of one's cards lie at the bottom of the deck and in
        what order")."""
        if isinstance(action, Play):
            return str(Play(action.card))
        if isinstance(action, Refresh):
            return str(Refresh())
        return str(action)

    def timing(self, state: State, player: str) -> Timing:
        return None

    def stamp(self, state: State, player: str, action: Any, elapsed: float,
              marks: Mapping[str, float]) -> Any:
        return action

    # --- what people see -------------------------------------------------------------------
    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        return build_view(state, viewer)

    def summary(self, state: State) -> dict[str, Any]:
        return build_view(state, EVERYONE)

    def scores(self, state: State) -> dict[str, dict[str, int]]:
        return scores(state)

    def winners(self, state: State) -> list[str]:
        return list(state.winners) if state.ended else []


GAME = MiningColony()
