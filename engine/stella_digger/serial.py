"""State <-> JSON with pydantic at the boundary: typed validation on load, stable bytes on dump."""

from __future__ import annotations

from pydantic import TypeAdapter, ValidationError

from ..core.errors import CorruptState
from .state import SCHEMA, State

_ADAPTER: TypeAdapter[State] = TypeAdapter(State)


def dump(state: State) -> str:
    return _ADAPTER.dump_json(state).decode()


def load(text: str | bytes) -> State:
    try:
        state = _ADAPTER.validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]  # named in plain words: the parser's own wording stays inside
        where = ".".join(str(x) for x in first.get("loc", ())) or "the top level"
        what = "is not valid JSON" if first["type"] == "json_invalid" else (
            "is missing" if first["type"] == "missing" else "has the wrong type or value")
        raise CorruptState(f"This saved game can't be read: {where} {what}.") from None
    if state.schema != SCHEMA:
        raise CorruptState(f"This saved game uses format {state.schema}; this version of the bot "
                           f"reads format {SCHEMA}.")
    if state.game != "stella-digger":
        raise CorruptState(f"This saved game is for '{state.game}', not Stella Digger.")
    return state


def clone(state: State) -> State:
    """A deep, independent copy (for searches and what-ifs)."""
    return _ADAPTER.validate_python(_ADAPTER.dump_python(state))
