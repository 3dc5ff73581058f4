"""Determinisation: one full State sampled from what a seat may see (its view, R2).

A search from a player's seat must not read the real state. It samples a state that agrees with
everything the view shows and fills in what the view hides, uniformly given the view:

- other hands: the numbers of the cards nobody has seen (all 32 minus the viewer's hand, the
  discard pile and the cards on the table), drawn to match each hand's public colours;
- the decks: each deck's top card of its public colour, the rest of the unseen cards shuffled
  below the tops, deck sizes as shown;
- face-down tiles: drawn from what remains of each zone's pile (components.json) once the
  face-up tiles of that zone are taken out; connected tiles get a random arrow;
- the Danger Forecast and the Alarm: the accident colours not on Safety Forecast and not yet
  revealed, shuffled;
- a fresh RNG state.

The view does not carry the list of steps still to run this round, so ``rebuild_stack`` puts it
back from the decision owed and the public round state (flow.py's round structure), with the
monster losses still owed (``monster_losses``, R17) taken from the view. The view also gives the
square the marker entered its tile from (``marker_from``, R14), whether the decks were rebuilt
this round (``decks_rebuilt``, R9) and the gadget types each player already used this round
(``gadgets_used``, P10), which are copied as they are.

``fast_clone`` is serial.clone, a hand-written deep copy of a State, and ``quiet_apply`` performs an already-checked decision like ``GAME.apply``
without the check, for searches.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.rng import Rng
from engine.stella_digger.actions import Action, Gold
from engine.stella_digger.board import SQUARES, TERRAIN
from engine.stella_digger.components import (
    ALL_CARDS,
    ALL_GADGETS,
    CARD_COLOUR,
    COLOURS,
    CORE_POOL,
    TILE_PILES,
    card_key,
    gadget_type,
)
from engine.stella_digger.events import EventLog
from engine.stella_digger.rounds.flow import advance
from engine.stella_digger.rounds.steps import DECISIONS
from engine.stella_digger.serial import clone as fast_clone
from engine.stella_digger.state import Drill, Frame, Options, Play, Player, State, Tile

_NOT_TILES = {"hidden", "blockade", "empty", "start", "rock", "tunnel"}


class _RngBox:
    __slots__ = ("rng",)

    def __init__(self, rng: int) -> None:
        self.rng = rng


def _pile(zone: str) -> list[str]:
    """The printed tiles of a zone, connected tiles written ``COLOUR:N>`` (components.json)."""
    return list(CORE_POOL) if zone == "Y" else list(TILE_PILES[zone])


def _play_from(data: dict[str, Any] | None) -> Play | None:
    if data is None:
        return None
    return Play(list(data["cards"]), data["colour"], data.get("super"), data.get("boost"))


def _monster_list(count: int, vp: int) -> list[int]:
    """Monster tiles won: the view shows their number and VP sum, which is all scoring uses."""
    if count <= 0:
        return []
    base, extra = divmod(vp, count)
    return [base + (1 if i < extra else 0) for i in range(count)]


def _turn_order(players: list[Player], start: int) -> list[int]:
    n = len(players)
    return [s for i in range(n) if not players[s := (start + i) % n].out]


def _after(order: list[int], seat: int) -> list[int]:
    return order[order.index(seat) + 1:] if seat in order else []


def rebuild_stack(state: State, view: dict[str, Any], legal: list[Action] | None) -> list[Frame]:
    """The steps still to run this round, the owed decision on top (see flow.py, completion.py,
    fight.py, accidents.py for the frames each step pushes)."""
    to_act = view.get("to_act")
    if state.ended or not to_act:
        return []
    seat = state.seat_of(to_act["player"])
    decision = to_act["decision"]
    order = _turn_order(state.players, state.start)
    round_tail = [Frame("next_round"), Frame("visibility"), Frame("completion"), Frame("accidents")]
    after_completion = [Frame("next_round"), Frame("visibility"), Frame("performance")]
    returns = [Frame("return", s) for s in reversed(order)]
    miners = [s for s in order if state.players[s].mined]
    if decision == "target":
        frames = round_tail + [Frame("turn", s) for s in reversed(order)]
        if state.round == 1:
            frames.append(Frame("setup_draw", seat))
        return frames + [Frame("target", seat)]
    if decision == "draw":
        setup = state.round == 1 and not state.discard and not any(p.mined for p in state.players)
        if setup:
            return round_tail + [Frame("turn", s) for s in reversed(order)] + [
                Frame("setup_draw", seat)]
        return round_tail + [Frame("turn", s) for s in reversed(_after(order, seat))] + [
            Frame("refill", seat)]
    if decision == "action":
        return round_tail + [Frame("turn", s) for s in reversed(_after(order, seat))] + [
            Frame("turn", seat)]
    if decision == "lose":
        colour = state.revealed[-1] if state.revealed else None
        return round_tail + [Frame("lose", s, colour=colour)
                             for s in reversed(_after(order, seat))] + [
            Frame("lose", seat, colour=colour)]
    if decision == "gold":
        n = len(legal[0].colours) if legal and isinstance(legal[0], Gold) else 0
        plays = any(p.play is not None for p in state.players)
        return after_completion + returns + [Frame("cleanup")] + [
            Frame("capsule", s) for s in reversed(miners)] + (
            [Frame("consolation")] if plays else []) + [Frame("gold", seat, n=n)]
    if decision == "capsule":
        return after_completion + returns + [Frame("cleanup")] + [
            Frame("capsule", s) for s in reversed(_after(miners, seat))] + [
            Frame("capsule", seat)]
    if decision == "return":
        return after_completion + [Frame("return", s) for s in reversed(_after(order, seat))] + [
            Frame("return", seat)]
    if decision == "fight":
        square = (view.get("fight") or {}).get("square")
        return [Frame("next_round"), Frame("visibility"), Frame("fight", n=1, square=square)] + [
            Frame("fight_play", s, square=square) for s in reversed(_after(order, seat))] + [
            Frame("fight_play", seat, square=square)]
    if decision == "lose-crystals":  # R17: the view lists the losses owed, the next one first
        return [Frame("next_round"), Frame("visibility")] + [
            Frame("lose_crystals", state.seat_of(owed["player"]), n=owed["loss"])
            for owed in reversed(view["monster_losses"])]
    raise ValueError(f"unknown decision {decision!r}")


def determinize(view: dict[str, Any], legal: list[Action] | None = None,
                rng: Rng | None = None, seed: int = 0) -> State:
    """A full State consistent with ``view`` (see the module text). ``legal`` (the decisions the
    viewer was offered, optional) only tells what the view leaves out (the number of gold
    crystals owed). ``rng`` draws the hidden parts; without it a generator seeded with ``seed``
    is used."""
    if rng is None:
        rng = Rng(_RngBox(seed))
    seats: list[str] = list(view["seats"])
    vplayers: dict[str, dict[str, Any]] = view["players"]
    players: list[Player] = []
    for pid in seats:
        vp = vplayers[pid]
        players.append(Player(
            id=pid, name=view["names"].get(pid, pid),
            hand=list(vp["hand"]) if vp.get("hand") is not None else [],
            crystals={c: int(vp["crystals"].get(c, 0)) for c in COLOURS},
            gadgets=sorted(vp["gadgets"], key=lambda g: (gadget_type(g), g)),
            drills_left=vp["drills_left"], drill_points=vp["drill_points"],
            vp3=vp["vp_tiles"]["3"], vp1=vp["vp_tiles"]["1"],
            performance=list(vp["performance"]),
            monsters=_monster_list(vp["monsters"], vp["monster_vp"]),
            tears=vp["tears"], out=vp["out"], mined=vp["mined"], play=_play_from(vp.get("play")),
            used=list(vp["gadgets_used"])))  # P10: public, even when the play is gone
    seat_of = {pid: i for i, pid in enumerate(seats)}
    fight_view = view.get("fight")
    if fight_view:
        for pid, data in fight_view["plays"].items():
            players[seat_of[pid]].fight = _play_from(data)

    supply = view["supply"]
    acc = view["accidents"]
    state = State(seed=0, rng=rng.next64(), players=players,
                  options=Options(red_tears=bool(view["options"].get("red_tears", False))),
                  version=view["version"], round=view["round"],
                  start=seat_of[view["start_player"]], marker=view["marker"],
                  target=list(view["target"]), groups=[list(g) for g in view["groups"]],
                  discard=list(view["discard"]), safety=acc["safety"],
                  revealed=list(acc["revealed"]),
                  supply={c: supply[c] for c in COLOURS}, vp3=supply["vp3"], vp1=supply["vp1"],
                  tears=supply["tears"], gadget_supply=list(view["gadget_supply"]),
                  ended=view["ended"], end_reason=view["end_reason"],
                  winners=list(view["winners"]))
    owned = {g for p in players for g in p.gadgets}
    state.box_gadgets = [g for g in ALL_GADGETS if g not in owned and g not in state.gadget_supply]

    # -- the map: face-up tiles, blockades, drills; the zone piles' remains for hidden tiles ----
    pools: dict[str, list[str]] = {z: _pile(z) for z in ("a", "b", "c", "Y")}
    hidden: list[str] = []
    blockaded: list[str] = []
    for sq in SQUARES:
        code = view["map"][sq]
        if code == "hidden":
            hidden.append(sq)
        elif code == "blockade":
            blockaded.append(sq)
        elif code.startswith("drill:"):
            pid, direction = code[len("drill:"):].rsplit(":", 1)
            state.drills[sq] = Drill(seat_of[pid], direction)
        elif code not in _NOT_TILES:
            face, arrow, direction = code.partition(">")
            state.tiles[sq] = Tile(face, face_up=True, arrow=direction if arrow else None)
            pool = pools.get(TERRAIN[sq])
            printed = face + arrow
            if pool is not None and printed in pool:
                pool.remove(printed)
    for sq in blockaded:  # the tile under a blockade is never seen again; any plain tile does
        state.tiles[sq] = Tile(_plain_tile(pools.get(TERRAIN[sq]) or []), face_up=True)
        state.blockades.append(sq)
    backs: dict[str, str] = view.get("backs", {})
    for zone, pool in pools.items():
        squares = [sq for sq in hidden if backs.get(sq, TERRAIN[sq]) == zone]
        rng.shuffle(pool)
        for i, sq in enumerate(squares):
            printed = pool[i] if i < len(pool) else _plain_tile(_pile(zone))
            if printed.endswith(">"):
                state.tiles[sq] = Tile(printed[:-1], arrow=("up", "right", "down", "left")[
                    rng.below(4)])
            else:
                state.tiles[sq] = Tile(printed)
    state.marker_from = view["marker_from"]  # R14
    state.reset_pending = view["decks_rebuilt"]  # R9

    # -- cards: the unseen ones fill other hands (by colour) and the decks (tops by colour) ----
    unseen = Counter(ALL_CARDS)
    seen: list[str] = list(state.discard)
    for p in players:
        seen += p.hand
        for play in (p.play, p.fight):
            if play is not None:
                seen += play.cards
    unseen.subtract(seen)
    by_colour: dict[str, list[str]] = {c: [] for c in COLOURS}
    for card in sorted(unseen, key=card_key):
        by_colour[CARD_COLOUR[card]] += [card] * max(0, unseen[card])
    for cards in by_colour.values():
        rng.shuffle(cards)
    for pid in seats:
        vp = vplayers[pid]
        if vp.get("hand") is not None:
            continue
        hand = players[seat_of[pid]].hand
        for colour in vp["hand_colours"]:
            hand.append(by_colour[colour].pop() if by_colour[colour] else _any_card(by_colour))
    tops: list[str | None] = []
    for deck in view["decks"]:
        colour = deck["top"]
        if deck["count"] > 0 and colour is not None:
            tops.append(by_colour[colour].pop() if by_colour[colour] else _any_card(by_colour))
        else:
            tops.append(None)
    rest = [c for cards in by_colour.values() for c in cards]
    rng.shuffle(rest)
    state.decks = []
    for deck, top in zip(view["decks"], tops, strict=True):
        below = max(0, deck["count"] - (1 if top is not None else 0))
        state.decks.append(([top] if top is not None else []) + rest[:below])
        rest = rest[below:]

    # -- accidents: the colours not shown are shuffled over Danger Forecast and the Alarm -------
    unknown = [c for c in COLOURS if c != acc["safety"] and c not in acc["revealed"]]
    rng.shuffle(unknown)
    state.danger = unknown[:acc["danger"]]
    state.alarm = unknown[acc["danger"]:acc["danger"] + acc["alarm"]]

    state.stack = rebuild_stack(state, view, legal)
    return state


def _plain_tile(pool: list[str]) -> str:
    for code in pool:
        if not code.startswith("monster") and not code.endswith(">"):
            return code
    return "blue:1"


def _any_card(by_colour: dict[str, list[str]]) -> str:
    """Only when a view is inconsistent (it never is from the engine): any unseen card."""
    for cards in by_colour.values():
        if cards:
            return cards.pop()
    return "blue-3"


# -- fast copies and unchecked decisions for searches ----------------------------------------

class QuietLog(EventLog):
    """An event log that keeps nothing (searches don't need the sentences)."""

    def say(self, kind: str, text: str, **data: Any) -> None:
        return None

    def tell(self, player_id: str, kind: str, text: str, **data: Any) -> None:
        return None


def quiet_apply(state: State, action: Action) -> None:
    """``GAME.apply`` for the seat that owes the decision, without checking ``action`` (it must
    be legal) and without keeping events."""
    frame = state.stack.pop()
    ev = QuietLog()
    DECISIONS[frame.step].perform(state, frame, action, ev)
    state.version += 1
    advance(state, ev)


__all__ = ["determinize", "fast_clone", "quiet_apply", "rebuild_stack"]

