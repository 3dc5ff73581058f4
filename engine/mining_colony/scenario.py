"""Scenario files (mining-colony-notation.md): set up a table, play decisions, report the result.

``run_scenario(doc)`` returns ``{"ok": true, "summary", "events"}`` or ``{"ok": false, "index",
"error"}`` (``index`` null when the setup itself is refused). Players are seated in the order
listed; one player means solo (R21).
"""

from __future__ import annotations

from typing import Any

from ..core.errors import GameError
from ..core.rng import Rng
from ..core.scenario import ScenarioError, play_actions, read_header
from .components import (
    ITEM_INDEX,
    PLACEMENTS,
    RESOURCE_CARDS,
    SETS,
    SIZES,
    SQUARES,
    STRUCTURES,
    SUPPLY_KEYS,
    TILE_IDS,
    TILE_PRINT,
    TOKEN_TYPES,
    fits,
)
from .events import EventLog
from .flow import ROUNDS, begin_round
from .game import GAME
from .setup import blank_state, count_totals, deal
from .state import Colony, Player, State, Zone

_SETUP_KEYS = {"round", "resource_deck", "zones", "piles", "decks", "played", "credits",
               "staging", "colonies", "supply", "zorlord"}




def _player(state: State, name: str) -> Player:
    try:
        return state.player(name)
    except KeyError:
        raise ScenarioError(f"'{name}' is not one of the players.") from None


def _items(things: Any, what: str) -> list[str]:
    if not isinstance(things, list) or any(t not in ITEM_INDEX for t in things):
        raise ScenarioError(f"{what} must list items like crystal/purple or worker/red.")
    return list(things)


def _tiles(things: Any, what: str) -> list[str]:
    if not isinstance(things, list) or any(t not in TILE_PRINT for t in things):
        raise ScenarioError(f"{what} must list development tiles like t4-01.")
    return list(things)


def _cards(things: Any, what: str) -> list[int]:
    if not isinstance(things, list) or any(isinstance(c, bool) or not isinstance(c, int)
                                           or not 1 <= c <= 48 for c in things):
        raise ScenarioError(f"{what} must list excavation card numbers 1-48.")
    return list(things)


def _colony(state: State, name: str, doc: Any) -> None:
    if not isinstance(doc, dict) or set(doc) - {"tiles", "tokens", "items", "structures", "used"}:
        raise ScenarioError(f"The colony of {name} names tiles, tokens, items, structures, used.")
    colony: Colony = _player(state, name).colony
    for text in doc.get("tiles", []):
        words = str(text).split()
        if len(words) != 3 or words[0] not in TILE_PRINT or not words[2].isdigit():
            raise ScenarioError(f"'{text}' is not a placement like 't4-01 B2 0'.")
        tile, sq, rot = words[0], words[1], int(words[2]) if words[0][1] != "1" else 0
        cells = PLACEMENTS[tile[1]].get((sq, rot))
        if cells is None:
            raise ScenarioError(f"{text} does not lie inside the grid (R10).")
        if any(c in colony.board for c in cells):
            raise ScenarioError(f"{text} covers a developed square (R10).")
        for cell, building in zip(cells, TILE_PRINT[tile], strict=True):
            colony.board[cell] = building
        colony.tiles[tile] = f"{sq} {rot}"
    for sq, token in (doc.get("tokens") or {}).items():
        if token not in TOKEN_TYPES:
            raise ScenarioError(f"'{token}' is not a build-over token type.")
        if sq not in colony.board:
            if not state.solo or sq not in SQUARES:
                raise ScenarioError(f"A token on {sq} needs a developed square (R13).")
            colony.board[sq] = "blank"  # R23
        colony.tokens[sq] = token
    for sq, item in (doc.get("items") or {}).items():
        here = colony.building(sq)
        if item not in ITEM_INDEX or here is None or not fits(here, item):
            raise ScenarioError(f"{item} can't stand on {sq} (R11).")
        colony.items[sq] = item
    for sq, structure in (doc.get("structures") or {}).items():
        if structure not in STRUCTURES or colony.building(sq) != "blank" or sq in colony.items:
            raise ScenarioError(f"{structure} can't stand on {sq}: a structure needs a blank, "
                                "vacant, developed square (R14).")
        colony.structures[sq] = structure
    used = list(doc.get("used") or [])
    if any(sq not in colony.items for sq in used):
        raise ScenarioError("'used' names squares holding items.")
    colony.used = sorted(set(used))


def build(doc: dict[str, Any]) -> tuple[State, EventLog]:  # noqa: C901 - key after key
    """The table a scenario describes, Discover and the draw of its round done."""
    players, seed, setup = read_header(doc, "mining-colony", _SETUP_KEYS)
    state = blank_state(players, doc.get("options"), seed, None)
    deal(state)
    rng = Rng(state)
    rnd = setup.get("round", 1)
    if not isinstance(rnd, int) or not 1 <= rnd <= ROUNDS:
        raise ScenarioError("'round' is 1 to 10.")
    state.round = rnd

    # zones: replace this round's Discover
    zones = setup.get("zones")
    if zones is not None:
        n = 2 if state.solo else len(players)
        if not isinstance(zones, dict) or sorted(zones) != [str(i) for i in range(1, n + 1)]:
            raise ScenarioError(f"'zones' must name zones 1 to {n}.")
        state.preset_zones = [
            Zone(_tiles(zones[str(i)].get("tiles", []), f"Zone {i}'s tiles"),
                 _items(zones[str(i)].get("items", []), f"Zone {i}'s items"))
            for i in range(1, n + 1)]

    # colonies, staging, credits
    for name, colony in (setup.get("colonies") or {}).items():
        _colony(state, name, colony)
    for name, staged in (setup.get("staging") or {}).items():
        p = _player(state, name)
        p.staging = sorted(_items(staged, f"The staging area of {name}"))
        kinds = [s.partition("/")[0] for s in p.staging]
        if len(set(kinds)) != len(kinds):
            raise ScenarioError("A staging area holds one crystal, one worker, one ship (R11).")
    for name, credits in (setup.get("credits") or {}).items():
        if isinstance(credits, bool) or not isinstance(credits, int) or credits < 0:
            raise ScenarioError("Credits are whole numbers, 0 or more (R17).")
        _player(state, name).credits = credits

    # Zorlord
    zdoc = setup.get("zorlord")
    if zdoc is not None and not state.solo:
        raise ScenarioError("Zorlord plays only in the solo game (R21).")
    if state.zorlord is not None:
        z = state.zorlord
        zdoc = zdoc or {}
        if "deck" in zdoc:
            z.deck, z.played = _cards(zdoc["deck"], "Zorlord's deck"), []
        else:
            z.played, z.deck = z.deck[:rnd - 1], z.deck[rnd - 1:]
        supply = zdoc.get("supply", [])
        if not isinstance(supply, list) or any(t not in ITEM_INDEX and t not in TILE_PRINT
                                               for t in supply):
            raise ScenarioError("Zorlord's supply lists items and tiles.")
        z.supply = sorted(supply)

    # tiles: each at most once; named piles exact, the others what the setup leaves
    used_tiles = [t for z in state.preset_zones or [] for t in z.tiles]
    for p in state.players:
        used_tiles += list(p.colony.tiles)
    if state.zorlord is not None:
        used_tiles += [t for t in state.zorlord.supply if t in TILE_PRINT]
    piles = setup.get("piles") or {}
    if set(piles) - set(SIZES):
        raise ScenarioError("'piles' are named by size, 1 to 5.")
    for size, pile in piles.items():
        tiles = _tiles(pile, f"Pile {size}")
        if any(t[1] != size for t in tiles):
            raise ScenarioError(f"Pile {size} holds only tiles of size {size}.")
        state.piles[size] = tiles
        used_tiles += tiles
    if len(set(used_tiles)) != len(used_tiles):
        raise ScenarioError("A development tile is named twice in the setup.")
    for size in SIZES:
        if size not in piles:
            state.piles[size] = [t for t in state.piles[size] if t not in used_tiles]
    # a tile the setup leaves nowhere is out of the game, in the box (R12): every tile is
    # somewhere once (invariants.py)
    somewhere = set(used_tiles) | {t for pile in state.piles.values() for t in pile}
    state.box = [t for t in TILE_IDS if t not in somewhere]

    # resource deck
    deck = setup.get("resource_deck")
    if deck is not None:
        if not isinstance(deck, list) or any(c not in RESOURCE_CARDS for c in deck) \
                or len(set(deck)) != len(deck):
            raise ScenarioError("'resource_deck' lists resource cards r01-r10, each once.")
        state.resource_discard = [c for c in state.resource_deck if c not in deck]
        state.resource_deck = list(deck)
    else:
        keep = (10 if zones is not None else 11) - rnd
        state.resource_discard = state.resource_deck[keep:]
        state.resource_deck = state.resource_deck[:keep]

    # excavation decks
    decks = setup.get("decks") or {}
    played = setup.get("played") or {}
    for name in list(decks) + list(played):
        _player(state, name)
    for seat, p in enumerate(state.players):
        if p.id in played:
            p.played = _cards(played[p.id], f"The played cards of {p.id}")
        if p.id in decks:
            p.deck = _cards(decks[p.id], f"The deck of {p.id}")
        elif p.id in played:
            p.deck = [c for c in SETS[seat] if c not in p.played]
            rng.shuffle(p.deck)
        else:
            p.played, p.deck = p.deck[:rnd - 1], p.deck[rnd - 1:]
        if len(p.deck) < ROUNDS + 1 - rnd:
            raise ScenarioError(f"The deck of {p.id} holds {len(p.deck)} cards: it needs one "
                                f"for each round left ({ROUNDS + 1 - rnd}).")
        p.cards = len(p.deck) + len(p.played)
    everything = [c for p in state.players for c in p.deck + p.played]
    if state.zorlord is not None:
        everything += state.zorlord.deck + state.zorlord.played
    if len(set(everything)) != len(everything):
        raise ScenarioError("An excavation card is named twice: numbers are unique (C3, R8).")

    # supply: given counts replace; the rest is standard minus what the setup placed
    given = setup.get("supply") or {}
    if not isinstance(given, dict) or any(k not in SUPPLY_KEYS or isinstance(v, bool)
                                          or not isinstance(v, int) or v < 0
                                          for k, v in given.items()):
        raise ScenarioError("'supply' maps keys like crystal/purple, outpost/red, token/pad "
                            "to counts of 0 or more.")
    placed = count_totals(state)  # the standard supply plus everything placed
    standard = dict(state.supply)
    for key in SUPPLY_KEYS:
        if key in given:
            state.supply[key] = given[key]
        else:
            state.supply[key] = standard[key] - (placed[key] - standard[key])
            if state.supply[key] < 0:
                raise ScenarioError(f"The setup uses more {key} than the game has.")
    state.totals = count_totals(state)
    ev = EventLog()
    begin_round(state, ev)
    GAME.validate(state)
    return state, ev


def run_scenario(doc: dict[str, Any]) -> dict[str, Any]:
    """The result JSON of ``python -m engine scenario FILE.json``."""
    return scenario_state(doc)[1]


def scenario_state(doc: dict[str, Any]) -> tuple[State | None, dict[str, Any]]:
    """The state the scenario reaches (None if its setup failed; else the table just before the
    first illegal action) and its result: what ``python -m render scenario`` draws."""
    try:
        state, _ = build(doc)
    except GameError as exc:
        return None, {"ok": False, "index": None, "error": f"Setup: {exc}"}
    return state, _play(state, doc)


def _play(state: State, doc: dict[str, Any]) -> dict[str, Any]:
    events: list[Any] = []
    failed = play_actions(GAME, state, doc.get("actions"), events)
    if failed is not None:
        return failed
    return {"ok": True, "summary": GAME.summary(state), "events": [e.as_dict() for e in events]}
