"""The development turn (R9-R15, R23): place, put, stage, discard, buy, build, exchange, done.

``check_develop`` raises the reason a decision is illegal (nothing changed) and returns it
completed (``via=`` filled in); ``perform_develop`` carries it out; ``legal_develop`` lists
every legal decision, verbs kept together in notation order.
"""

from __future__ import annotations

from ..core.errors import IllegalDecision
from . import items
from .actions import (
    Action,
    Build,
    Buy,
    Discard,
    Done,
    Exchange,
    Place,
    Put,
    Stage,
)
from .colony import complete, lay, placement, structure_pairs
from .events import EventLog, article, building, words
from .state import Player, State

SLOT_TAKEN = "Your staging area already holds a {kind}: it holds one crystal, one worker and one ship (R11)."


def token_cost(state: State, p: Player, square: str) -> int | None:
    """R13/R23: what a build-over token on ``square`` costs, None where none may go."""
    colony = p.colony
    if square in colony.board:
        return state.options.difficulty if state.solo else 1
    if not state.solo:
        return None
    return state.options.difficulty + (0 if state.options.free_undeveloped else 1)


def check_develop(state: State, p: Player, action: Action) -> Action:  # noqa: C901
    colony = p.colony
    if isinstance(action, Place):
        if action.tile not in p.pending_tiles:
            raise IllegalDecision(f"You have no pending tile {action.tile}.")
        if placement(colony, action.tile, action.square, action.rotation) is None:
            raise IllegalDecision(
                f"{action.tile} can't go on {action.square} turned {action.rotation}: every "
                "square must be inside the grid and undeveloped, and one must touch a developed "
                "square (R10).")
        return action
    if isinstance(action, Put):
        items.check_put(p, action.item, action.square, action.staged)
        return action
    if isinstance(action, Stage):
        items.need(p, action.item, False)
        kind = items.kind(action.item)
        if any(items.kind(s) == kind for s in p.staging):
            raise IllegalDecision(SLOT_TAKEN.format(kind=kind))
        return action
    if isinstance(action, Discard):
        items.check_discard(p, action.thing, action.staged)
        return action
    if isinstance(action, Buy):
        if state.supply[f"token/{action.token}"] <= 0:
            raise IllegalDecision(f"No {building(action.token)} build-over token is left (R16).")
        cost = token_cost(state, p, action.square)
        if cost is None:
            raise IllegalDecision(f"{action.square} is undeveloped: build-over tokens go on "
                                  "starting spaces and tiles (R13).")
        if not colony.vacant(action.square):
            raise IllegalDecision(f"{action.square} holds an item or a structure: a token goes "
                                  "only on a vacant square (R13).")
        if p.credits < cost:
            raise IllegalDecision(f"That token costs {cost} credit{'s' if cost > 1 else ''}; "
                                  f"you have {p.credits}.")
        return action
    if isinstance(action, Build):
        if state.supply[action.structure] <= 0:
            raise IllegalDecision(f"No {words(action.structure)} is left in the supply (R16).")
        pairs = structure_pairs(colony, action.structure, action.square)
        if not pairs:
            raise IllegalDecision(_why_not(p, action))
        if action.via is None:
            if len(pairs) > 1:
                raise IllegalDecision("Several pairs allow it: name one with via=, like via="
                                      f"{pairs[0][0]},{pairs[0][1]}.")
            return Build(action.structure, action.square, pairs[0])
        if action.via not in pairs:
            raise IllegalDecision(f"{action.via[0]} and {action.via[1]} don't make a "
                                  f"{words(action.structure)} on {action.square} (R14).")
        return action
    if isinstance(action, Exchange):
        if not state.solo:
            raise IllegalDecision("Exchanges with Zorlord exist only in the solo game (R23).")
        items.need(p, action.item, action.staged)
        kind, _, colour = action.item.partition("/")
        wanted = f"{kind}/{action.colour}"
        if action.colour == colour:
            raise IllegalDecision("An exchange gives an item of a different colour (R23).")
        assert state.zorlord is not None
        if wanted not in state.zorlord.supply:
            raise IllegalDecision(f"Zorlord's supply holds no {wanted}.")
        if p.credits < 1:
            raise IllegalDecision("An exchange costs 1 credit; you have none.")
        return action
    if isinstance(action, Done):
        return action
    raise IllegalDecision(f"'{action}' is not a development decision: place, put, stage, "
                          "discard, buy, build, exchange or done.")


def _why_not(p: Player, action: Build) -> str:
    colony = p.colony
    sq = action.square
    building = colony.building(sq)
    if building is None:
        return f"{sq} is undeveloped: a structure stands on a developed square (R14)."
    if building != "blank":
        return f"{sq} is not blank: a structure stands on a blank square (R14)."
    if not colony.vacant(sq):
        return f"{sq} is not vacant (R14)."
    kind, _, colour = action.structure.partition("/")
    need = (f"a {colour} worker and a {colour} ship" if kind == "outpost"
            else f"two {colour} crystals")
    return (f"A {words(action.structure)} on {sq} needs {need} on the squares on both sides of it in a "
            "row or column, not yet used for that kind of structure (R14).")


def perform_develop(state: State, p: Player, action: Action, ev: EventLog) -> bool:
    """Carry out a checked decision; True when it was ``done`` (the turn ends)."""
    colony = p.colony
    if isinstance(action, Place):
        cells = placement(colony, action.tile, action.square, action.rotation)
        assert cells is not None
        lay(colony, action.tile, action.square, action.rotation, cells)
        p.pending_tiles.remove(action.tile)
        turned = f", turned {action.rotation}°" if action.rotation else ""
        ev.say("place", f"{p.name} places tile {action.tile} on {action.square}{turned}.", player=p.id, tile=action.tile, square=action.square,
               rotation=action.rotation, squares=list(cells))
    elif isinstance(action, Put):
        items.put(state, p, action.item, action.square, action.staged, ev)
    elif isinstance(action, Stage):
        p.pending_items.remove(action.item)
        p.staging.append(action.item)
        p.staging.sort()
        ev.say("stage", f"{p.name} stages {article(words(action.item))} {words(action.item)}.", player=p.id, item=action.item)
    elif isinstance(action, Discard):
        items.discard(state, p, action.thing, action.staged, ev)
    elif isinstance(action, Buy):
        cost = token_cost(state, p, action.square)
        assert cost is not None
        p.credits -= cost
        state.supply[f"token/{action.token}"] -= 1
        sq = action.square
        if sq not in colony.board:
            colony.board[sq] = "blank"  # R23: developed from now on
        old = colony.tokens.get(sq)
        if old is not None:
            colony.buried.append(old)
        colony.tokens[sq] = action.token
        token = building(action.token)
        ev.say("buy", f"{p.name} buys {article(token)} {token} build-over token for {cost} credit"
               f"{'s' if cost > 1 else ''} and places it on {sq}.", player=p.id,
               token=action.token, square=sq, cost=cost)
    elif isinstance(action, Build):
        assert action.via is not None
        colony.structures[action.square] = action.structure
        colony.used.extend(action.via)
        colony.used.sort()
        state.supply[action.structure] -= 1
        built = words(action.structure)
        ev.say("build", f"{p.name} builds {article(built)} {built} on "
               f"{action.square}.",
               player=p.id, structure=action.structure, square=action.square,
               via=list(action.via))
    elif isinstance(action, Exchange):
        assert state.zorlord is not None
        kind = items.kind(action.item)
        wanted = f"{kind}/{action.colour}"
        where = items.source(p, action.staged)
        where[where.index(action.item)] = wanted
        where.sort()
        state.zorlord.supply.remove(wanted)
        state.zorlord.supply.append(action.item)
        state.zorlord.supply.sort()
        p.credits -= 1
        ev.say("exchange", f"{p.name} pays 1 credit to exchange {article(words(action.item))} "
               f"{words(action.item)} for Zorlord's {words(wanted)}.", player=p.id, given=action.item, received=wanted)
    else:
        return True
    if state.solo and complete(colony):
        from .flow import solo_win

        solo_win(state, p, ev)
    return False
