"""Scenario files (stella-digger-notation.md): set up a table, play decisions, report the result.

``run(doc)`` returns a ScenarioRun with the final ``state`` and the JSON ``result`` the command
``python -m engine scenario FILE.json`` prints. Players are seated in the order listed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import GameError
from engine.core.rng import Rng
from engine.core.scenario import ScenarioError, play_actions, read_header
from engine.stella_digger.board import DIRECTIONS, READING_INDEX, TERRAIN
from engine.stella_digger.components import (
    ALL_CARDS,
    ALL_GADGETS,
    CARD_COUNTS,
    COLOURS,
    FIRST_TARGETS,
    tile_info,
)
from engine.stella_digger.events import EventLog
from engine.stella_digger.game import GAME
from engine.stella_digger.rounds.decks import split_three
from engine.stella_digger.rounds.flow import advance, begin
from engine.stella_digger.rounds.setup import blank_state, deal
from engine.stella_digger.rules.visibility import _link
from engine.stella_digger.state import State, Tile

_SETUP_KEYS = {"start_player", "tiles", "decks", "hands", "crystals", "gadgets", "drills",
               "accidents", "face_up", "supply", "vp_tiles", "tears"}




@dataclass
class ScenarioRun:
    state: State | None
    result: dict[str, Any]
    events: list[Any] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return bool(self.result.get("ok"))


def _player(state: State, name: str) -> int:
    try:
        return state.seat_of(name)
    except KeyError:
        raise ScenarioError(f"'{name}' is not one of the players.") from None


def _tile(sq: str, code: str) -> Tile | None:
    if sq not in TERRAIN or TERRAIN[sq] not in "abcY":
        raise ScenarioError(f"{sq} is not a square that holds a mining tile (C8).")
    if code == "empty":
        return None
    face, _, arrow = code.partition(">")
    try:
        tile_info(face)
    except (ValueError, TypeError):
        raise ScenarioError(f"'{code}' is not a tile: use COLOUR:N, gold:N, monster:P/L/V, "
                            "adding >DIRECTION for a connected tile, or empty.") from None
    if arrow and arrow not in DIRECTIONS:
        raise ScenarioError(f"'{arrow}' is not a direction (up, right, down, left).")
    return Tile(face, arrow=arrow or None)


def _cards(items: Any, what: str) -> list[str]:
    if not isinstance(items, list) or any(c not in CARD_COUNTS for c in items):
        raise ScenarioError(f"{what} must be a list of drill cards like blue-4.")
    return list(items)


def _colours(mapping: Any, what: str) -> dict[str, int]:
    if not isinstance(mapping, dict) or any(
            c not in COLOURS or not isinstance(n, int) or n < 0 for c, n in mapping.items()):
        raise ScenarioError(f"{what} must map colours to non-negative numbers.")
    return dict(mapping)


def _take(state: State, pool: str, n: int, explicit: bool, what: str) -> None:
    """Take ``n`` of ``pool`` out of the standard supply (unless the supply was given)."""
    if explicit:
        return
    have = state.supply[pool] if pool in state.supply else getattr(state, pool)
    if have < n:
        raise ScenarioError(f"The supply doesn't have {n} {what} to give.")
    if pool in state.supply:
        state.supply[pool] -= n
    else:
        setattr(state, pool, have - n)


def build(doc: dict[str, Any]) -> tuple[State, EventLog]:
    """The table a scenario describes, with the first decision owed."""
    players, seed, setup = read_header(doc, "stella-digger", _SETUP_KEYS)
    state = blank_state(players, doc.get("options"), seed, None, shuffle_seats=False)
    deal(state)
    if "start_player" in setup:
        state.start = _player(state, setup["start_player"])

    for sq, code in (setup.get("tiles") or {}).items():
        tile = _tile(sq, code)
        if tile is None:
            state.tiles.pop(sq, None)
        else:
            state.tiles[sq] = tile
    face_up = setup.get("face_up", [sq for sq in FIRST_TARGETS if sq in state.tiles])
    for sq in face_up:
        if sq not in state.tiles:
            raise ScenarioError(f"face_up names {sq}, which holds no tile.")
    for sq, tile in state.tiles.items():
        tile.face_up = sq in face_up
    ignored = EventLog()
    for sq in sorted(face_up, key=READING_INDEX.__getitem__):
        if state.tiles[sq].arrow:
            _link(state, sq, ignored)

    hands = {_player(state, p) for p in (setup.get("hands") or {})}
    named: Counter[str] = Counter()
    for name, cards in (setup.get("hands") or {}).items():
        state.players[_player(state, name)].hand = _cards(cards, f"The hand of {name}")
        named.update(cards)
    decks = setup.get("decks")
    if decks is not None:
        if not isinstance(decks, list) or len(decks) != 3:
            raise ScenarioError("'decks' must list three decks, top card first.")
        state.decks = [_cards(d, "A deck") for d in decks]
        for d in state.decks:
            named.update(d)
    over = {c: n for c, n in named.items() if n > CARD_COUNTS[c]}
    if over:
        raise ScenarioError(f"More cards than the game has: {over}.")
    rest = list((Counter(ALL_CARDS) - named).elements())
    if decks is None:
        Rng(state).shuffle(rest)
        state.decks = split_three(rest)
        state.discard = []
    else:
        state.discard = rest

    supply = setup.get("supply")
    if supply is not None:
        if not isinstance(supply, dict) or any(k not in (*COLOURS, "vp3", "vp1", "tears")
                                               or not isinstance(v, int) or v < 0
                                               for k, v in supply.items()):
            raise ScenarioError("'supply' maps colours, vp3, vp1 and tears to numbers.")
        for key, value in supply.items():
            if key in COLOURS:
                state.supply[key] = value
            else:
                setattr(state, key, value)
    explicit = supply is not None
    given: dict[str, int] = supply or {}
    for name, crystals in (setup.get("crystals") or {}).items():
        player = state.players[_player(state, name)]
        for colour, n in _colours(crystals, f"The crystals of {name}").items():
            _take(state, colour, n, explicit, f"{colour} crystals")
            player.crystals[colour] = n
    for name, gadgets in (setup.get("gadgets") or {}).items():
        player = state.players[_player(state, name)]
        for g in gadgets:
            if g not in ALL_GADGETS or g not in state.gadget_supply:
                raise ScenarioError(f"{g} is not a gadget still for sale.")
            state.gadget_supply.remove(g)
            player.gadgets.append(g)
    for name, n in (setup.get("drills") or {}).items():
        if not isinstance(n, int) or n < 0:
            raise ScenarioError("'drills' gives each player a number of tokens.")
        state.players[_player(state, name)].drills_left = n
    for name, tiles in (setup.get("vp_tiles") or {}).items():
        player = state.players[_player(state, name)]
        player.vp3, player.vp1 = int(tiles.get("3", 0)), int(tiles.get("1", 0))
        _take(state, "vp3", player.vp3, explicit, "3-VP tiles")
        _take(state, "vp1", player.vp1, explicit, "1-VP tiles")
    for name, n in (setup.get("tears") or {}).items():
        player = state.players[_player(state, name)]
        player.tears = n
        _take(state, "tears", n, "tears" in given, "Red Tears")

    accidents = setup.get("accidents")
    if accidents is not None:
        safety = accidents.get("safety")
        danger, alarm = list(accidents.get("danger", [])), list(accidents.get("alarm", []))
        named_colours = [c for c in [safety, *danger, *alarm] if c is not None]
        if any(c not in COLOURS for c in named_colours) or len(set(named_colours)) != len(named_colours):
            raise ScenarioError("Each accident colour may be named once: blue, green, pink, purple.")
        state.safety, state.danger, state.alarm = safety, danger, alarm
        state.revealed = [c for c in COLOURS if c not in named_colours]

    ev = EventLog()
    begin(state, setup_draws=len(hands) < len(state.players))
    advance(state, ev)
    return state, ev


def run(doc: dict[str, Any]) -> ScenarioRun:
    try:
        state, ev = build(doc)
    except GameError as exc:
        return ScenarioRun(None, {"ok": False, "index": None, "error": f"Setup: {exc}"})
    events = list(ev)
    failed = play_actions(GAME, state, doc.get("actions"), events)
    if failed is not None:
        return ScenarioRun(state, failed, events)
    summary = GAME.summary(state)
    summary.pop("hidden_tiles", None)
    return ScenarioRun(state, {"ok": True, "summary": summary,
                               "events": [e.as_dict() for e in events]}, events)


def run_scenario(doc: dict[str, Any]) -> dict[str, Any]:
    """The package convention (docs/adding-a-game.md): the result JSON of ``run(doc)``."""
    return run(doc).result


def scenario_state(doc: dict[str, Any]) -> tuple[State | None, dict[str, Any]]:
    """The state the scenario reaches (None if its setup failed) and its result: what
    ``python -m render scenario`` draws."""
    outcome = run(doc)
    return outcome.state, outcome.result
