"""Players the computer plays: ``get_agent(name, seed)``.

An agent decides from what its seat may see: ``choose(view, legal)`` gets the player's own view
(R2: no other hand's numbers, no deck order) and the legal decisions, and returns one of them.
Agents keep their own seeded generator; none uses the global ``random``.
"""

from __future__ import annotations

from .base import Agent, RandomAgent

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent}


def register(name: str, cls: type[Agent]) -> None:
    AGENTS[name] = cls


def get_agent(name: str, seed: int = 0, **options: object) -> Agent:
    if name not in AGENTS:
        _load_builtin()
    if name not in AGENTS:
        raise KeyError(f"unknown agent {name!r}; known: {', '.join(sorted(AGENTS))}")
    return AGENTS[name](seed=seed, **options)


def _load_builtin() -> None:
    """Import the optional agent modules, which register themselves."""
    import importlib

    for module in ("easy", "strong"):
        try:
            importlib.import_module(f"{__name__}.{module}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{module}":
                raise


__all__ = ["AGENTS", "Agent", "RandomAgent", "get_agent", "register"]
