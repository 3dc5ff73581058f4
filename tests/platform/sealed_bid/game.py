"""The sealed-bid test game behind the engine protocol (see the package docstring)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.core.errors import CorruptState, GameOver, IllegalDecision, NotationError, NotYourTurn
from engine.core.events import Event
from engine.core.game import OptionSpec, ToAct

COINS = (1, 2, 3, 5, 8)
_WORD = re.compile(r"^(\d+)(?:@(\d+\.\d))?$")


@dataclass(frozen=True)
class Bid:
    coins: tuple[int, ...] = ()
    marks: tuple[float | None, ...] = ()  # @S per coin (timed games)
    time: float | None = None
    verb: str = "bid"

    def __str__(self) -> str:
        words = ["bid"]
        for i, c in enumerate(self.coins):
            mark = self.marks[i] if i < len(self.marks) else None
            words.append(f"{c}" if mark is None else f"{c}@{mark:.1f}")
        if self.time is not None:
            words.append(f"time={self.time:.1f}")
        return " ".join(words)


@dataclass(frozen=True)
class Open:
    verb: str = "open"

    def __str__(self) -> str:
        return "open"


Action = Bid | Open


def parse(text: str) -> Action:
    words = str(text).split()
    if words == ["open"]:
        return Open()
    if not words or words[0] != "bid":
        raise NotationError(f"I don't know the decision '{text}': write open or bid COINS.")
    coins: list[int] = []
    marks: list[float | None] = []
    time = None
    for w in words[1:]:
        if w.startswith("time="):
            try:
                time = float(w[5:])
            except ValueError:
                raise NotationError(f"'{w}' is not a time like time=12.0.") from None
            continue
        m = _WORD.match(w)
        if m is None:
            raise NotationError(f"'{w}' is not a coin (1, 2, 3, 5 or 8).")
        coins.append(int(m.group(1)))
        marks.append(float(m.group(2)) if m.group(2) else None)
    order = sorted(range(len(coins)), key=lambda i: coins[i])
    has_marks = any(x is not None for x in marks)
    return Bid(tuple(coins[i] for i in order), tuple(marks[i] for i in order) if has_marks else (),
               time)


@dataclass
class State:
    players: list[str]
    options: dict[str, Any]
    seed: int = 0
    rng: int = 0
    version: int = 0
    round: int = 1
    coins: dict[str, list[int]] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    opened: dict[str, bool] = field(default_factory=dict)
    bids: dict[str, list[int] | None] = field(default_factory=dict)  # secret until the reveal
    times: dict[str, float | None] = field(default_factory=dict)
    last: dict[str, Any] | None = None  # the revealed round
    ended: bool = False
    winners: list[str] = field(default_factory=list)


class SealedBid:
    name = "sealed-bid"
    title = "Sealed Bid"
    min_players, max_players = 2, 4
    option_specs: Mapping[str, OptionSpec] = {
        "rounds": OptionSpec("rounds", int, 3, "How many rounds", minimum=1, maximum=5),
        "timed": OptionSpec("timed", bool, False, "Each player's clock runs from open to bid"),
    }

    # --- making ---------------------------------------------------------------------------

    def new_game(self, players: list[str], options: dict[str, Any] | None = None, seed: int = 0,
                 names: dict[str, str] | None = None) -> State:
        return self.new_game_with_events(players, options, seed, names)[0]

    def new_game_with_events(self, players: list[str], options: dict[str, Any] | None = None,
                             seed: int = 0, names: dict[str, str] | None = None
                             ) -> tuple[State, list[Event]]:
        opts = {k: s.default for k, s in self.option_specs.items()}
        for k, v in (options or {}).items():
            if k not in opts:
                raise IllegalDecision(f"Unknown option {k}.")
            opts[k] = v
        state = State(list(players), opts, seed=seed, rng=seed)
        for p in players:
            state.coins[p] = list(COINS)
            state.points[p] = 0
        self._start_round(state)
        return state, [Event("round", "Round 1: everyone bids.", None)]

    def _start_round(self, state: State) -> None:
        for p in state.players:
            state.opened[p] = not state.options["timed"]
            state.bids[p] = None
            state.times[p] = None

    def dump(self, state: State) -> str:
        return json.dumps({"schema": 1, **asdict(state)}, sort_keys=True)

    def load(self, text: str | bytes) -> State:
        try:
            doc = json.loads(text)
            doc.pop("schema")
            state = State(**doc)
        except (ValueError, TypeError, KeyError) as exc:
            raise CorruptState(f"Not a sealed-bid state: {exc}") from None
        self.validate(state)
        return state

    def clone(self, state: State) -> State:
        return self.load(self.dump(state))

    def validate(self, state: State) -> None:
        from .invariants import check

        try:
            check(state)
        except AssertionError as exc:
            raise CorruptState(str(exc)) from None

    def replay(self, initial: Any, log: list[tuple[str, str]]) -> State:
        state = self.load(initial) if isinstance(initial, str | bytes) else self.clone(initial)
        for player, text in log:
            self.apply(state, player, text)
        return state

    # --- owing ----------------------------------------------------------------------------

    def owed(self, state: State) -> list[ToAct]:
        if state.ended:
            return []
        return [ToAct(p, "bid" if state.opened[p] else "open", listed=not state.opened[p])
                for p in state.players if state.bids[p] is None]

    def to_act(self, state: State) -> ToAct | None:
        owed = self.owed(state)
        return owed[0] if owed else None

    def _owes(self, state: State, player: str | None) -> ToAct:
        owed = self.owed(state)
        if not owed:
            raise GameOver("The game is over: there is nothing left to decide.")
        if player is None:
            return owed[0]
        for o in owed:
            if o.player == player:
                return o
        if player not in state.players:
            raise NotYourTurn("You're not playing in this game.")
        raise NotYourTurn("You have already committed your bid for this round.")

    def prompt(self, state: State, player: str | None = None) -> str:
        if state.ended:
            return "The game is over."
        o = self._owes(state, player)
        return f"{o.player} must {'open' if o.decision == 'open' else 'bid'} (round {state.round})."

    # --- decisions ------------------------------------------------------------------------

    def parse(self, text: str) -> Action:
        return parse(text)

    def legal(self, state: State, player: str | None = None) -> list[Action]:
        try:
            o = self._owes(state, player)
        except IllegalDecision:
            return []
        return [Open()] if o.decision == "open" else []

    def options(self, state: State, player: str, draft: str = "", part: str | None = None
                ) -> list[str]:
        o = self._owes(state, player)
        if o.decision == "open":
            return ["open"] if not draft.split() else []
        words = draft.split()
        if not words:
            return ["bid"]
        bid = parse(draft)
        assert isinstance(bid, Bid)
        self._check_coins(state, player, bid)
        left = list(state.coins[player])
        for c in bid.coins:
            left.remove(c)
        return [str(c) for c in sorted(set(left)) if part is None or str(c).startswith(part)]

    def _check_coins(self, state: State, player: str, bid: Bid) -> None:
        left = list(state.coins[player])
        for c in bid.coins:
            if c not in left:
                raise IllegalDecision(f"You have no coin {c} left to bid.")
            left.remove(c)

    def public_text(self, action: Action) -> str:
        """Others read a revealed bid without the moments its coins were placed in the
        player's private draft (``@S``): its coins and its total time only."""
        if isinstance(action, Bid):
            return str(Bid(action.coins, (), action.time))
        return str(action)

    def check(self, state: State, player: str, action: Any) -> Action:
        o = self._owes(state, player)
        action = parse(action) if isinstance(action, str) else action
        if o.decision == "open":
            if not isinstance(action, Open):
                raise IllegalDecision("Open first: your clock starts when you see the round.")
            return action
        if not isinstance(action, Bid):
            raise IllegalDecision("You have opened already: now bid.")
        self._check_coins(state, player, action)
        timed = bool(state.options["timed"])
        if timed and (action.time is None or len(action.marks) != len(action.coins)):
            raise IllegalDecision("A timed bid carries the referee's clock (time= and @).")
        if not timed and (action.time is not None or action.marks):
            raise IllegalDecision("This game has no clock: a bid carries no time.")
        if timed and any(m is not None and action.time is not None and m > action.time
                         for m in action.marks):
            raise IllegalDecision("No coin's @ may exceed the bid's time.")
        return action

    def apply(self, state: State, player: str, action: Any) -> list[Event]:
        action = self.check(state, player, action)
        state.version += 1
        if isinstance(action, Open):
            state.opened[player] = True
            return [Event("open", f"{player} opened round {state.round}.", None),
                    Event("card", f"Round {state.round}: your coins are {state.coins[player]}.",
                          (player,))]
        assert isinstance(action, Bid)
        state.bids[player] = list(action.coins)
        state.times[player] = action.time
        events = [Event("commit", f"{player} has committed a bid.", None),
                  Event("bid", f"Your bid: {action}", (player,))]
        if all(b is not None for b in state.bids.values()):
            events += self._reveal(state)
        return events

    def _reveal(self, state: State) -> list[Event]:
        totals = {p: sum(state.bids[p] or []) for p in state.players}
        best = max(totals.values())
        top = [p for p in state.players if totals[p] == best]
        winner = top[0] if len(top) == 1 else None
        if winner is not None:
            state.points[winner] += 1
        for p in state.players:
            for c in state.bids[p] or []:
                state.coins[p].remove(c)
        state.last = {"round": state.round, "bids": {p: list(state.bids[p] or [])
                                                     for p in state.players},
                      "winner": winner}
        shown = ", ".join(f"{p}: {totals[p]}" for p in state.players)
        events = [Event("reveal", f"Bids revealed: {shown}. "
                        + (f"{winner} wins the round." if winner else "Nobody wins the round."),
                        None, {"bids": state.last["bids"]})]
        if state.round >= state.options["rounds"]:
            state.ended = True
            most = max(state.points.values())
            state.winners = [p for p in state.players if state.points[p] == most]
            for p in state.players:
                state.bids[p] = []
            events.append(Event("end", "The game is over.", None))
        else:
            state.round += 1
            self._start_round(state)
            events.append(Event("round", f"Round {state.round}: everyone bids.", None))
        return events

    def default(self, state: State, player: str | None = None) -> Action:
        o = self._owes(state, player)
        return Open() if o.decision == "open" else Bid()

    def sealed(self, state: State, player: str, action: Any) -> bool:
        action = parse(action) if isinstance(action, str) else action
        return isinstance(action, Bid)

    def timing(self, state: State, player: str) -> str | None:
        if not state.options["timed"]:
            return None
        try:
            o = self._owes(state, player)
        except IllegalDecision:
            return None
        return "start" if o.decision == "open" else "stop"

    def stamp(self, state: State, player: str, action: Any, elapsed: float,
              marks: Mapping[str, float]) -> Action:
        action = parse(action) if isinstance(action, str) else action
        if not isinstance(action, Bid):
            return action
        if action.time is not None or action.marks:
            raise IllegalDecision("You can't write the time yourself: the referee measures it.")
        time = int(elapsed * 10) / 10
        stamped = tuple(min(time, int(marks.get(str(c), elapsed) * 10) / 10)
                        for c in action.coins)
        return Bid(action.coins, stamped, time)

    # --- seeing ---------------------------------------------------------------------------

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        return {
            "game": self.name, "viewer": viewer, "version": state.version, "round": state.round,
            "seats": list(state.players), "names": {p: p for p in state.players},
            "ended": state.ended, "winners": list(state.winners) if state.ended else [],
            "last": state.last, "options": dict(state.options),
            "players": {p: {"points": state.points[p], "coins": list(state.coins[p]),
                            "opened": state.opened[p], "committed": state.bids[p] is not None,
                            "bid": state.bids[p] if p == viewer else None}
                        for p in state.players},
        }

    def summary(self, state: State) -> dict[str, Any]:
        doc = asdict(state)
        doc["to_act"] = [{"player": o.player, "decision": o.decision} for o in self.owed(state)]
        return doc

    def scores(self, state: State) -> dict[str, dict[str, int]]:
        return {p: {"total": state.points[p]} for p in state.players}

    def winners(self, state: State) -> list[str]:
        return list(state.winners) if state.ended else []


GAME = SealedBid()
