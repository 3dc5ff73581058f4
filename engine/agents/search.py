"""The ``strong`` level for any game: Monte Carlo search over determinised samples of the
searching player's own view. It imports no game: a game takes part by the hooks of its
``engine/<pkg>/ai.py`` (docs/engine-api.md, "Search hooks"), read by ``Hooks.of``:

- ``determinize(game, view, player, rng) -> state`` (required): a full state that agrees with
  ``view`` (``player``'s own view), what the view hides drawn from what that player has not
  seen. Another player's sealed decision (committed, not yet revealed) is unknown to the
  searcher: the sample must not hold it (that player still owes the decision in the sample).
  It may take an optional keyword ``legal`` (the decisions offered to ``player``) when the view
  leaves out something the legal list tells.
- ``playout(game, state, player, rng) -> decision``: a fast policy for ``player`` on a full
  state (default: the game's ``heuristic`` on ``player``'s view of the state and legal list,
  else its ``random_decision``).
- ``evaluate(game, state) -> {player: value in [0, 1]}``: the worth of the state a playout
  stopped at (the horizon or the end). Default: play to the end; 1 for a win, a shared win split.
- ``candidates(game, state, player, legal) -> list``: the decisions worth comparing (a decision
  abstraction), best guess first. ``legal`` is the list offered at the root (``[]`` for a
  decision that is not listed) or ``None`` inside an ``ismcts`` tree, where the hook answers
  from the state alone. Default: the heuristic's choice first, then the rest of ``legal``, at
  most ``DEFAULT_CANDIDATES`` (drawn with the generator); in a tree ``game.legal``.
- ``progress(game, state) -> int`` and ``HORIZON`` (int): a playout stops to ``evaluate`` once
  ``progress`` grew by ``HORIZON`` (Stella Digger: rounds). Default progress: decisions played.
  Without ``evaluate`` the horizon is ignored (playouts go to the end).
- ``clone(game, state)`` and ``apply(game, state, player, decision)``: a fast copy and an
  unchecked apply for searches (default: ``game.clone`` and ``game.apply``).

The search never receives the real state: only ``view`` and ``legal``. Two methods:

- ``mode="flat"`` (default): determinised Monte Carlo with common random numbers. Each
  iteration draws one sample and plays every candidate still in the race on its own copy of it,
  then a playout in which every player owing a decision (several at once in simultaneous
  games) plays the ``playout`` policy (the game's ``default`` if the engine refuses it); the worse half of the candidates is dropped after 4, 8,
  16, ... samples (sequential halving); the best mean value wins, ties to the earlier candidate.
- ``mode="ismcts"``: single-observer information-set MCTS (Cowling, Powley and Whitehouse
  2012): one tree over all samples, UCB1 with availability counts, one node added per
  iteration; simultaneous decisions enter the tree one player after another.

Budget: ``budget_ms`` of wall-clock time per decision (at least one sample, unless that first
sample alone outlasts twice the budget, and the budget plus a second: then the candidates
played on it so far are compared), or a fixed number of samples ``iterations`` (deterministic
given the generator: for tests). The answer is always
one of ``legal`` (for a decision that is not listed, a candidate ``game.check`` accepts in the
first sample, else the game's heuristic).
"""

from __future__ import annotations

import inspect
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from types import ModuleType
from typing import Any, NamedTuple, cast

from ..core.errors import IllegalDecision
from ..core.rng import Rng

MAX_PLAYOUT = 5000  # decisions; a playout that goes on longer is scored where it stands
DEFAULT_CANDIDATES = 24  # decisions compared when a game has no ``candidates`` hook


@dataclass(frozen=True)
class Hooks:
    """A game's search hooks (see the module text); ``None``: the default."""

    determinize: Callable[[Any, dict[str, Any], str, Rng], Any]
    playout: Callable[[Any, Any, str, Rng], Any] | None = None
    evaluate: Callable[[Any, Any], dict[str, float]] | None = None
    candidates: Callable[[Any, Any, str, list[Any] | None], list[Any]] | None = None
    progress: Callable[[Any, Any], int] | None = None
    horizon: int = 0
    clone: Callable[[Any, Any], Any] | None = None
    apply: Callable[[Any, Any, str, Any], Any] | None = None
    heuristic: Callable[..., Any] | None = None
    random_decision: Callable[[Any, Any, str, Rng], Any] | None = None

    @classmethod
    def of(cls, module: ModuleType | Any) -> Hooks | None:
        """The hooks of a game's ``ai`` module; None if it has no ``determinize``."""
        determinize = getattr(module, "determinize", None)
        if determinize is None:
            return None
        return cls(determinize=determinize,
                   playout=getattr(module, "playout", None),
                   evaluate=getattr(module, "evaluate", None),
                   candidates=getattr(module, "candidates", None),
                   progress=getattr(module, "progress", None),
                   horizon=int(getattr(module, "HORIZON", 0) or 0),
                   clone=getattr(module, "clone", None),
                   apply=getattr(module, "apply", None),
                   heuristic=getattr(module, "heuristic", None),
                   random_decision=getattr(module, "random_decision", None))

    def with_(self, **changes: Any) -> Hooks:
        return replace(self, **changes)


class Choice(NamedTuple):
    decision: Any
    iterations: int  # samples searched


def search(game: Any, hooks: Hooks, view: dict[str, Any], player: str, legal: list[Any],
           rng: Rng, *, budget_ms: float = 1000.0, iterations: int | None = None,
           mode: str = "flat", horizon: int | None = None, exploration: float = 0.7,
           max_depth: int = 12, clock: Callable[[], float] = time.perf_counter) -> Choice:
    """``player``'s decision, searched from ``view`` (their own) and ``legal`` (their legal
    decisions, ``[]`` if not listed). ``horizon`` overrides the hooks' ``HORIZON``."""
    if len(legal) == 1:
        return Choice(legal[0], 0)
    if mode not in ("flat", "ismcts"):
        raise ValueError(f"unknown search mode {mode!r}: use flat or ismcts")
    if _takes_legal(hooks.determinize):
        hooks = hooks.with_(determinize=partial(cast(Any, hooks.determinize), legal=legal))
    s = _Search(game, hooks, view, player, legal, rng,
                hooks.horizon if horizon is None else horizon)
    root = hooks.determinize(game, view, player, rng)
    cands = s.root_candidates(root)
    if not cands:
        return Choice(s.fallback(), 0)
    if len(cands) == 1:
        return Choice(cands[0], 0)
    deadline = clock() + budget_ms / 1000.0

    def more(done: int) -> bool:
        if iterations is not None:
            return done < iterations
        return done == 0 or clock() < deadline

    cutoff = deadline + max(budget_ms / 1000.0, 1.0)  # a first sample cut short only past it

    def late() -> bool:
        return iterations is None and clock() >= cutoff

    if mode == "flat":
        return s.flat(root, cands, more, late)
    return s.ismcts(root, cands, more, exploration, max_depth)


def _takes_legal(fn: Callable[..., Any]) -> bool:
    """Does a ``determinize`` hook take the optional keyword ``legal`` (the decisions offered,
    for what a view leaves out)?"""
    try:
        return "legal" in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


class _Node:
    __slots__ = ("avail", "children", "mover", "reward", "visits")

    def __init__(self, mover: str | None) -> None:
        self.mover = mover  # the player whose decision led here
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[Any, _Node] = {}


class _Search:
    def __init__(self, game: Any, hooks: Hooks, view: dict[str, Any], player: str,
                 legal: list[Any], rng: Rng, horizon: int) -> None:
        self.game, self.hooks, self.view, self.player = game, hooks, view, player
        self.legal, self.rng = legal, rng
        self.horizon = horizon if hooks.evaluate is not None else 0
        self._clone = hooks.clone or (lambda g, st: g.clone(st))
        self._apply = hooks.apply or (lambda g, st, p, a: g.apply(st, p, a))

    # -- the root ---------------------------------------------------------------------------

    def root_candidates(self, root: Any) -> list[Any]:
        """The decisions compared: the hook's (or all legal ones), kept only if legal."""
        game, player, legal = self.game, self.player, self.legal
        found = (self.hooks.candidates(game, root, player, legal)
                 if self.hooks.candidates is not None else self.default_candidates())
        out: list[Any] = []
        if legal:
            index = _Index(legal)
            for a in found:
                known = index.find(a)
                if known is not None and known not in out:
                    out.append(known)
            return out
        for a in found:  # not listed: what the engine accepts in a sample of the view
            try:
                game.check(root, player, a)
            except Exception:  # noqa: BLE001 - any refusal rules the candidate out
                continue
            if a not in out:
                out.append(a)
        return out

    def default_candidates(self) -> list[Any]:
        """Without a ``candidates`` hook: the heuristic's choice first, then the other legal
        decisions, at most ``DEFAULT_CANDIDATES`` in all (drawn with the generator)."""
        legal = list(self.legal)
        first: list[Any] = []
        if legal and self.hooks.heuristic is not None:
            choice = self.hooks.heuristic(self.game, self.view, self.player, legal, self.rng)
            if choice in legal:
                first = [choice]
                legal.remove(choice)
        room = DEFAULT_CANDIDATES - len(first)
        if len(legal) > room:
            self.rng.shuffle(legal)
            legal = legal[:room]
        return first + legal

    def fallback(self) -> Any:
        """No candidate survived: the game's heuristic on the view (else a legal decision)."""
        if self.hooks.heuristic is not None:
            choice = self.hooks.heuristic(self.game, self.view, self.player, self.legal or None,
                                          self.rng)
            if not self.legal or choice in self.legal:
                return choice
        if self.legal:
            return self.legal[0]
        raise ValueError("no decision to search: nothing listed and no candidates")

    # -- playouts ---------------------------------------------------------------------------

    def policy(self, state: Any, player: str) -> Any:
        """``player``'s playout decision: the ``playout`` hook, else the heuristic on their view
        of the state, else ``random_decision``, else a random listed decision or the default."""
        hooks, game = self.hooks, self.game
        if hooks.playout is not None:
            return hooks.playout(game, state, player, self.rng)
        if hooks.heuristic is not None:
            legal = game.legal(state, player)
            return hooks.heuristic(game, game.view(state, player), player, legal or None,
                                   self.rng)
        if hooks.random_decision is not None:
            return hooks.random_decision(game, state, player, self.rng)
        legal = game.legal(state, player)
        if not legal:
            return game.default(state, player)
        return legal[self.rng.below(len(legal))]

    def rollout(self, state: Any, start: int | None = None) -> None:
        """Every player owing a decision plays the policy, until the horizon or the end. The
        horizon counts from ``start``, the progress of the searched state before its
        candidate was applied: a candidate that itself ends a round (Mining Colony's ``done``)
        must not earn a longer playout than one that doesn't (it once made solo Mining
        Colony's search end every turn at once, discarding what it held)."""
        game, rng, apply = self.game, self.rng, self._apply
        owed_now = game.owed
        progress = self.hooks.progress
        playout = self.hooks.playout
        stop = None
        if self.horizon > 0:
            base = start if start is not None and progress is not None else (
                0 if progress is None else progress(game, state))
            stop = base + self.horizon
        steps = 0
        while steps < MAX_PLAYOUT:
            if stop is not None and (steps if progress is None
                                     else progress(game, state)) >= stop:
                return
            owed = owed_now(state)
            if not owed:
                return
            for k, who in enumerate(owed):  # simultaneous decisions: each owed one, seat order
                player = who.player
                if k:
                    if stop is not None and (steps if progress is None
                                             else progress(game, state)) >= stop:
                        return
                    if all(o.player != player for o in owed_now(state)):
                        break  # what is owed changed meanwhile: ask again
                try:
                    apply(game, state, player, playout(game, state, player, rng)
                          if playout is not None else self.policy(state, player))
                except IllegalDecision:
                    try:  # a decision the engine refuses: the game's default instead
                        game.apply(state, player, game.default(state, player))
                    except IllegalDecision:
                        return  # nothing the game accepts: scored where it stands
                steps += 1

    def _progress(self, state: Any) -> int | None:
        progress = self.hooks.progress
        return None if progress is None else progress(self.game, state)

    def values(self, state: Any) -> dict[str, float]:
        if self.hooks.evaluate is not None:
            return self.hooks.evaluate(self.game, state)
        won = self.game.winners(state)
        return {p: 1.0 / len(won) for p in won}

    # -- flat: sequential halving over common samples --------------------------------------

    def flat(self, root: Any, cands: list[Any], more: Callable[[int], bool],
             late: Callable[[], bool]) -> Choice:
        game, player = self.game, self.player
        alive = list(cands)
        sums = [0.0] * len(cands)
        counts = [0] * len(cands)
        index = {id(a): i for i, a in enumerate(cands)}
        done = 0
        next_cut = 4
        while len(alive) > 1 and more(done):
            world = root if done == 0 else self.hooks.determinize(game, self.view, player,
                                                                  self.rng)
            start = self._progress(world)
            for k, a in enumerate(alive):
                if done == 0 and k and late():
                    return self._best(alive, sums, counts, index, done)  # what was tried so far
                state = self._clone(game, world)
                self._apply(game, state, player, a)
                self.rollout(state, start)
                i = index[id(a)]
                sums[i] += self.values(state).get(player, 0.0)
                counts[i] += 1
            done += 1
            if done >= next_cut and len(alive) > 2:
                alive.sort(key=lambda a: -sums[index[id(a)]] / counts[index[id(a)]])
                alive = alive[:max(2, (len(alive) + 1) // 2)]
                next_cut *= 2
        return self._best(alive, sums, counts, index, done)

    @staticmethod
    def _best(alive: list[Any], sums: list[float], counts: list[int], index: dict[int, int],
              done: int) -> Choice:
        """The best mean among the candidates tried (ties: the earlier candidate)."""
        tried = [a for a in alive if counts[index[id(a)]]] or alive
        best = max(tried, key=lambda a: (sums[index[id(a)]] / max(1, counts[index[id(a)]]),
                                         -index[id(a)]))
        return Choice(best, done)

    # -- ismcts: one tree over all samples -------------------------------------------------

    def ismcts(self, root_state: Any, cands: list[Any], more: Callable[[int], bool],
               exploration: float, max_depth: int) -> Choice:
        game, player = self.game, self.player
        root = _Node(None)
        done = 0
        while more(done):
            state = root_state if done == 0 else self.hooks.determinize(game, self.view, player,
                                                                        self.rng)
            self._iterate(state, root, cands, exploration, max_depth)
            done += 1
        best = max(cands, key=lambda a: (
            root.children[a].visits if a in root.children else -1,
            root.children[a].reward if a in root.children else 0.0))
        return Choice(best, done)

    def _tree_candidates(self, state: Any, mover: str) -> list[Any]:
        game = self.game
        if self.hooks.candidates is not None:
            return self.hooks.candidates(game, state, mover, None)
        legal = game.legal(state, mover)
        return legal if legal else [self.policy(state, mover)]

    def _iterate(self, state: Any, root: _Node, root_cands: list[Any], exploration: float,
                 max_depth: int) -> None:
        game, rng = self.game, self.rng
        start = self._progress(state)
        node = root
        path: list[_Node] = []
        depth = 0
        first = True
        while depth < max_depth:
            owed = game.owed(state)
            if not owed:
                break
            # the searcher's own decision at the root; then the first player owing one
            mover = self.player if first else owed[0].player
            cands = root_cands if first else self._tree_candidates(state, mover)
            first = False
            if len(cands) == 1:
                self._apply(game, state, mover, cands[0])
                continue
            untried = [a for a in cands if a not in node.children]
            if untried:
                action = untried[rng.below(len(untried))]
                child = _Node(mover)
                node.children[action] = child
                for a in cands:
                    if a in node.children:
                        node.children[a].avail += 1
                self._apply(game, state, mover, action)
                path.append(child)
                break
            log_avail: dict[Any, float] = {}
            for a in cands:
                c = node.children[a]
                c.avail += 1
                log_avail[a] = math.log(c.avail)
            action = max(cands, key=lambda a: (
                node.children[a].reward / node.children[a].visits
                + exploration * math.sqrt(log_avail[a] / node.children[a].visits)))
            node = node.children[action]
            path.append(node)
            self._apply(game, state, mover, action)
            depth += 1
        self.rollout(state, start)
        result = self.values(state)
        for n in path:
            n.visits += 1
            n.reward += result.get(n.mover or "", 0.0)


class _Index:
    """Finds a decision in the legal list (the list's own object), hashable or not."""

    def __init__(self, legal: list[Any]) -> None:
        self.legal = legal
        try:
            self.by_value: dict[Any, Any] | None = {a: a for a in legal}
        except TypeError:
            self.by_value = None

    def find(self, a: Any) -> Any:
        if self.by_value is not None:
            try:
                return self.by_value.get(a)
            except TypeError:
                pass
        for known in self.legal:
            if known == a:
                return known
        return None


__all__ = ["DEFAULT_CANDIDATES", "MAX_PLAYOUT", "Choice", "Hooks", "search"]
