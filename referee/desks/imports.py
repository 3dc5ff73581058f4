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
from referee.messages.refusals import refusal_words
from referee.shared import ai
from texts import LOCALES, _, ngettext, pgettext

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
        raise Refusal(_("That file is too large to be a game export (limit 5 MB)."))
    try:
        raw = from_json(data)  # refuses absurd nesting instead of recursing
    except ValueError:
        raise Refusal(_("That file is not a JSON game export.")) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise Refusal(_("That file is not a Stella bot game export (wrong 'format')."))
    try:
        doc = parse_document(data)
    except ImportRejected as exc:
        raise Refusal(_sentence(exc.problems)) from None
    if not hasattr(game, "apply"):
        try:
            game = game(doc.game.game_name)
        except KeyError:
            raise Refusal(_("That export holds a game this bot doesn't play ({name}).").format(
                name=repr(doc.game.game_name[:40]))) from None
    elif doc.game.game_name != game.name:
        raise Refusal(_("That export holds a {name} game, not {title}.").format(
            name=repr(doc.game.game_name[:40]), title=game.title))
    problems = _options(game, doc) + _seats(game, doc)
    if problems:
        raise Refusal(_sentence(problems))
    if doc.initial_state is None:
        return Checked(doc, None)
    state = _replay(game, doc)
    results = _results(game, doc, state)
    return Checked(doc.model_copy(update={"results": results}), state)


def _sentence(problems: list[str]) -> str:
    shown = "; ".join(problems[:5]) + ("; " + _("and {n} more").format(n=len(problems) - 5)
                                       if len(problems) > 5 else "")
    return _("The import was refused, nothing was stored: {problems}.").format(problems=shown)


def _options(game: Any, doc: ExportDoc) -> list[str]:
    specs = game.option_specs
    problems = []
    for name, value in doc.game.options.items():
        if name == "turn_seconds":
            low, high = TURN_SECONDS
            if type(value) is not int or not low <= value <= high:
                problems.append(_("game.options.turn_seconds must be a whole number of seconds "
                                  "from {low} to {high} (14 days)").format(low=low, high=high))
        elif name == "language":
            if value not in LOCALES:
                problems.append(_("game.options.language is one of {languages}").format(
                    languages=", ".join(LOCALES)))
        elif name not in specs:
            problems.append(_("game.options.{name} is not an option of {title}").format(
                name=name, title=game.title))
        elif type(value) is not specs[name].kind or (
                specs[name].choices and value not in specs[name].choices) or (
                specs[name].minimum is not None and value < specs[name].minimum) or (
                specs[name].maximum is not None and value > specs[name].maximum):
            problems.append(_("game.options.{name} has the wrong type or value").format(name=name))
    return problems


def _seats(game: Any, doc: ExportDoc) -> list[str]:
    problems = [_("seats.{seat}: ai_level {level} is not an AI level").format(
                    seat=s.seat, level=s.ai_level)
                for s in doc.seats if s.is_ai and s.ai_level not in ai.LEVEL_NAMES]
    problems += [_("seats.{seat}: user_id {user} is not a Discord id").format(
                     seat=s.seat, user=s.user_id)
                 for s in doc.seats if s.user_id is not None and not 0 < s.user_id < 2**63]
    problems += [_("seats.{seat}: the display name must be at most {n} characters, one line, "
                   "without control or direction characters").format(seat=s.seat, n=names.NAME_MAX)
                 for s in doc.seats if s.display_name and names.clean(s.display_name) != s.display_name]
    if len(doc.seats) > game.max_players:
        problems.append(ngettext("seats: {title} has at most {n} player",
                                 "seats: {title} has at most {n} players", game.max_players).format(
            title=game.title, n=game.max_players))
    return problems


def _replay(game: Any, doc: ExportDoc) -> Any:
    """The replayed final state: the initial and every later state pass the engine's checks
    (``load`` validates; ``validate`` again at the end), each log entry's versions are the
    state's, and the file's snapshot is exactly the replay."""
    assert doc.initial_state is not None and doc.snapshot is not None
    try:
        state = game.load(doc.initial_state)
    except GameError as exc:
        raise Refusal(_("The export's initial state was refused: {why}").format(why=refusal_words(str(exc)))) from None
    try:  # issue 25: the start is rebuilt from its seed, players and options
        if hasattr(game, "check_start"):
            game.check_start(state)
    except GameError as exc:
        raise Refusal(_("The export's initial state is not the start of a game: {why}").format(
            why=refusal_words(str(exc)))) from None
    players = _player_ids(game, state)
    if sorted(players) != sorted(s.player_id for s in doc.seats):
        raise Refusal(_("The export's seats are not the players of its game."))
    if getattr(state, "seed", doc.seed) != doc.seed:
        raise Refusal(_("The export's seed is not its game's seed."))
    start_options = getattr(game, "start_options", None)
    if start_options is not None and start_options(state) != game_options(
            game, doc.game.options, stored=True):
        raise Refusal(_("The export's options are not those its game started with."))
    sealed = False  # a secret decision not yet revealed (sessions.commit's rule)
    for d in doc.log:
        if d.prev_version != state.version:
            raise Refusal(_("The export's decision {seq} does not follow version {version}.").format(
                seq=d.seq, version=state.version))
        try:
            sealed = bool(game.sealed(state, d.player_id, d.text)) or sealed
            events = game.apply(state, d.player_id, d.text)
            if any(e.kind == "reveal" and e.to is None for e in events):
                sealed = False
        except GameError as exc:
            raise Refusal(_("The export's decision {seq} ({text}) can't be replayed: {why}").format(
                seq=d.seq, text=d.text, why=refusal_words(str(exc)))) from None
        if d.version != state.version:
            raise Refusal(_("The export's decision {seq} claims version {claimed}, the game says "
                            "{version}.").format(seq=d.seq, claimed=d.version, version=state.version))
    if sealed and doc.game.status == GameStatus.RUNNING:  # it would be stored readable
        raise Refusal(_("The export holds a secret decision not yet revealed: export the game "
                        "after the reveal."))
    try:
        game.validate(state)
        saved = game.load(doc.snapshot.state)
    except GameError as exc:
        raise Refusal(_("The export's game state was refused: {why}").format(why=refusal_words(str(exc)))) from None
    if game.dump(saved) != game.dump(state):
        raise Refusal(_("The export's snapshot doesn't match its decision log."))
    return state


def _player_ids(game: Any, state: Any) -> list[str]:
    return list(game.scores(state))  # every player, in seat order


def _results(game: Any, doc: ExportDoc, state: Any) -> list[ResultDoc]:
    """From the replayed end only; a file claiming others is refused."""
    over = not game.owed(state)
    status = doc.game.status
    if (status == GameStatus.FINISHED) != over and status != GameStatus.ABORTED:
        raise Refusal((_("The export says the game is {status}, but its decisions end it.") if over
                       else _("The export says the game is {status}, but its decisions do not end "
                              "it.")).format(status=pgettext("game status", str(status))))
    if status != GameStatus.FINISHED:
        return []
    scores, winners = game.scores(state), set(game.winners(state))
    claimed = {r.player_id: r for r in doc.results}
    results = []
    for player in _player_ids(game, state):
        result = claimed[player]  # parse_document: one result per seat
        if (result.score, result.won) != (total(scores, player), player in winners):
            raise Refusal(_("The export's results are not those of its replayed game."))
        results.append(result)
    return results
