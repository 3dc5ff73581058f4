"""Out of Mine! behind the engine's game protocol (engine/core/game.py)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ..core.errors import GameOver, IllegalDecision, NotationError, NotYourTurn
from ..core.events import Event
from ..core.game import Timing, ToAct, default_reveals
from ..core.stored import StateCodec, StoredGame
from .actions import Action, Dig, Open, Placed, Side, parse, parse_tile, remember
from .dig import check_tiles, next_words
from .flow import EventLog, after_dig, after_side, forced_side
from .invariants import violations
from .setup import OPTIONS, new_game
from .state import SCHEMA, State
from .view import EVERYONE, build_view, owed_list


def _tenths(seconds: float) -> int:
    """R6: seconds truncated to tenths (rounding first so that 2.3 stays 2.3)."""
    return max(0, math.floor(round(seconds * 10, 6)))


REVEALING = frozenset({"draw"})


class OutOfMine(StoredGame):
    """The module-level game object: every method is a pure function of its arguments."""

    name = "out-of-mine"
    title = "Out of Mine!"
    min_players, max_players = 2, 4
    codec = StateCodec(State, name, "Out of Mine!", SCHEMA)
    setup = staticmethod(new_game)
    option_specs = OPTIONS

    # --- making and reading states -------------------------------------------------------
    def violations(self, state: State) -> list[str]:
        return violations(state)

    # --- who owes what -------------------------------------------------------------------
    def owed(self, state: State) -> list[ToAct]:
        """R17: every player's owed side, open or dig, in seat order."""
        return [ToAct(o["player"], o["decision"], o["decision"] != "dig")
                for o in owed_list(state)]

    def to_act(self, state: State) -> ToAct | None:
        owed = self.owed(state)
        return owed[0] if owed else None

    def _owes(self, state: State, player: str) -> ToAct | None:
        """``player``'s owed decision, if any (R17)."""
        if state.ended:
            return None
        for p in state.players:
            if p.id != player:
                continue
            if state.phase == "side":
                return ToAct(player, "side") if p.side is None else None
            if p.dig is not None:
                return None
            if state.options.race and not p.opened:
                return ToAct(player, "open")
            return ToAct(player, "dig", False)
        return None

    def prompt(self, state: State, player: str | None = None) -> str:
        if state.ended:
            return "The game is over."
        owes = self.to_act(state) if player is None else self._owes(state, player)
        if owes is None:
            return f"{state.player(player).name} owes nothing now." if player else ""
        p = state.player(owes.player)
        if owes.decision == "side":
            return f"{p.name} must choose a side of board {p.board}: side a or side b."
        if owes.decision == "open":
            return (f"{p.name} must open their card (it starts their clock) and dig on "
                    f"{p.board_side}.")
        return f"{p.name} must commit their dig on {p.board_side}."

    # --- decisions -----------------------------------------------------------------------
    def parse(self, text: str) -> Action:
        return parse(text)

    def legal(self, state: State, player: str | None = None) -> list[Action]:
        owes = self.to_act(state) if player is None else self._owes(state, player)
        if owes is None or owes.decision == "dig":
            return []  # a dig is not listed: options() gives its next words
        return [Side("a"), Side("b")] if owes.decision == "side" else [Open()]

    def options(self, state: State, player: str, draft: str = "", part: str | None = None
                ) -> list[str]:
        """The legal next words of ``draft``; for a dig, the tile words (``blue:A5,B5``) that
        may be placed next, given the draft's tiles (checked first, R7), of ``part`` only."""
        owes = self._owes(state, player)
        words = draft.split()
        if owes is None or owes.decision != "dig":
            if words[:1] == ["dig"]:
                self._check_owes(state, player, Dig())
            typed_n = len(words)
            nxt: list[str] = []
            for action in self.legal(state, player):
                w = str(action).split()
                if w[:typed_n] == words and len(w) > typed_n and w[typed_n] not in nxt and (
                        part is None or w[typed_n].startswith(part)):
                    nxt.append(w[typed_n])
            return nxt
        if words[:1] != ["dig"]:
            raise NotationError("A dig draft starts with 'dig'.")
        tiles: list[Placed] = []
        for word in words[1:]:
            tile = parse_tile(word) if not word.startswith("time=") else None
            if tile is None or tile.at is not None:
                raise NotationError("A draft carries no times: the referee measures them.")
            tiles.append(tile)
        p = state.player(player)
        return next_words(p.board_side or "", p.card or 0, tiles, part)

    def _check_owes(self, state: State, player: str, action: Action) -> None:
        """Who may make ``action`` now, with the sentence that says why not."""
        if state.ended:
            raise GameOver("The game is over: there is nothing left to decide.")
        try:
            p = state.player(player)
        except KeyError:
            raise NotYourTurn("You're not playing in this game.") from None
        if isinstance(action, Side):
            if p.side is not None:
                seat = state.seat_of(player)
                forced = forced_side(state, seat)
                if forced is not None:
                    raise IllegalDecision(f"Your side is set: you got board {p.board} back "
                                          f"after playing {p.previous}, so you play "
                                          f"{p.board}{forced}.")
                raise IllegalDecision(f"Your side is set: you play {p.board_side}.")
            return
        if state.phase == "side":
            waiting = ", ".join(q.name for q in state.players if q.side is None)
            raise NotYourTurn(f"The cards are drawn when every side is set; waiting for "
                              f"{waiting}.")
        if p.dig is not None:
            raise IllegalDecision("You have already committed your dig for this round.")
        if isinstance(action, Open):
            if not state.options.race:
                raise IllegalDecision("This game has no race: your card is already face up, "
                                      "so just dig.")
            if p.opened:
                raise IllegalDecision("You have already opened your card: now dig.")
        elif state.options.race and not p.opened:
            raise IllegalDecision("Open your card first (open): it starts your clock.")

    def check(self, state: State, player: str, action: Action | str) -> Action:
        """Raise the reason ``action`` is not legal for ``player`` now; return it parsed."""
        if isinstance(action, str):
            action = parse(action)
        self._check_owes(state, player, action)
        if isinstance(action, Dig):
            if state.options.race:  # R6: the referee's clock, written by stamp
                if action.time is None or any(t.at is None for t in action.tiles):
                    raise IllegalDecision("With the race on, a dig needs the referee's times: "
                                          "time= and @ on every tile.")
                if any(t.at is not None and t.at > action.time for t in action.tiles):
                    raise IllegalDecision("No tile's @ can be later than the dig's time=.")
            elif action.stamped:
                raise IllegalDecision("This game has no race: a dig carries no time= or @.")
            p = state.player(player)
            check_tiles(p.board_side or "", p.card or 0, action.tiles)  # R7
        return action

    def apply(self, state: State, player: str, action: Action | str) -> list[Event]:
        """The only way a state changes: check (nothing changes on a refusal), perform, count
        the version, run on (R5)."""
        action = self.check(state, player, action)
        p = state.player(player)
        ev = EventLog()
        state.version += 1
        if isinstance(action, Side):
            p.side = action.side
            ev.say("side", f"{p.name} plays side {p.board_side}.", player=p.id,
                   side=p.board_side, forced=False)
            after_side(state, ev)
        elif isinstance(action, Open):
            p.opened = True
            ev.say("open", f"{p.name} opened their card: their clock runs.", player=p.id)
            ev.tell(p.id, "card", f"INTO THE MINE! Your card {p.card}: {self._card(p.card)}.",
                    card=p.card)
        else:
            p.dig = remember(action)
            ev.say("commit", f"{p.name} has committed their dig.", player=p.id)
            ev.tell(p.id, "dig", f"Your dig is in: {p.dig}", dig=p.dig)
            after_dig(state, ev)
        return ev

    @staticmethod
    def _card(number: int | None) -> str:
        from .components import CARDS

        return CARDS[number or 0].text() if number else "none"

    def default(self, state: State, player: str | None = None) -> Action:
        """The defaults table: ``side a``; ``open``; an empty ``dig`` (race on: the referee
        stamps it with the seconds from open to the deadline, ``stamp``)."""
        owes = self.to_act(state) if player is None else self._owes(state, player)
        if owes is None:
            if state.ended:
                raise GameOver("The game is over: there is nothing left to decide.")
            raise NotYourTurn("This player owes no decision now.")
        if owes.decision == "side":
            return Side("a")
        return Open() if owes.decision == "open" else Dig()

    def reveals(self, events: list[Event]) -> bool:
        """A takeback is refused across these (docs/rules, "The bot"): the round's cards shown to
        everyone (besides each player's own card and dig, and the digs revealed)."""
        return default_reveals(events) or any(e.kind in REVEALING for e in events)

    def sealed(self, state: State, player: str, action: Action | str) -> bool:
        """R3: a dig commit is secret until every commit is in (the "reveal" event)."""
        if isinstance(action, str):
            return action.split()[:1] == ["dig"]
        return isinstance(action, Dig)

    def timing(self, state: State, player: str) -> Timing:
        """R6: ``open`` starts the player's clock and the ``dig`` commit stops it."""
        if not state.options.race:
            return None
        owes = self._owes(state, player)
        if owes is None or owes.decision == "side":
            return None
        return "start" if owes.decision == "open" else "stop"

    def stamp(self, state: State, player: str, action: Action | str, elapsed: float,
              marks: Mapping[str, float]) -> Action:
        """R6: the dig with ``time=`` (``elapsed``) and each tile's ``@`` (``marks``: seconds of
        each tile word's last placing; a tile without a mark counts from the commit)."""
        if isinstance(action, str):
            action = parse(action)
        if not isinstance(action, Dig) or not state.options.race:
            return action
        if action.stamped:
            raise IllegalDecision("Don't type time= or @: the referee measures your time.")
        norm: dict[str, float] = {}
        for word, at in marks.items():
            try:
                norm[parse_tile(word).word] = at
            except NotationError:
                continue
        time = _tenths(elapsed)
        tiles = [Placed(t.kind, t.squares, min(time, _tenths(norm.get(t.word, elapsed))))
                 for t in action.tiles]
        return Dig.of(tiles, time)

    # --- what people see -----------------------------------------------------------------
    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        return build_view(state, viewer)

    def summary(self, state: State) -> dict[str, Any]:
        return build_view(state, EVERYONE)

    def scores(self, state: State) -> dict[str, dict[str, int]]:
        return {p.id: {"total": p.total, "calls": p.calls, "empty": p.empty}
                for p in state.players}

    def winners(self, state: State) -> list[str]:
        return list(state.winners)


GAME = OutOfMine()
