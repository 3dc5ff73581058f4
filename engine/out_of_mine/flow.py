"""The round's steps (R5) after each decision: forced sides (R4), the card draw (R5.2, R14),
the reveal and scoring (R5.4-5), the board exchange (R15) and the end (R16)."""

from __future__ import annotations

from typing import Any

from ..core.errors import IllegalDecision
from ..core.events import Event
from ..core.rng import Rng
from .components import CARDS, ROUNDS
from .scoring import score_round, winners
from .state import LastRound, State


class EventLog(list[Event]):
    """Events in order: ``say`` is public, ``tell`` reaches one player only."""

    def say(self, kind: str, text: str, **data: Any) -> None:
        self.append(Event(kind, text, None, data))

    def tell(self, player: str, kind: str, text: str, **data: Any) -> None:
        self.append(Event(kind, text, (player,), data))


def other_side(side: str) -> str:
    return "b" if side == "a" else "a"


def forced_side(state: State, seat: int) -> str | None:
    """R4: the other side of the very board this player played in the previous round."""
    p = state.players[seat]
    if p.previous is None or int(p.previous[:-1]) != p.board:
        return None
    return other_side(p.previous[-1])


def start_round(state: State, ev: EventLog) -> None:
    """R5 step 1: sides. Forced sides are set at once (R17), then the draw if all are set."""
    state.phase = "side"
    ev.say("round", f"Round {state.round} of {ROUNDS} begins.", round=state.round)
    for seat, p in enumerate(state.players):
        forced = forced_side(state, seat)
        if forced is not None and p.side is None:
            p.side = forced
            ev.say("side", f"{p.name} got board {p.board} back after playing {p.previous}, "
                           f"so they play {p.board}{forced}.", player=p.id,
                   side=p.board_side, forced=True)
    after_side(state, ev)


def after_side(state: State, ev: EventLog) -> None:
    if all(p.side is not None for p in state.players):
        draw(state, ev)


def draw(state: State, ev: EventLog) -> None:
    """R5 step 2: each player in seat order draws the top card (R14 when the deck is empty)."""
    rng = Rng(state)
    for p in state.players:
        if not state.deck:
            state.deck = sorted(state.discard)
            state.discard = []
            rng.shuffle(state.deck)  # R14
            ev.say("reshuffle", "The deck was empty: the discard pile is shuffled into a new "
                                "deck.", cards=len(state.deck))
        p.card = state.deck.pop(0)
        p.opened, p.dig = False, None
    state.phase = "dig"
    if state.options.race:  # R6: each player's own INTO THE MINE! is their open
        ev.say("draw", "Every player has a face-down card: opening yours starts your "
                       "clock, then dig.")  # no command named: each front end says its own
    else:  # R5.2: all cards revealed at once
        cards = {p.id: p.card for p in state.players}
        ev.say("draw", "INTO THE MINE! " + "; ".join(
            f"{p.name}: card {p.card} ({CARDS[p.card or 0].text()})" for p in state.players),
            cards=cards)


def after_dig(state: State, ev: EventLog) -> None:
    if all(p.dig is not None for p in state.players):
        reveal(state, ev)


def reveal(state: State, ev: EventLog) -> None:
    """R5 steps 4-5: every commit revealed together, the cut, scores, then exchange or end."""
    digs = {p.id: p.dig for p in state.players}
    cards = {p.id: p.card for p in state.players}
    ev.say("reveal", "OUT OF MINE! Every dig is revealed: " + "; ".join(
        f"{p.name} (card {p.card}, {p.board_side}): {p.dig}" for p in state.players),
        digs=digs, cards=cards, round=state.round)
    callers = score_round(state)
    for p in state.players:
        rec = p.rounds[-1]
        parts = f"{rec.base} for the spaces ({rec.empty} empty)"
        for label, n in (("call", rec.call), ("elves", rec.elves), ("finds", rec.finds)):
            if n:
                parts += f", {n:+d} {label}"
        cut = f"; the call cut {len(rec.cut)} tile(s)" if rec.cut else ""
        ev.say("score", f"{p.name} scores {rec.score}: {parts}{cut}. Total {p.total}.",
               player=p.id, round=state.round, score=rec.score, total=p.total)
    if callers:
        names = ", ".join(state.player(c).name for c in callers)
        ev.say("call", f"{names} called OUT OF MINE! (+2).", callers=callers)
    state.discard = sorted(state.discard + [p.card for p in state.players if p.card])  # R14
    for p in state.players:
        p.previous = p.board_side
        p.card, p.dig, p.opened = None, None, False
    state.last_round = LastRound(state.round, callers)
    if state.round >= ROUNDS or not state.pile:  # R16; R15: no board to bring in
        end(state, ev)
    else:
        exchange(state, callers, ev)


def exchange(state: State, callers: list[str], ev: EventLog) -> None:
    """R15: one board back to the box, the pile's top into play, shuffled and dealt."""
    if callers:
        leaving = state.seat_of(callers[0])
    else:
        leaving = min(range(len(state.players)),
                      key=lambda s: (state.players[s].rounds[-1].empty, s))
    gone = state.players[leaving].board
    state.retired.append(gone)
    new = state.pile.pop(0)
    boards = [p.board for s, p in enumerate(state.players) if s != leaving] + [new]
    deal = state.redeals.get(str(state.round + 1))
    if deal is not None:
        if sorted(deal.get(p.id, 0) for p in state.players) != sorted(boards):
            raise IllegalDecision(f"The redeal for round {state.round + 1} must give out "
                                  f"exactly boards {', '.join(map(str, sorted(boards)))}.")
        boards = [deal[p.id] for p in state.players]
    else:
        Rng(state).shuffle(boards)
    for p, board in zip(state.players, boards, strict=True):
        p.board, p.side = board, None
    assert state.last_round is not None
    state.last_round.retired, state.last_round.new_board = gone, new
    ev.say("exchange", f"Board {gone} ({state.players[leaving].name}'s) goes back to the box; "
                       f"board {new} comes into play. Boards now: " + ", ".join(
                           f"{p.name} {p.board}" for p in state.players),
           retired=gone, new=new, boards={p.id: p.board for p in state.players})
    state.round += 1
    start_round(state, ev)


def end(state: State, ev: EventLog) -> None:
    state.phase, state.ended = "ended", True
    state.winners = winners(state)
    names = " and ".join(state.player(w).name for w in state.winners)
    ev.say("end", f"The game is over. {names} win{'s' if len(state.winners) == 1 else ''} "
                  "with " + ", ".join(f"{p.name} {p.total}" for p in state.players) + ".",
           winners=list(state.winners), totals={p.id: p.total for p in state.players})

