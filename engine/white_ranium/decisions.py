"""The seven kinds of decision (R24): what each lists, checks, performs, its default (the
defaults table) and its prompt in public words."""

from __future__ import annotations

from ..core.errors import IllegalDecision
from .actions import Action, swap
from .board import BASE_PLACE, PLACES, RING
from .cards import lowest
from .events import EventLog
from .flow import (
    choose_colour,
    colour_choices,
    commit,
    free_places,
    place_unit,
    play_placement_card,
)
from .rules import listing, problem
from .rules import perform as perform_action
from .state import State

_RING_SET = frozenset(RING)
#: R5: "done", then every exchange of two ring cards (the same 497 decisions every time)
SWAPS = (Action("done"), *sorted((swap(a, b) for i, a in enumerate(RING) for b in RING[i + 1:]),
                                  key=str))


def legal(state: State, seat: int, kind: str) -> list[Action]:
    if kind == "swap":
        return list(SWAPS)
    if kind == "colour":
        return [Action("colour", colour=c) for c in colour_choices(state)]
    if kind in ("action", "free-action"):
        return listing(state, seat, kind == "free-action")
    top = state.stack[-1]
    if kind in ("fight", "card"):
        return [Action(kind, card=c) for c in sorted(set(state.players[seat].hand))]
    assert top.card is not None
    return [Action("place", p) for p in free_places(state, top.card)]


_VERBS = {"swap": ("swap", "done"), "colour": ("colour",), "fight": ("fight",),
          "card": ("card",), "place": ("place",)}
_NOT_ACTIONS = frozenset(("swap", "done", "colour", "fight", "card", "place"))


def check(state: State, seat: int, kind: str, action: Action) -> None:
    """Raise the reason ``action`` is not legal as the owed decision ``kind`` of ``seat``."""
    verb = action.verb
    if kind in ("action", "free-action"):
        if verb in _NOT_ACTIONS:
            raise IllegalDecision(f"'{verb}' is not an action: {prompt(state, seat, kind)}")
        reason = problem(state, seat, action, kind == "free-action")
        if reason is not None:
            raise IllegalDecision(reason)
        return
    if verb not in _VERBS[kind]:
        raise IllegalDecision(f"'{verb}' is not the decision owed now: "
                              f"{prompt(state, seat, kind)}")
    if kind == "swap":
        if verb == "swap" and not {action.place, action.place2} <= _RING_SET:
            raise IllegalDecision("Only ring cards can be swapped: the four centre crossings "
                                  "stay where they are.")  # R5
    elif kind == "colour":
        choices = colour_choices(state)
        if action.colour not in choices:
            raise IllegalDecision(f"{action.colour} can't be chosen; the colours left are "
                                  f"{', '.join(choices)}.")
    elif kind in ("fight", "card"):
        hand = state.players[seat].hand
        if action.card not in hand:
            raise IllegalDecision(f"{action.card} is not in your hand; you hold "
                                  f"{', '.join(sorted(hand))}.")
    else:
        top = state.stack[-1]
        assert top.card is not None
        places = free_places(state, top.card)
        if action.place not in places:
            raise IllegalDecision(f"The unit can't go on {PLACES[action.place]}; the legal "
                                  f"places for {top.card} are {', '.join(PLACES[p] for p in places)}.")


def perform(state: State, seat: int, kind: str, action: Action, ev: EventLog) -> None:
    """Carry out a checked decision (the stack and phase as ``owed`` found them)."""
    if kind == "action":  # nearly every decision of a game
        state.ore -= action.cost
        perform_action(state, seat, action, ev, free=False)
        return
    player = state.players[seat]
    if kind == "swap":
        if action.verb == "done":
            state.swaps_left = 0
            ev.say("swap", f"{player.name} makes no more swaps.")
            return
        a, b = action.place, action.place2
        state.board[a], state.board[b] = state.board[b], state.board[a]  # R5: pieces stay
        state.swaps_left -= 1
        ev.say("swap", f"{player.name} swapped the cards on {PLACES[a]} and {PLACES[b]}.",
               places=[PLACES[a], PLACES[b]])
    elif kind == "colour":
        choose_colour(state, seat, action.colour, ev)
    elif kind == "free-action":
        state.stack.pop()
        perform_action(state, seat, action, ev, free=True)
    elif kind == "fight":
        top = state.stack[-1]
        crew = state.crew(top.attacker)
        side = "attacker" if crew is not None and crew.seat == seat else "defender"
        commit(state, top, side, action.card, ev)
    elif kind == "card":
        play_placement_card(state, state.stack[-1], action.card, ev)
    else:
        place_unit(state, state.stack[-1], action.place, ev)


def default(state: State, seat: int, kind: str) -> Action:
    """The defaults table of the rulings."""
    if kind == "swap":
        return Action("done")
    if kind == "colour":
        return Action("colour", colour=colour_choices(state)[0])
    if kind == "action":
        return Action("end")
    if kind == "free-action":  # rotate the crossing under the defending crew's base
        return Action("rotate", BASE_PLACE[state.stack[-1].defender])
    if kind in ("fight", "card"):
        return Action(kind, card=lowest(state.players[seat].hand))
    top = state.stack[-1]
    assert top.card is not None
    return Action("place", free_places(state, top.card)[0])  # inner-ring reading order


def prompt(state: State, seat: int, kind: str) -> str:
    name = state.players[seat].name
    if kind == "swap":
        return (f"{name} may swap two ring cards ({state.swaps_left} swap"
                f"{'s' if state.swaps_left != 1 else ''} left) or say done.")
    if kind == "colour":
        return f"{name} must choose a crew colour: {', '.join(colour_choices(state))}."
    if kind == "action":
        return f"{name} must spend ore: {state.ore} left this turn."
    if kind == "free-action":
        return (f"{name} won the fight and must take one free action (rotate, flip, move, "
                "collect, steal, loader or deliver).")
    if kind == "fight":
        return f"{name} must choose a fight card in secret."
    top = state.stack[-1]
    if kind == "card":
        return f"{name} must play a symbol card to place White Ranium ({top.left} to place)."
    return f"{name} must place White Ranium for {top.card} ({top.left} to place)."


