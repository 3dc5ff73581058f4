"""Checking an import file before anything is stored or posted (issue 10).

A moderator's file is untrusted: it could carry a state edited to freeze the engine, invented
results, options the timers can't use, or seats nobody can act in. ``check`` reads it with a
depth-limited parser, checks its shape (db.transfer), replays its log from its initial state
with the engine checking every state, and derives the results from the replayed end. It is
pure CPU work: the caller runs it off the event loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic_core import from_json

from db import GameStatus, ImportRejected
from db.transfer import ExportDoc, ResultDoc, parse_document
from engine import GameError
from engine.core.game import total
from referee.desks.lobby import game_options
from referee.errors import Refusal
from referee.messages import names
from referee.shared import ai
from texts import LOCALES

MAX_BYTES = 5 * 1024 * 1024
FORMAT = "stella-bot/game-export"
TURN_SECONDS = (60, 14 * 24 * 3600)  # the bounds a game's new command allows


@dataclass(frozen=True)
class Checked:
    doc: ExportDoc  # its results replaced by those of the replayed end
    state: Any  # the replayed state (None for a lobby)


def check(game: Any, data: bytes) -> Checked:
    """The document, verified; Refusal (one short sentence per problem) otherwise. ``game``:
    the engine to check it with, or a function from the export's game name (``game.game_name``;
    exports written before there were other games name none: the default game) to its engine
    (``Context.engine``), which refuses a game this bot doesn't play."""
    if len(data) > MAX_BYTES:
        raise Refusal("That file is too large to be a game export (limit 5 MB).")
    try:
        raw = from_json(data)  # refuses absurd nesting instead of recursing
    except ValueError:
        raise Refusal("That file is not a JSON game export.") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise Refusal("That file is not a Stella bot game export (wrong 'format').")
    try:
        doc = parse_document(data)
    except ImportRejected as exc:
        raise Refusal(_sentence(exc.problems)) from None
    if not hasattr(game, "apply"):
        try:
            game = game(doc.game.game_name)
        except KeyError:
            raise Refusal(f"That export holds a game this bot doesn't play "
                          f"({doc.game.game_name[:40]!r}).") from None
    elif doc.game.game_name != game.name:
        raise Refusal(f"That export holds a {doc.game.game_name[:40]!r} game, not {game.title}.")
    problems = _options(game, doc) + _seats(game, doc)
    if problems:
        raise Refusal(_sentence(problems))
    if doc.initial_state is None:
        return Checked(doc, None)
    state = _replay(game, doc)
    results = _results(game, doc, state)
    return Checked(doc.model_copy(update={"results": results}), state)


def _sentence(problems: list[str]) -> str:
    shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
    return f"The import was refused, nothing was stored: {shown}."


def _options(game: Any, doc: ExportDoc) -> list[str]:
    specs = game.option_specs
    problems = []
    for name, value in doc.game.options.items():
        if name == "turn_seconds":
            low, high = TURN_SECONDS
            if type(value) is not int or not low <= value <= high:
                problems.append(f"game.options.turn_seconds must be a whole number of seconds "
                                f"from {low} to {high} (14 days)")
        elif name == "language":
            if value not in LOCALES:
                problems.append(f"game.options.language is one of {', '.join(LOCALES)}")
        elif name not in specs:
            problems.append(f"game.options.{name} is not an option of {game.title}")
        elif type(value) is not specs[name].kind or (
                specs[name].choices and value not in specs[name].choices) or (
                specs[name].minimum is not None and value < specs[name].minimum) or (
                specs[name].maximum is not None and value > specs[name].maximum):
            problems.append(f"game.options.{name} has the wrong type or value")
    return problems


def _seats(game: Any, doc: ExportDoc) -> list[str]:
    problems = [f"seats.{s.seat}: ai_level {s.ai_level} is not an AI level"
                for s in doc.seats if s.is_ai and s.ai_level not in ai.LEVEL_NAMES]
    problems += [f"seats.{s.seat}: user_id {s.user_id} is not a Discord id"
                 for s in doc.seats if s.user_id is not None and not 0 < s.user_id < 2**63]
    problems += [f"seats.{s.seat}: the display name must be at most {names.NAME_MAX} characters, "
                 "one line, without control or direction characters"
                 for s in doc.seats if s.display_name and names.clean(s.display_name) != s.display_name]
    if len(doc.seats) > game.max_players:
        problems.append(f"seats: {game.title} has at most {game.max_players} players")
    return problems


def _replay(game: Any, doc: ExportDoc) -> Any:
    """The replayed final state: the initial and every later state pass the engine's checks
    (``load`` validates; ``validate`` again at the end), each log entry's versions are the
    state's, and the file's snapshot is exactly the replay."""
    assert doc.initial_state is not None and doc.snapshot is not None
    try:
        state = game.load(doc.initial_state)
    except GameError as exc:
        raise Refusal(f"The export's initial state was refused: {exc}") from None
    try:  # issue 25: the start is rebuilt from its seed, players and options
        if hasattr(game, "check_start"):
            game.check_start(state)
    except GameError as exc:
        raise Refusal(f"The export's initial state is not the start of a game: {exc}") from None
    players = _player_ids(game, state)
    if sorted(players) != sorted(s.player_id for s in doc.seats):
        raise Refusal("The export's seats are not the players of its game.")
    if getattr(state, "seed", doc.seed) != doc.seed:
        raise Refusal("The export's seed is not its game's seed.")
    start_options = getattr(game, "start_options", None)
    if start_options is not None and start_options(state) != game_options(
            game, doc.game.options, stored=True):
        raise Refusal("The export's options are not those its game started with.")
    sealed = False  # a secret decision not yet revealed (sessions.commit's rule)
    for d in doc.log:
        if d.prev_version != state.version:
            raise Refusal(f"The export's decision {d.seq} does not follow version {state.version}.")
        try:
            sealed = bool(game.sealed(state, d.player_id, d.text)) or sealed
            events = game.apply(state, d.player_id, d.text)
            if any(e.kind == "reveal" and e.to is None for e in events):
                sealed = False
        except GameError as exc:
            raise Refusal(f"The export's decision {d.seq} ({d.text}) can't be replayed: "
                          f"{exc}") from None
        if d.version != state.version:
            raise Refusal(f"The export's decision {d.seq} claims version {d.version}, "
                          f"the game says {state.version}.")
    if sealed and doc.game.status == GameStatus.RUNNING:  # it would be stored readable
        raise Refusal("The export holds a secret decision not yet revealed: export the game "
                      "after the reveal.")
    try:
        game.validate(state)
        saved = game.load(doc.snapshot.state)
    except GameError as exc:
        raise Refusal(f"The export's game state was refused: {exc}") from None
    if game.dump(saved) != game.dump(state):
        raise Refusal("The export's snapshot doesn't match its decision log.")
    return state


def _player_ids(game: Any, state: Any) -> list[str]:
    return list(game.scores(state))  # every player, in seat order


def _results(game: Any, doc: ExportDoc, state: Any) -> list[ResultDoc]:
    """From the replayed end only; a file claiming others is refused."""
    over = not game.owed(state)
    status = doc.game.status
    if (status == GameStatus.FINISHED) != over and status != GameStatus.ABORTED:
        raise Refusal(f"The export says the game is {status}, but its decisions "
                      f"{'end' if over else 'do not end'} it.")
    if status != GameStatus.FINISHED:
        return []
    scores, winners = game.scores(state), set(game.winners(state))
    claimed = {r.player_id: r for r in doc.results}
    results = []
    for player in _player_ids(game, state):
        result = claimed[player]  # parse_document: one result per seat
        if (result.score, result.won) != (total(scores, player), player in winners):
            raise Refusal("The export's results are not those of its replayed game.")
        results.append(result)
    return results
