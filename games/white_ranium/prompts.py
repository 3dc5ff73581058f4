"""The turn prompt's line in players' words (issue 30): what a player must decide now, built
from the state as the engine's ``prompt`` builds its English (engine/white_ranium/decisions.py:
the start player's swaps, R5; a crew colour, R6; ore to spend, R7; a fight's free action, R16, and
its secret fight card, R15; White Ranium to place, R17, R19), in the language being written; a
colour and a symbol card in words ("red 4"), not notation ("red-4")."""

from __future__ import annotations

from engine.white_ranium.flow import colour_choices, owed
from engine.white_ranium.state import State
from render.white_ranium.words import card, colour
from texts import _, ngettext


def prompt_text(state: State, player: str | None) -> str:
    """What ``player`` must decide, else what the first player owing must (public words)."""
    found = owed(state)
    if not found:
        return _("The game is over.")
    seat, kind = next(((s, k) for s, k in found if state.players[s].id == player), found[0])
    return _decision(state, seat, kind)


def _decision(state: State, seat: int, kind: str) -> str:
    name = state.players[seat].name
    if kind == "swap":  # R5
        return ngettext("{player} may swap two ring cards ({count} swap left) or say done.",
                        "{player} may swap two ring cards ({count} swaps left) or say done.",
                        state.swaps_left).format(player=name, count=state.swaps_left)
    if kind == "colour":  # R6
        return _("{player} must choose a crew colour: {colours}.").format(
            player=name, colours=_(", ").join(colour(c) for c in colour_choices(state)))
    if kind == "action":  # R7
        return _("{player} must spend ore: {ore} left this turn.").format(player=name,
                                                                          ore=state.ore)
    if kind == "free-action":  # R16
        return _("{player} won the fight and must take one free action (rotate, flip, move, "
                 "collect, steal, loader or deliver).").format(player=name)
    if kind == "fight":  # R15
        return _("{player} must choose a fight card in secret.").format(player=name)
    top = state.stack[-1]
    if kind == "card":  # R17, R19
        return _("{player} must play a symbol card to place White Ranium ({count} to "
                 "place).").format(player=name, count=top.left)
    return _("{player} must place White Ranium for {card} ({count} to place).").format(
        player=name, card=card(top.card or ""), count=top.left)
