"""The game-agnostic decision protocol every game package implements (docs/engine-api.md).

A game is a module-level object (``engine/<package>/game.py`` exports it as ``GAME``) with pure
methods over its own plain-data state. At every moment the game owes a list of decisions
(``owed``): usually one player's, sometimes several players' at once (a secret bid, a private
puzzle, a fight card chosen in secret), answered in any order. An empty list means the game is
over.

Rules of the protocol, for every game:

- ``apply`` is the only way a state changes. It checks first (raising an ``IllegalDecision``
  whose message a player understands, with nothing changed), then performs, adds 1 to
  ``state.version`` and runs on to the next owed decisions. Any arrival order of the answers to
  simultaneous decisions gives the same state.
- A decision that ``sealed`` says is secret is hidden from everyone but its player (views,
  public events, logs, pictures) until the engine emits a public event of kind ``"reveal"``;
  that event reveals every sealed decision made before it. The referee keeps sealed log lines
  private until then.
- Decisions that cannot be listed (a whole polyomino placement) have ``ToAct.listed`` False:
  ``legal`` gives ``[]`` for them and ``options`` lists the legal next words of a draft.
- A fact the referee measures (a race clock) is written into the decision by ``stamp``; a player
  never types it. ``timing`` tells the referee which owed decisions start and stop a clock.
- No clock, no global ``random``, no I/O: the RNG state lives in the state and is dumped with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Protocol


class _Owed(NamedTuple):
    player: str
    decision: str


class ToAct(_Owed):
    """One decision owed now: ``player`` owes a decision of kind ``decision`` (its verb
    family, e.g. ``"draw"``, ``"bid"``, ``"dig"``). ``listed``: ``legal`` lists every legal
    decision of this kind; False when it is composed word by word through ``options``.

    A ``(player, decision)`` pair as far as tuples go (``ToAct("ann", "fight") == ("ann",
    "fight")``, unpacking gives two values), so code written when ``to_act`` returned a pair
    keeps working; ``listed`` is an attribute beside the pair, not part of equality."""

    listed: bool

    def __new__(cls, player: str, decision: str, listed: bool = True) -> ToAct:
        self = super().__new__(cls, player, decision)
        self.listed = listed
        return self

    def __repr__(self) -> str:
        return f"ToAct(player={self.player!r}, decision={self.decision!r}, listed={self.listed})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (ToAct, (self.player, self.decision, self.listed))


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A game option a lobby, a command or an import may set. ``kind`` is ``bool``, ``int`` or
    ``str``; ``choices`` (for ``str``) and ``minimum``/``maximum`` (for ``int``) bound it."""

    name: str
    kind: type
    default: Any
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    solo_only: bool = False  # only meaningful with one player (e.g. a solo difficulty)


Timing = Literal["start", "stop"] | None


class Game(Protocol):
    name: str  # "stella-digger": the registry key and the file/database name
    title: str  # "Stella Digger": what players read
    min_players: int
    max_players: int
    # every option new_game accepts. (Named ``option_specs``, not ``options``: the method
    # ``options`` below lists the next words of a draft; one name can't be both.)
    option_specs: Mapping[str, OptionSpec]

    # --- making and reading states ---------------------------------------------------------
    def new_game(self, players: list[str], options: dict[str, Any] | None = ..., seed: int = ...,
                 names: dict[str, str] | None = ...) -> Any: ...
    def new_game_with_events(self, players: list[str], options: dict[str, Any] | None = ...,
                             seed: int = ..., names: dict[str, str] | None = ...
                             ) -> tuple[Any, list[Any]]: ...
    def dump(self, state: Any) -> str: ...  # JSON text, schema-versioned
    def load(self, text: str | bytes) -> Any: ...  # CorruptState on bad text or a broken invariant
    def clone(self, state: Any) -> Any: ...
    def validate(self, state: Any) -> None:
        """Raise ``CorruptState`` (a sentence) if ``state`` breaks any invariant the engine
        knows: conservation of components, limits, a shape a real game can reach. Cheap (well
        under a millisecond for a normal state); run on every import before anything is stored."""
        ...
    def replay(self, initial: Any, log: list[tuple[str, str]]) -> Any: ...

    # --- who owes what ---------------------------------------------------------------------
    def owed(self, state: Any) -> list[ToAct]:
        """Every decision owed now, one per player at most, in seat order; ``[]`` when over."""
        ...
    def to_act(self, state: Any) -> ToAct | None:
        """The first of ``owed`` (convenience for one-player-at-a-time code), None when over."""
        ...
    def prompt(self, state: Any, player: str | None = ...) -> str:
        """Public words for what ``player`` (default: the first owed) must decide."""
        ...

    # --- decisions -------------------------------------------------------------------------
    def parse(self, text: str) -> Any: ...  # NotationError on bad text; str(parse(t)) canonical
    def legal(self, state: Any, player: str | None = ...) -> list[Any]:
        """Every legal decision of ``player`` (default: the first owed), ``[]`` if they owe none
        or their owed decision is not ``listed``. Bounded: never more than a few thousand."""
        ...
    def options(self, state: Any, player: str, draft: str = ..., part: str | None = ...
                ) -> list[str]:
        """The legal next words of the decision ``draft`` (notation typed so far, the verb
        included, e.g. ``"dig red-l:A2,A3,A4,B2"``), optionally only those of ``part`` (e.g.
        a tile kind ``"blue"``). Raises ``IllegalDecision`` naming the fault if ``draft``
        itself can't be completed. For listed decisions it may simply filter ``legal``."""
        ...
    def check(self, state: Any, player: str, action: Any) -> Any:
        """Raise the reason ``action`` is not legal for ``player`` now; return it parsed."""
        ...
    def apply(self, state: Any, player: str, action: Any) -> list[Any]: ...
    def default(self, state: Any, player: str | None = ...) -> Any:
        """The decision made for ``player`` (default: the first owed) when their time runs out
        (each game's defaults table)."""
        ...
    def sealed(self, state: Any, player: str, action: Any) -> bool:
        """Is this decision (about to be applied by ``player`` in ``state``) secret until a
        ``"reveal"`` event? False for every decision of a game without secret commits."""
        ...
    def public_text(self, action: Any) -> str:
        """The words of ``action`` (a decision or its notation) that others may read once it is
        no longer sealed: the log, the thread's notes and every other message not sent to its
        own player. The full notation stays in the stored log (replay needs it); a game whose
        notation carries something hidden even after the reveal (where its other cards went
        under the deck) drops it here. Default (``public_text`` below): the notation."""
        ...
    def timing(self, state: Any, player: str) -> Timing:
        """``"start"``: the referee notes the time when ``player``'s owed decision is applied;
        ``"stop"``: the referee must ``stamp`` the decision with the seconds since; None."""
        ...
    # Optional: ``reveals(events) -> bool``: did the decision that produced ``events`` show
    # anyone something that was hidden (a card drawn, a tile turned, a secret revealed)? Then
    # it can't be taken back. Without it the referee uses ``default_reveals`` (``reveals``).
    def stamp(self, state: Any, player: str, action: Any, elapsed: float,
              marks: Mapping[str, float]) -> Any:
        """``action`` with the referee-measured facts written in: ``elapsed`` seconds since the
        clock started, ``marks`` the seconds at which each word of the draft was last placed.
        Raises ``IllegalDecision`` if the player's own text already carries such facts."""
        ...

    # --- what people see -------------------------------------------------------------------
    def view(self, state: Any, viewer: str | None) -> dict[str, Any]: ...  # None: spectator
    def summary(self, state: Any) -> dict[str, Any]: ...  # everything (tests, scenarios)
    def scores(self, state: Any) -> dict[str, dict[str, int]]: ...  # {player: {"total", parts}}
    def winners(self, state: Any) -> list[str]: ...  # [] until over


class SequentialGame:
    """Defaults for a game whose decisions are one player's at a time, none secret, none timed,
    all listed: it implements ``owed`` and the player-keyed methods through ``to_act``."""

    def owed(self, state: Any) -> list[ToAct]:
        to_act = self.to_act(state)
        return [] if to_act is None else [to_act]

    def to_act(self, state: Any) -> ToAct | None:  # pragma: no cover - each game overrides
        raise NotImplementedError

    def legal(self, state: Any, player: str | None = None) -> list[Any]:  # pragma: no cover
        raise NotImplementedError

    def options(self, state: Any, player: str, draft: str = "", part: str | None = None
                ) -> list[str]:
        """Filter the listed decisions: the words that follow ``draft``'s words."""
        typed = draft.split()
        nxt: list[str] = []
        for action in self.legal(state, player):
            words = str(action).split()
            if words[:len(typed)] != typed or len(words) <= len(typed):
                continue
            word = words[len(typed)]
            if (part is None or word.startswith(part)) and word not in nxt:
                nxt.append(word)
        return nxt

    def sealed(self, state: Any, player: str, action: Any) -> bool:
        return False

    def public_text(self, action: Any) -> str:
        return str(action)

    def timing(self, state: Any, player: str) -> Timing:
        return None

    def stamp(self, state: Any, player: str, action: Any, elapsed: float,
              marks: Mapping[str, float]) -> Any:
        return action


def total(scores: Mapping[str, Mapping[str, int]], player: str) -> int:
    """``player``'s total in ``scores`` (``Game.scores``), 0 for a seat the game gives no score
    (a solo game won or lost, not scored: the result is ``winners``)."""
    return int(scores.get(player, {}).get("total", 0))


def public_text(game: Any, action: Any) -> str:
    """``game.public_text(action)`` if the game has the hook, else the notation itself (a game
    whose notation hides nothing needs no hook). ``action`` may be notation text (a stored log
    line); text the game can't read is shown as it is."""
    hook = getattr(game, "public_text", None)
    if hook is None:
        return str(action)
    if isinstance(action, str):
        try:
            action = game.parse(action)
        except Exception:  # noqa: BLE001 - a stored line from an older notation: as it is
            return action
    return str(hook(action))


def default_reveals(events: Iterable[Any]) -> bool:
    """Did these events show anyone something hidden? Any private event (a card drawn is told
    to its drawer; a secret decision is echoed to its player), a public ``"reveal"`` (a tile
    turned, sealed decisions revealed), or any event whose ``data`` says ``"reveals": True``."""
    return any(e.to is not None or e.kind == "reveal" or bool((e.data or {}).get("reveals"))
               for e in events)


def reveals(game: Any, events: Iterable[Any]) -> bool:
    """``game.reveals(events)`` if the game says which of its events reveal hidden things,
    else ``default_reveals`` (the referee refuses to take back a decision across one)."""
    own = getattr(game, "reveals", None)
    events = list(events)
    return bool(own(events)) if callable(own) else default_reveals(events)


def parse_options(game: Any, words: Iterable[str]) -> dict[str, Any]:
    """``["flag=true", "rounds=3"]`` -> typed options per ``game.option_specs`` (command lines,
    the bot's ``/game new options:``); ``ValueError`` with a sentence naming the fault."""
    specs = getattr(game, "option_specs", {}) or {}
    out: dict[str, Any] = {}
    for word in words:
        key, sep, value = word.partition("=")
        spec = specs.get(key)
        if spec is None:
            raise ValueError(f"{game.title} has no option {key!r}; it has: "
                             f"{', '.join(specs) or 'none'}.")
        if not sep:
            raise ValueError(f"Write the option as {key}=value.")
        if spec.kind is bool:
            if value.lower() not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                raise ValueError(f"The option {key} is true or false.")
            out[key] = value.lower() in ("true", "1", "yes", "on")
        elif spec.kind is int:
            try:
                out[key] = int(value)
            except ValueError:
                raise ValueError(f"The option {key} is a whole number.") from None
        else:
            out[key] = value
    return out
