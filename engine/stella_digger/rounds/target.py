"""Choosing the target (R4 in game preparation, R5 from round 2; R6 groups)."""

from __future__ import annotations

from engine.core.errors import IllegalDecision
from engine.stella_digger.actions import Action, Target
from engine.stella_digger.board import READING_INDEX
from engine.stella_digger.events import EventLog
from engine.stella_digger.rounds.steps import DECISIONS, SKIP, DecisionStep, Outcome, wrong_kind
from engine.stella_digger.rules.reach import (
    group_of,
    nearest_yellow_key,
    target_options,
    why_not_target,
)
from engine.stella_digger.state import Frame, State


def _settle(state: State, frame: Frame, ev: EventLog) -> Outcome:
    # ending imports the flow's helpers; keep the import local
    from engine.stella_digger.rounds.ending import end_game

    options = target_options(state)
    if not options:
        ev.say("no-target", "No mining tile can be chosen as the target.")
        end_game(state, "no-target", ev)  # R18
        return SKIP
    return Target(next(iter(options))) if len(options) == 1 else None


def _check(state: State, frame: Frame, action: Action) -> None:
    if not isinstance(action, Target):
        raise IllegalDecision(wrong_kind(DECISIONS["target"], action))
    if action.square not in target_options(state):
        raise IllegalDecision(why_not_target(state, action.square))


def _perform(state: State, frame: Frame, action: Action, ev: EventLog) -> None:
    assert isinstance(action, Target)
    state.marker_from = target_options(state)[action.square]
    state.marker = action.square
    state.target = group_of(state, action.square)
    group = f" with {', '.join(s for s in state.target if s != action.square)}" if len(
        state.target) > 1 else ""
    ev.say("target", f"{state.players[frame.seat].name} moves the marker to {action.square}: "
           f"the target this round{group}.", player=state.players[frame.seat].id,
           square=action.square, target=list(state.target))


def _legal(state: State, frame: Frame) -> list[Action]:
    return [Target.canonical(sq) for sq in sorted(target_options(state), key=READING_INDEX.__getitem__)]


def _default(state: State, frame: Frame) -> Action:
    return Target(min(target_options(state), key=nearest_yellow_key))  # R21


def _prompt(state: State, frame: Frame) -> str:
    squares = ", ".join(str(a).split()[1] for a in _legal(state, frame))
    return f"{state.players[frame.seat].name} must choose the target: {squares}."


DECISIONS["target"] = DecisionStep("target", _settle, _legal, _check, _perform, _default, _prompt)
