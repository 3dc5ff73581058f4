"""Monster fights (R17), started by the visibility check (R16)."""

from __future__ import annotations

from engine.core.errors import IllegalDecision
from engine.stella_digger.actions import Action, Decline, Fight, LoseCrystals
from engine.stella_digger.components import tile_info
from engine.stella_digger.events import EventLog
from engine.stella_digger.rounds.steps import (
    AUTO,
    DECISIONS,
    DecisionStep,
    Outcome,
    push,
    wrong_kind,
)
from engine.stella_digger.rules.crystals import giving_step, total
from engine.stella_digger.rules.elimination import add_tear
from engine.stella_digger.rules.plays import (
    check_play,
    play_options,
    play_total,
    swapped_values,
    take_play,
)
from engine.stella_digger.rules.reach import leave_group
from engine.stella_digger.rules.visibility import first_monster, visibility_check
from engine.stella_digger.state import Frame, State


def _visibility(state: State, frame: Frame, ev: EventLog) -> None:
    """R16: flip, then fight the first revealed monster; the check runs again after each fight."""
    visibility_check(state, ev)
    monster = first_monster(state)
    if monster is not None:
        push(state, Frame("fight", square=monster), frame)


AUTO["visibility"] = _visibility


def _fight(state: State, frame: Frame, ev: EventLog) -> None:
    assert frame.square is not None
    info = tile_info(state.tiles[frame.square].code)
    if frame.n == 0:
        ev.say("monster", f"A monster on {frame.square} attacks! Combat power {info.power}: play a "
               f"card or decline; anyone below {info.power} loses {info.loss} crystal"
               f"{'s' if info.loss != 1 else ''}.", square=frame.square, power=info.power,
               loss=info.loss, vp=info.vp)
        frame.n = 1
        push(state, *(Frame("fight_play", s, square=frame.square) for s in state.turn_order()),
             frame)
        return
    order = state.turn_order()
    plays = {s: p.fight for s in order if (p := state.players[s]).fight is not None}
    swapped = swapped_values(plays.values())
    totals = {s: play_total(plays[s], swapped) if s in plays else 0 for s in order}
    strong = [s for s in order if totals[s] >= info.power]
    defeated = [s for s in order if totals[s] < info.power]
    del state.tiles[frame.square]
    leave_group(state, frame.square)
    if strong:
        winner = max(strong, key=lambda s: (totals[s], -order.index(s)))
        player = state.players[winner]
        player.monsters.append(info.vp)
        state.start = winner
        ev.say("monster-won", f"{player.name} defeats the monster with {totals[winner]} and keeps "
               f"it ({info.vp} VP); {player.name} takes the Foreman marker.", player=player.id,
               total=totals[winner], vp=info.vp)
    else:
        ev.say("monster-won", "Nobody beat the monster: it goes back to the box.", player=None)
    for seat in order:
        play = state.players[seat].fight
        if play is not None:
            state.discard.extend(play.cards)
            state.players[seat].fight = None
    for seat in defeated:
        ev.say("defeated", f"{state.players[seat].name} is defeated in combat.",
               player=state.players[seat].id)
        add_tear(state, seat, ev, "was defeated by a monster")
        if state.ended:  # R20: the last player left wins at once
            return
    push(state, *(Frame("lose_crystals", s, n=info.loss) for s in defeated))


AUTO["fight"] = _fight


def _settle_play(state: State, frame: Frame, ev: EventLog) -> Outcome:
    return Decline() if not state.players[frame.seat].hand else None


def _check_play(state: State, frame: Frame, action: Action) -> None:
    if isinstance(action, Decline):
        return
    if not isinstance(action, Fight):
        raise IllegalDecision(wrong_kind(DECISIONS["fight_play"], action))
    check_play(state.players[frame.seat], action)


def _perform_play(state: State, frame: Frame, action: Action, ev: EventLog) -> None:
    player = state.players[frame.seat]
    if isinstance(action, Fight):
        player.fight = take_play(player, action)
        extra = (f", changed to {player.fight.colour}" if action.super else "") + (
            f", plus {action.boost}" if action.boost else "")
        ev.say("fight", f"{player.name} fights with {action.card}{extra}.", player=player.id,
               cards=list(player.fight.cards), colour=player.fight.colour)
    else:
        ev.say("decline", f"{player.name} declines to fight.", player=player.id)


DECISIONS["fight_play"] = DecisionStep(
    "fight", _settle_play,
    legal=lambda state, frame: [*play_options(state.players[frame.seat], Fight), Decline()],
    check=_check_play,
    perform=_perform_play,
    default=lambda state, frame: Decline(),
    prompt=lambda state, frame: (f"{state.players[frame.seat].name} must fight the monster on "
                                 f"{frame.square} with a card, or decline."),
)


def _loss(state: State, frame: Frame) -> int:
    return min(frame.n, total(state.players[frame.seat]))


DECISIONS["lose_crystals"] = giving_step(
    "lose-crystals", LoseCrystals, _loss,
    why=lambda k, player: f"The monster takes exactly {k} crystal{'s' if k != 1 else ''}.",
    done="loses {colours} to the monster",
    prompt="choose {n} crystals to lose to the monster",
)
