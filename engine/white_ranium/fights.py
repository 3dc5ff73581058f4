"""Fights (R14-R16): the cards each side plays, the values, and what the outcome sets off.

With standard and luck cards both cards are turned at once (attacker first). With strategy
cards a ``fight`` frame waits for both commits, which are sealed until the public ``reveal``.
"""

from __future__ import annotations

from .board import BASE_PLACE, PLACES
from .cards import played, turn_top, value
from .events import EventLog
from .state import Crew, FightRecord, Frame, State


def start_fight(state: State, attacker: Crew, defender: Crew, ev: EventLog) -> None:
    if state.options.cards == "strategy":  # R15: both choose in secret
        state.stack.append(Frame("fight", seat=attacker.seat, attacker=attacker.colour,
                                 defender=defender.colour))
        return
    a_card = turn_top(state, state.players[attacker.seat])  # R15: the attacker first
    d_card = turn_top(state, state.players[defender.seat])
    resolve(state, attacker, defender, a_card, d_card, ev)


def reveal(state: State, frame: Frame, ev: EventLog) -> None:
    """Both commits are in: play them (R17) and settle the fight."""
    attacker, defender = state.crew(frame.attacker), state.crew(frame.defender)
    assert attacker is not None and defender is not None
    assert frame.attacker_card is not None and frame.defender_card is not None
    played(state.players[attacker.seat], frame.attacker_card)
    played(state.players[defender.seat], frame.defender_card)
    ev.say("reveal", f"The fight cards are revealed: {frame.attacker} {frame.attacker_card}, "
           f"{frame.defender} {frame.defender_card}.",
           cards={frame.attacker: frame.attacker_card, frame.defender: frame.defender_card})
    resolve(state, attacker, defender, frame.attacker_card, frame.defender_card, ev)


def resolve(state: State, attacker: Crew, defender: Crew, a_card: str, d_card: str,
            ev: EventLog) -> None:
    """R14: card value minus the units that crew holds; the higher wins."""
    a_value = value(a_card) - attacker.held
    d_value = value(d_card) - defender.held
    winner = attacker.colour if a_value > d_value else defender.colour if d_value > a_value else None
    state.last_fight = FightRecord(attacker.colour, defender.colour, a_card, d_card, a_value,
                                   d_value, winner)
    text = (f"Fight: {attacker.colour} plays {a_card} ({a_value}), {defender.colour} plays "
            f"{d_card} ({d_value}): ")
    data = {"attacker": attacker.colour, "defender": defender.colour, "winner": winner,
            "cards": {attacker.colour: a_card, defender.colour: d_card},
            "values": {attacker.colour: a_value, defender.colour: d_value}}
    if winner == attacker.colour:
        defender.held -= 1
        attacker.held += 1
        if attacker.at != BASE_PLACE[attacker.colour]:
            state.trail.append(["crew", attacker.colour, PLACES[attacker.at],
                                PLACES[BASE_PLACE[attacker.colour]]])
        attacker.at = BASE_PLACE[attacker.colour]
        ev.say("fight", text + f"the {attacker.colour} crew takes a unit and is teleported to "
               "its base.", **data)
    elif winner == defender.colour:
        state.stack.append(Frame("free", seat=defender.seat, defender=defender.colour))
        ev.say("fight", text + f"the {defender.colour} crew wins and its player takes a free "
               "action.", **data)
    else:
        ev.say("fight", text + "a tie, nothing happens.", **data)
