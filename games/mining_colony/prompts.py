"""What a player must decide (the turn prompt's and the status's line), in the language being
written (``Presentation.prompt_text``), built from the state as the engine's ``prompt`` is
(engine/mining_colony/game.py): the round, the players' names from the state, and what the
owed decision is, in words (the verbs a player clicks, not the notation)."""

from __future__ import annotations

from engine.mining_colony.state import State
from engine.mining_colony.view import owed_pairs
from texts import N_, _

#: what each decision asks, after "must" (engine/mining_colony/game.py ``_WHAT``)
WHAT = {
    "bid": N_("Round {round}: {name} must play an excavation card (or refresh)."),  # R6
    "take": N_("Round {round}: {name} must take an excavation zone."),  # R8
    "develop": N_("Round {round}: {name} must develop their colony (place, put, stage, "
                  "discard, buy, build, then done)."),  # R9-R15
}


def prompt_text(game: object, state: State, player: str) -> str:
    """The line for ``player``: their own decision when they owe one; else, while the bids
    are sealed (R6), who is still to bid; else what the player on turn must decide."""
    owed = dict(owed_pairs(state))
    if not owed:
        return _("The game is over.")
    if player not in owed:
        if state.phase == "bid":
            names = _(", ").join(state.player(pid).name for pid in owed)
            return _("Round {round}: waiting for bids from {names} (each plays an excavation "
                     "card in secret).").format(round=state.round, names=names)
        player = next(iter(owed))
    decision = owed[player]
    if decision not in WHAT:  # an engine change: its own sentence, never half translated
        return str(game.prompt(state, player))  # type: ignore[attr-defined]
    return _(WHAT[decision]).format(round=state.round, name=state.player(player).name)
