"""What every game object does the same way with its states: JSON through pydantic at the
boundary, new games from the game's setup function, load = parse + ``validate``, and replay.

A game subclasses ``StoredGame``, sets ``codec`` (a ``StateCodec`` of its state dataclass) and
``setup`` (its ``new_game(players, options, seed, names) -> (state, events)``), writes
``violations`` (the sentences naming what a state breaks: bounds, conservation, player
references) and the rest of the protocol (engine/core/game.py) itself. ``validate`` runs
``violations``; ``check_start`` rebuilds a start from the state's own seed, players, names and
options (``rebuilt_start``): an imported game's start must be exactly what ``new_game`` deals,
so a forged start (a score of 999, round 10, another seed's deal relabelled) is refused
(issue 25; Stella Digger's ``check_start`` is the same function).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

from pydantic import TypeAdapter, ValidationError

from .errors import CorruptState, IllegalDecision
from .events import Event

S = TypeVar("S")


class StateCodec(Generic[S]):
    """State <-> JSON: typed validation on load, stable bytes on dump. ``schema`` and ``game``
    are checked against the state's own ``schema`` and ``game`` fields."""

    def __init__(self, cls: type[S], game: str, title: str, schema: int) -> None:
        self.adapter: TypeAdapter[S] = TypeAdapter(cls)
        self.game, self.title, self.schema = game, title, schema

    def dump(self, state: S) -> str:
        return self.adapter.dump_json(state).decode()

    def load(self, text: str | bytes) -> S:
        try:
            state = self.adapter.validate_json(text)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(x) for x in first.get("loc", ())) or "the top level"
            raise CorruptState(f"This saved game can't be read ({where}: {first.get('msg')})."
                               ) from None
        if state.schema != self.schema:  # type: ignore[attr-defined]
            raise CorruptState(f"This saved game uses format {state.schema}; this version of "  # type: ignore[attr-defined]
                               f"the bot reads format {self.schema}.")
        if state.game != self.game:  # type: ignore[attr-defined]
            raise CorruptState(f"This saved game is for '{state.game}', not {self.title}.")  # type: ignore[attr-defined]
        return state

    def clone(self, state: S) -> S:
        """A deep, independent copy (for searches and what-ifs)."""
        return self.adapter.validate_python(self.adapter.dump_python(state))


Setup = Callable[[list[str], "dict[str, Any] | None", int, "dict[str, str] | None"],
                 "tuple[Any, Iterable[Event]]"]


class StoredGame:
    """Making, storing and replaying states, the same for every game built on a ``StateCodec``."""

    codec: StateCodec[Any]
    setup: Setup

    def new_game(self, players: list[str], options: dict[str, Any] | None = None, seed: int = 0,
                 names: dict[str, str] | None = None) -> Any:
        return self.new_game_with_events(players, options, seed, names)[0]

    def new_game_with_events(self, players: list[str], options: dict[str, Any] | None = None,
                             seed: int = 0, names: dict[str, str] | None = None
                             ) -> tuple[Any, list[Event]]:
        state, events = self.setup(players, options, seed, names)
        return state, list(events)

    def dump(self, state: Any) -> str:
        return self.codec.dump(state)

    def load(self, text: str | bytes) -> Any:
        state = self.codec.load(text)
        self.validate(state)
        return state

    def clone(self, state: Any) -> Any:
        return self.codec.clone(state)

    #: the words ``validate`` puts before the first problem found
    corrupt: str = "This saved game breaks the rules: "

    def violations(self, state: Any) -> list[str]:  # pragma: no cover - every game writes its own
        """Sentences naming every broken invariant of ``state`` ([] when all hold)."""
        raise NotImplementedError

    def validate(self, state: Any) -> None:
        """CorruptState unless ``state`` keeps the bounds every game shares (``common``) and
        every invariant of its own (``violations``)."""
        found = common_violations(state) or self.violations(state)
        if found:
            raise CorruptState(f"{self.corrupt}{found[0].rstrip('.')}.")

    def start_options(self, state: Any) -> dict[str, Any]:
        """The options ``new_game`` was given, read back from the state (default: the fields
        of ``state.options``, named as the game's options)."""
        return dataclasses.asdict(state.options)

    def check_start(self, state: Any) -> None:
        """CorruptState unless ``state`` is exactly the start ``new_game`` deals from its seed,
        players and options (``start_problem``): an imported game's initial state."""
        found = start_problem(self, state)
        if found:
            raise CorruptState(f"{self.corrupt}{found[0]}.")

    def apply(self, state: Any, player: str, action: Any) -> list[Event]:  # pragma: no cover
        raise NotImplementedError

    def public_text(self, action: Any) -> str:
        """Others read a decision as its notation (a game whose notation names something
        hidden overrides this: engine/core/game.py)."""
        return str(action)

    def replay(self, initial: Any, log: list[tuple[str, str]]) -> Any:
        """Rebuild a state from its initial state (JSON text or a state) and its decision log
        of (player, notation) pairs."""
        state = self.load(initial) if isinstance(initial, str | bytes) else self.clone(initial)
        for index, (player, text) in enumerate(log):
            try:
                self.apply(state, player, text)
            except IllegalDecision as exc:
                raise IllegalDecision(f"Decision {index + 1} ({player}: {text}) can't be "
                                      f"replayed: {exc}") from exc
        return state


NAME_MAX = 100  # characters in a player's id or name (Stella Digger's shape.NAME_MAX)
RNG_MAX = 1 << 64  # the generator's state is 64 bits (rng.py)


def common_violations(state: Any) -> list[str]:
    """The bounds of the fields every game's state has: player ids and names short, one line,
    distinct ids; the generator's state and the version in range (issue 25)."""
    out: list[str] = []
    ids = [p.id for p in state.players]
    for text in ids + [p.name for p in state.players]:
        if not 0 < len(text) <= NAME_MAX or any(ord(c) < 32 or c == "\x7f" for c in text):
            out.append(f"a player's id or name is empty, over {NAME_MAX} characters or holds "
                       "control characters")
            break
    if len(set(ids)) != len(ids):
        out.append("two players have the same id")
    if not 0 <= state.rng < RNG_MAX or state.version < 0:
        out.append("the generator's state or the version is out of range")
    return out


def rebuilt_start(game: Any, state: Any) -> Any:
    """What ``game.new_game`` deals from ``state``'s seed, players (ids and names, in the seat
    order the seed gave them) and options (``game.start_options``). Seats may be shuffled by
    the seed: the order they were given in is recovered from a probe game (every game's seat
    shuffle depends on the seed and the number of players only). ``IllegalDecision`` (or
    another error) if ``new_game`` refuses them."""
    seats = [(p.id, p.name) for p in state.players]
    options = game.start_options(state)
    probe = game.new_game([str(i) for i in range(len(seats))], options, state.seed)
    given = [""] * len(seats)
    for seat, player in enumerate(probe.players):
        given[int(player.id)] = seats[seat][0]
    return game.new_game(given, options, state.seed, dict(seats))


def start_problem(game: Any, state: Any) -> list[str]:
    """[] if ``state`` is a start: version 0 and exactly what ``rebuilt_start`` deals (the
    same dump). A start edited (a score of 999, round 10, a negative count) or another seed's
    deal relabelled is not (issue 25). Scenario tables and search samples are not starts
    either: only an import's initial state must be one."""
    if state.version != 0:
        return [f"a game's start is at version 0, not {state.version}"]
    try:
        fresh = rebuilt_start(game, state)
    except (IllegalDecision, ValueError, KeyError, IndexError, TypeError):
        return ["its players or options are not ones a game can start with"]
    if game.dump(fresh) != game.dump(state):
        return ["it is not the start its seed, players and options deal"]
    return []
