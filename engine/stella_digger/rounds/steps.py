"""The step protocol of the flow (flow.py) and the registries the rule modules fill.

A step is either automatic (``AUTO``: runs and pushes what follows) or a decision owed by the
frame's seat (``DECISIONS``). The flow pops a frame before its handler runs; handlers push the
frames that follow, the next to run last. A decision step says, through ``settle``, whether the
seat really has a choice (R21): ``SKIP`` (nothing to decide), one forced Action (made at once),
or ``None`` (ask the player).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from engine.stella_digger.actions import Action
from engine.stella_digger.events import EventLog
from engine.stella_digger.state import Frame, State


class _Skip:
    def __repr__(self) -> str:
        return "SKIP"


SKIP: Final = _Skip()

Outcome = Action | _Skip | None  # what settle returns
Settle = Callable[[State, Frame, EventLog], Outcome]


@dataclass(frozen=True, slots=True)
class DecisionStep:
    decision: str  # the kind named in to_act (notation document)
    settle: Settle
    legal: Callable[[State, Frame], list[Action]]
    check: Callable[[State, Frame, Action], None]  # raise IllegalDecision; never mutate
    perform: Callable[[State, Frame, Action, EventLog], None]  # never raises for a checked action
    default: Callable[[State, Frame], Action]  # R21 defaults
    prompt: Callable[[State, Frame], str]  # what the seat must decide, in public words


AUTO: dict[str, Callable[[State, Frame, EventLog], None]] = {}
DECISIONS: dict[str, DecisionStep] = {}


def push(state: State, *frames: Frame) -> None:
    """Push frames so that the first one given runs first."""
    state.stack.extend(reversed(frames))


def wrong_kind(step: DecisionStep, action: Action) -> str:
    return (f"Right now the decision is '{step.decision}', and '{action.verb}' doesn't answer it.")
