"""Conservation and consistency checks run after every decision by the simulator and the
property tests. Each returns sentences describing what is wrong (an empty list: all good)."""

from __future__ import annotations

from collections import Counter

from engine.stella_digger.board import TERRAIN
from engine.stella_digger.components import (
    ALL_CARDS,
    ALL_GADGETS,
    COLOURS,
    CRYSTALS_PER_COLOUR,
    TEAR_TILES,
    VP1_TILES,
    VP3_TILES,
)
from engine.stella_digger.rounds.steps import DECISIONS
from engine.stella_digger.rules.crystals import crystal_limit, hand_limit
from engine.stella_digger.state import State

_ALL_CARDS = Counter(ALL_CARDS)


def violations(state: State) -> list[str]:
    out: list[str] = []
    cards: Counter[str] = Counter()
    for deck in state.decks:
        cards.update(deck)
    cards.update(state.discard)
    for p in state.players:
        cards.update(p.hand)
        for play in (p.play, p.fight):
            if play is not None:
                cards.update(play.cards)
    if cards != _ALL_CARDS:
        out.append(f"drill cards not conserved: extra {dict(cards - _ALL_CARDS)}, "
                   f"missing {dict(_ALL_CARDS - cards)}")
    for colour in COLOURS:
        held = state.supply[colour] + sum(p.crystals[colour] for p in state.players)
        if held != CRYSTALS_PER_COLOUR:
            out.append(f"{held} {colour} crystals instead of {CRYSTALS_PER_COLOUR}")
        if state.supply[colour] < 0 or any(p.crystals[colour] < 0 for p in state.players):
            out.append(f"negative {colour} crystals")
    vp3 = state.vp3 + sum(p.vp3 for p in state.players) + len(state.blockades)
    vp1 = state.vp1 + sum(p.vp1 for p in state.players)
    if vp3 != VP3_TILES or vp1 != VP1_TILES:
        out.append(f"VP tiles not conserved: {vp3} 3-VP, {vp1} 1-VP")
    if state.tears + sum(p.tears for p in state.players) != TEAR_TILES:
        out.append("Red Tear tiles not conserved")
    gadgets = Counter(state.gadget_supply + state.box_gadgets
                      + [g for p in state.players for g in p.gadgets])
    if gadgets != Counter(ALL_GADGETS):
        out.append("gadgets not conserved")
    accidents = [state.safety, *state.danger, *state.alarm, *state.revealed]
    if sorted(a for a in accidents if a) != sorted(COLOURS) or None in accidents:
        out.append(f"accident cards not all there exactly once: {accidents}")
    returning = any(f.step == "return" for f in state.stack)
    for p in state.players:
        if len(p.hand) > hand_limit(p):
            out.append(f"{p.name} holds {len(p.hand)} cards, over the limit")
        if sum(p.crystals.values()) > crystal_limit(p) and not returning:
            out.append(f"{p.name} holds too many crystals outside a return step")
    for sq in state.blockades:
        if sq not in state.tiles:
            out.append(f"blockade on {sq} without its tile")
    for sq, drill in state.drills.items():
        if sq in state.tiles or TERRAIN[sq] in "S#":
            out.append(f"Large Drill on {sq} where none may stand")
        if not 0 <= drill.owner < len(state.players):
            out.append(f"Large Drill on {sq} has no owner")
    if state.ended:
        if state.stack:
            out.append("the game ended with steps still to run")
    else:
        if not state.stack:
            out.append("nobody owes a decision and the game has not ended")
        else:
            top = state.stack[-1]
            if top.step not in DECISIONS:
                out.append(f"the top step {top.step} is not a decision")
            elif state.players[top.seat].out:
                out.append("a player who is out owes a decision")
    return out


def check(state: State) -> None:
    """The package convention (docs/adding-a-game.md): raise ``AssertionError`` naming every
    broken invariant, nothing when all hold."""
    found = violations(state)
    if found:
        raise AssertionError("; ".join(found))
