"""The round structure and the loop that runs steps until somebody owes a decision.

A round (rulebook "Game Flow"): target (R5), each player's action in turn order (R7), accidents
(R12), mining completion with the performance check (R13-R15), visibility check with monster
fights (R16-R17), then the next round. Game preparation (R4) is the first target choice followed
by the setup draws. Every step is a frame on ``state.stack`` (steps.py).
"""

from __future__ import annotations

from engine.stella_digger.actions import Action
from engine.stella_digger.events import EventLog
from engine.stella_digger.rounds import drawing, target, turn  # noqa: F401  (register steps)
from engine.stella_digger.rounds.ending import record_scores
from engine.stella_digger.rounds.steps import AUTO, DECISIONS, SKIP, push
from engine.stella_digger.rules import accidents, completion, fight  # noqa: F401  (register steps)
from engine.stella_digger.state import Frame, State


def round_frames(state: State) -> list[Frame]:
    return [*(Frame("turn", s) for s in state.turn_order()), Frame("accidents"),
            Frame("completion"), Frame("visibility"), Frame("next_round")]


def begin(state: State, setup_draws: bool) -> None:
    """Game preparation (R4): the start player chooses A2 or B1, then the setup draws."""
    state.stack.clear()
    push(state, Frame("target", state.start),
         *([Frame("setup_draw", state.start)] if setup_draws else []), *round_frames(state))


def _next_round(state: State, frame: Frame, ev: EventLog) -> None:
    record_scores(state)
    state.round += 1
    state.target = []
    for player in state.players:
        player.mined, player.used, player.play, player.fight = False, [], None, None
    ev.say("round", f"Round {state.round} begins. {state.players[state.start].name} is the start "
           "player.", round=state.round)
    push(state, Frame("target", state.start), *round_frames(state))


AUTO["next_round"] = _next_round


def advance(state: State, ev: EventLog) -> None:
    """Run automatic steps and forced decisions (R21) until a real decision is owed or the game
    ends. Afterwards the top frame is the one decision somebody owes."""
    stack = state.stack
    while stack and not state.ended:
        frame = stack[-1]
        auto = AUTO.get(frame.step)
        if auto is not None:
            stack.pop()
            auto(state, frame, ev)
            continue
        if state.players[frame.seat].out:
            stack.pop()
            continue
        step = DECISIONS[frame.step]
        outcome = step.settle(state, frame, ev)
        if state.ended:
            return
        if outcome is None:
            return
        stack.pop()
        if outcome is not SKIP:
            assert isinstance(outcome, Action)
            step.perform(state, frame, outcome, ev)


def owed(state: State) -> Frame | None:
    """The frame of the decision somebody owes now (None when the game has ended)."""
    return None if state.ended or not state.stack else state.stack[-1]
