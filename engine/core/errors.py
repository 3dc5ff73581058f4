"""Errors the engine raises. Every message is a sentence a player understands."""

from __future__ import annotations


class GameError(Exception):
    """Base class: the message is safe and meaningful to show to the player who acted."""

    @property
    def message(self) -> str:
        return str(self)


class IllegalDecision(GameError):
    """The decision is not legal now; nothing changed."""


class NotYourTurn(IllegalDecision):
    """Someone other than the player who owes the decision tried to decide."""


class NotationError(IllegalDecision):
    """The text is not a decision in the notation (see shared/rules/stella-digger-notation.md)."""


class GameOver(IllegalDecision):
    """The game has ended; no decision is owed."""


class CorruptState(GameError):
    """A saved game could not be read back (bad JSON, wrong schema or a broken invariant)."""
