"""Mining completion (R13), blockades (R14), hold limits (R11) and the performance check (R15).

Order of gains (P11), so that a short supply is settled the same way every time: the winner's tiles
(printed colours, then the gold choice), then the other plays in turn order from the new start
player, then Refining Capsules in turn order; returns for crystals over the limit follow.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.core.errors import IllegalDecision
from engine.stella_digger.actions import Action, Capsule, Gold, Return
from engine.stella_digger.board import YELLOW
from engine.stella_digger.components import COLOURS, gadget_colour, gadget_type, tile_info
from engine.stella_digger.events import EventLog
from engine.stella_digger.rounds.ending import end_game
from engine.stella_digger.rounds.steps import (
    AUTO,
    DECISIONS,
    SKIP,
    DecisionStep,
    Outcome,
    push,
    wrong_kind,
)
from engine.stella_digger.rules.crystals import (
    crystal_limit,
    excess,
    gain,
    giving_step,
    least_held_first,
)
from engine.stella_digger.rules.plays import ranking
from engine.stella_digger.rules.reach import leave_group
from engine.stella_digger.state import Frame, State


def _marker_back(state: State, ev: EventLog) -> None:
    state.marker = state.marker_from
    ev.say("marker", f"The marker goes back to {state.marker}.", square=state.marker)


def _target_colours(state: State) -> set[str] | None:
    """R6: the colours that match the target group; None when a gold tile makes all match."""
    colours: set[str] = set()
    for sq in state.target:
        info = tile_info(state.tiles[sq].code)
        if info.kind == "gold":
            return None
        if info.colour:
            colours.add(info.colour)
    return colours


def _completion(state: State, frame: Frame, ev: EventLog) -> None:
    order = state.turn_order()
    # R14: a player knocked out by an accident (R20) still took the Mine action and played
    if not any(p.mined for p in state.players):  # R14 blockade
        sq = state.marker
        leave_group(state, sq)
        if state.vp3 > 0:
            state.vp3 -= 1
            state.blockades.append(sq)
            ev.say("blockade", f"Nobody mined: {sq} is blockaded with a 3-VP tile.", square=sq)
        _marker_back(state, ev)
        if state.vp3 == 0:
            end_game(state, "vp3-exhausted", ev)  # R18
        return
    plays = {s: p.play for s in order if (p := state.players[s]).play is not None}
    gold = 0
    if not plays:  # R14: accidents took every card
        ev.say("no-winner", "Accidents took every played card: nobody wins the target this round.")
        _marker_back(state, ev)
    else:
        best, total = ranking(state, plays, _target_colours(state))[0]
        gold = _win(state, best, total, ev)
    order = state.turn_order()  # from the new start player when someone won (P11)
    push(state, *([Frame("consolation")] if plays else []),
         *(Frame("capsule", s) for s in order if state.players[s].mined), Frame("cleanup"),
         *(Frame("return", s) for s in order), Frame("performance"))
    if gold:
        push(state, Frame("gold", state.start, n=gold))


AUTO["completion"] = _completion


def _win(state: State, seat: int, total: int, ev: EventLog) -> int:
    """The winner takes the target tiles and their printed crystals; returns the gold owed."""
    winner = state.players[seat]
    squares = list(state.target)
    ev.say("win", f"{winner.name} wins {', '.join(squares)} with {total}.", player=winner.id,
           squares=squares, total=total)
    gold = 0
    for sq in squares:
        info = tile_info(state.tiles[sq].code)
        del state.tiles[sq]
        leave_group(state, sq)
        winner.performance.append(sq)
        if info.kind == "gold":
            gold += info.crystals
        else:
            assert info.colour is not None
            for _ in range(info.crystals):
                gain(state, seat, info.colour, ev, f"tile {sq}")
    state.start = seat
    ev.say("foreman", f"{winner.name} takes the Foreman marker.", player=winner.id)
    return gold


# -- gold colours (R13) ----------------------------------------------------------------------

def _check_gold(state: State, frame: Frame, action: Action) -> None:
    if not isinstance(action, Gold):
        raise IllegalDecision(wrong_kind(DECISIONS["gold"], action))
    if len(action.colours) != frame.n:
        raise IllegalDecision(f"Choose exactly {frame.n} colour{'s' if frame.n != 1 else ''} "
                              f"for the gold tile's crystals; you named {len(action.colours)}.")


def _perform_gold(state: State, frame: Frame, action: Action, ev: EventLog) -> None:
    assert isinstance(action, Gold)
    for colour in action.colours:
        gain(state, frame.seat, colour, ev, "gold tile")


DECISIONS["gold"] = DecisionStep(
    "gold",
    settle=lambda state, frame, ev: None if frame.n > 0 else SKIP,
    legal=lambda state, frame: [Gold.canonical(c) for c in combinations_with_replacement(COLOURS, frame.n)],
    check=_check_gold,
    perform=_perform_gold,
    default=lambda state, frame: Gold(least_held_first(state.players[frame.seat], frame.n)),
    prompt=lambda state, frame: (f"{state.players[frame.seat].name} must choose the colours of "
                                 f"{frame.n} crystals from the gold tile."),
)


def _consolation(state: State, frame: Frame, ev: EventLog) -> None:
    """R13: every other player with a remaining play gains one crystal of its colour."""
    for seat in state.turn_order():
        play = state.players[seat].play
        if seat != state.start and play is not None:
            gain(state, seat, play.colour, ev, "played a card")


AUTO["consolation"] = _consolation


# -- Refining Capsules (R13) -----------------------------------------------------------------

def _capsules(state: State, seat: int) -> list[str]:
    return [gadget_colour(g) for g in state.players[seat].gadgets
            if gadget_type(g) == "refining-capsule"]


def _settle_capsule(state: State, frame: Frame, ev: EventLog) -> Outcome:
    owned = _capsules(state, frame.seat)
    if not owned:
        return SKIP
    return Capsule(owned[0]) if len(owned) == 1 else None


def _check_capsule(state: State, frame: Frame, action: Action) -> None:
    if not isinstance(action, Capsule):
        raise IllegalDecision(wrong_kind(DECISIONS["capsule"], action))
    if action.colour not in _capsules(state, frame.seat):
        raise IllegalDecision(f"You don't own the {action.colour} Refining Capsule; you own "
                              f"{', '.join(_capsules(state, frame.seat))}.")


def _perform_capsule(state: State, frame: Frame, action: Action, ev: EventLog) -> None:
    assert isinstance(action, Capsule)
    gain(state, frame.seat, action.colour, ev, "Refining Capsule")


DECISIONS["capsule"] = DecisionStep(
    "capsule", _settle_capsule,
    legal=lambda state, frame: [Capsule.canonical(c) for c in sorted(_capsules(state, frame.seat),
                                                            key=COLOURS.index)],
    check=_check_capsule,
    perform=_perform_capsule,
    default=lambda state, frame: Capsule(min(_capsules(state, frame.seat), key=COLOURS.index)),
    prompt=lambda state, frame: (f"{state.players[frame.seat].name} must choose which Refining "
                                 "Capsule gives a crystal."),
)


def _cleanup(state: State, frame: Frame, ev: EventLog) -> None:
    """R13: played cards go to the discard pile."""
    for player in state.players:
        if player.play is not None:
            state.discard.extend(player.play.cards)
            player.play = None


AUTO["cleanup"] = _cleanup


# -- returning crystals over the limit (R11) --------------------------------------------------

DECISIONS["return"] = giving_step(
    "return", Return, lambda state, frame: excess(state.players[frame.seat]),
    why=lambda k, player: (f"You hold {k} crystal{'s' if k != 1 else ''} over your limit of "
                           f"{crystal_limit(player)}: return exactly {k}."),
    done="returns {colours} (over the crystal limit)",
    prompt="return {n} crystals: they hold more than their limit",
)


# -- performance check (R15) ----------------------------------------------------------------

def _performance(state: State, frame: Frame, ev: EventLog) -> None:
    order = state.turn_order()
    if any(len(state.players[s].performance) >= 2 for s in order):
        for seat in order:
            player = state.players[seat]
            count = len(player.performance)
            if count >= 2 and state.vp3 > 0:
                state.vp3 -= 1
                player.vp3 += 1
                ev.say("performance", f"{player.name} has {count} tiles: a 3-VP tile.",
                       player=player.id, vp=3)
            elif count == 1 and state.vp1 > 0:
                state.vp1 -= 1
                player.vp1 += 1
                ev.say("performance", f"{player.name} has 1 tile: a 1-VP tile.",
                       player=player.id, vp=1)
                if player.vp1 >= 3 and state.vp3 > 0:
                    player.vp1 -= 3
                    state.vp1 += 3
                    state.vp3 -= 1
                    player.vp3 += 1
                    ev.say("performance", f"{player.name} exchanges three 1-VP tiles for a 3-VP "
                           "tile.", player=player.id)
        for player in state.players:
            player.performance = []
    if state.vp3 == 0:
        end_game(state, "vp3-exhausted", ev)  # R18
    elif not any(sq in state.tiles for sq in YELLOW):
        end_game(state, "core-mined", ev)


AUTO["performance"] = _performance
