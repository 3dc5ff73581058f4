"""Refusals: requests the referee turns down. The message is a sentence for the person who
asked; nothing has changed when one is raised. Engine errors (``engine.GameError``) are the
other kind of user-facing error; both are shown ephemerally by the one error handler."""

from __future__ import annotations

from texts import _, command


class Refusal(Exception):
    @property
    def message(self) -> str:
        return str(self)


class UnknownGame(Refusal):
    def __init__(self, detail: str | None = None) -> None:
        super().__init__(detail or _("There is no game here. Start one with {command} in a "
                                     "channel, or use this command in a game's thread.").format(
                                         command=command("game new")))


class StalePrompt(Refusal):
    def __init__(self) -> None:
        super().__init__(_("This prompt is out of date: the game has moved on since it was "
                           "posted. Use the latest prompt in the thread (or the status command). "
                           "Nothing changed."))


class NotAPlayer(Refusal):
    def __init__(self) -> None:
        super().__init__(_("You're not playing in this game."))


class NotAllowed(Refusal):
    pass


class Malformed(Refusal):
    pass


class WrongPhase(Refusal):
    pass
