"""Stella Digger's ``easy`` player (the ``heuristic`` of ``ai.py``): a one-look heuristic, and the
policy the ``strong`` search's playouts use.

The heuristic decides from what its seat may see: its own hand, the colours of the other hands
and of the deck tops, the cards on the table and in the discard pile, and the face-up board.
``policy(state, seat)`` works on a State so that searches can run it on sampled states without
building views; it reads nothing a seat could not see (no other hand's numbers, no deck order
below the tops, no face-down tiles, no accident colours that are not revealed). ``choose``
samples such a state from its view (any sample gives the same decision, as the policy never reads
the sampled parts) and returns the matching legal decision.

What it does, in short: the start player targets the tile it is most likely to win; on its turn
it mines when it can win the target (the cheapest play that no later player can beat, given the
colours they hold and the numbers still unseen), otherwise it spends crystals on a Large Drill
aimed at a valuable square or on gadgets, mines a spare card for the consolation crystal,
refills a short hand, or passes. Small decisions keep crystal pairs and give up the lowest cards.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.rng import Rng
from engine.stella_digger.actions import (
    Action,
    Buy,
    Capsule,
    Decline,
    Draw,
    Drill,
    Fight,
    Gold,
    Lose,
    LoseCrystals,
    Mine,
    Pass,
    Refill,
    Return,
    Target,
)
from engine.stella_digger.agents.determinize import determinize
from engine.stella_digger.board import PRINTED, STEP, YELLOW, distance
from engine.stella_digger.components import (
    ALL_CARDS,
    CARD_COLOUR,
    CARD_NUMBER,
    COLOUR_INDEX,
    COLOURS,
    DRILL_COST,
    FIRST_TARGETS,
    GADGET_COST,
    card_key,
    gadget_colour,
    gadget_type,
    tile_info,
)
from engine.stella_digger.rounds.turn import drill_spots
from engine.stella_digger.rules.crystals import crystal_limit, excess, hand_limit, total
from engine.stella_digger.rules.plays import play_options, ranking
from engine.stella_digger.rules.reach import group_of, target_options
from engine.stella_digger.state import Play, Player, State

_ALL = Counter(ALL_CARDS)


# -- small helpers ---------------------------------------------------------------------------

def target_colours(state: State, squares: list[str] | None = None) -> set[str] | None:
    """The colours that match a target group (R6); None when a gold tile makes every card match."""
    colours: set[str] = set()
    for sq in state.target if squares is None else squares:
        tile = state.tiles.get(sq)
        if tile is None:
            continue
        info = tile_info(tile.code)
        if info.kind == "gold":
            return None
        if info.colour:
            colours.add(info.colour)
    return colours


def give_up(crystals: dict[str, int], k: int) -> tuple[str, ...]:
    """Which ``k`` crystals to pay, return or lose: keep pairs (1 VP per two of a colour) by
    taking from odd counts first, then from the colour held most."""
    left = dict(crystals)
    out: list[str] = []
    for _ in range(min(k, sum(left.values()))):
        colour = max((c for c in COLOURS if left[c] > 0),
                     key=lambda c: (left[c] % 2, left[c], -COLOUR_INDEX[c]))
        left[colour] -= 1
        out.append(colour)
    return tuple(out)


def wanted(crystals: dict[str, int], k: int, supply: dict[str, int]) -> tuple[str, ...]:
    """Which ``k`` crystals to take (gold tiles): complete pairs first, from the supply."""
    held = dict(crystals)
    out: list[str] = []
    for _ in range(k):
        colour = max(COLOURS, key=lambda c: (held[c] % 2, supply.get(c, 0) > 0, -held[c],
                                             -COLOUR_INDEX[c]))
        held[colour] += 1
        out.append(colour)
    return tuple(out)


def _play(action: Mine | Fight) -> Play:
    colour = action.super or CARD_COLOUR[action.card]
    cards = [action.card] + ([action.boost] if action.boost else [])
    return Play(cards, colour, action.super, action.boost)


def _cost(action: Mine | Fight) -> float:
    """How much a play spends: its card numbers, a second card, a gadget use."""
    cost = float(CARD_NUMBER[action.card])
    if action.boost:
        cost += CARD_NUMBER[action.boost] + 2.0
    if action.super:
        cost += 1.0
    return cost


def unseen_max(state: State, seat: int) -> dict[str, int]:
    """Per colour, the highest card number the seat has not seen (not in its hand, the discard
    pile or on the table): the best another player could hold."""
    seen = Counter(state.discard)
    seen.update(state.players[seat].hand)
    for p in state.players:
        for play in (p.play, p.fight):
            if play is not None:
                seen.update(play.cards)
    best = dict.fromkeys(COLOURS, 0)
    for card, n in _ALL.items():
        if n - seen[card] > 0:
            colour = CARD_COLOUR[card]
            best[colour] = max(best[colour], CARD_NUMBER[card])
    return best


def threat(state: State, seat: int, matches: set[str] | None, best: dict[str, int]
           ) -> tuple[bool, int]:
    """What another player could play, from public facts only (hand colours, gadgets): whether
    it could match the target and the highest total it could reach."""
    p = state.players[seat]
    colours = [CARD_COLOUR[c] for c in p.hand]
    if not colours:
        return False, 0
    supers = {gadget_colour(g) for g in p.gadgets if gadget_type(g) == "super-drill"}
    boosts = {gadget_colour(g) for g in p.gadgets if gadget_type(g) == "enhanced-power"}
    can_super = "super-drill" not in p.used
    can_boost = "enhanced-power" not in p.used and len(colours) >= 2
    match = matches is None or any(c in matches for c in colours) or (
        can_super and any(c in supers for c in colours))
    top = max(best[c] for c in colours)
    if can_boost and any(c in boosts for c in colours):
        top += max(best[c] for c in colours if c in boosts)
    return match, top


# -- the decisions ---------------------------------------------------------------------------

def choose_target(state: State, seat: int) -> Action:
    options = sorted(target_options(state))
    me = state.players[seat]
    others = [s for s in state.turn_order() if s != seat]
    best_unseen = unseen_max(state, seat)

    def value(sq: str) -> tuple[float, int]:
        group = group_of(state, sq)
        matches = target_colours(state, group)
        crystals = sum(tile_info(state.tiles[g].code).crystals for g in group)
        v = crystals + 2.0 * (len(group) - 1)
        mine = [(_play(a), a) for a in play_options(me, Mine)]
        strength = max((sum(CARD_NUMBER[c] for c in p.cards) for p, _ in mine
                        if matches is None or p.colour in matches), default=0)
        rivals = sum(1 for s in others if threat(state, s, matches, best_unseen)[0])
        v += 1.5 * strength / 4.0 - 1.0 * rivals + (2.0 if strength and not rivals else 0.0)
        v -= 0.05 * min(distance(sq, y) for y in YELLOW)  # lean towards the core
        return v, -int(sq[1:])

    return Target(max(options, key=value))


def choose_draw(state: State, seat: int, decks: list[int]) -> Action:
    me = state.players[seat]
    if state.target:
        matches = target_colours(state)
    else:  # game preparation: the two first tiles
        matches = set()
        for sq in FIRST_TARGETS:
            tile = state.tiles.get(sq)
            if tile is not None and tile.face_up:
                info = tile_info(tile.code)
                if info.colour:
                    matches.add(info.colour)
    liked = {gadget_colour(g) for g in me.gadgets
             if gadget_type(g) in ("super-drill", "enhanced-power")}

    def value(d: int) -> tuple[float, int]:
        deck = state.decks[d - 1]
        colour = CARD_COLOUR[deck[0]]
        v = 0.0
        if matches is None or colour in matches:
            v += 2.0
        if colour in liked:
            v += 1.0
        if len(deck) == 1 and sum(1 for x in state.decks if x) > 1:
            v -= 1.5  # emptying a deck moves an accident card to the Alarm
        return v, len(deck)

    return Draw(max(decks, key=value))


def _mine_choice(state: State, seat: int) -> Mine | None:
    """The cheapest play that wins the target against the plays on the table and against what
    the later players could play (public facts only); None if there is no such play."""
    me = state.players[seat]
    order = state.turn_order()
    later = order[order.index(seat) + 1:]
    table = {s: p.play for s in order if (p := state.players[s]).play is not None}
    matches = target_colours(state)
    best_unseen = unseen_max(state, seat)
    threats = [threat(state, s, matches, best_unseen) for s in later]
    safe: list[tuple[float, Mine]] = []
    hopeful: list[tuple[float, Mine]] = []
    for action in play_options(me, Mine):
        assert isinstance(action, Mine)
        mine = _play(action)
        plays = {**table, seat: mine}
        ranked = ranking(state, plays, matches)
        if ranked[0][0] != seat:
            continue
        my_total = ranked[0][1]
        my_match = matches is None or mine.colour in matches
        beaten = False
        for match, top in threats:
            if (match and not my_match) or (match == my_match and top > my_total):
                beaten = True
        if not beaten:
            safe.append((_cost(action), action))
        elif my_match and my_total >= 4:
            hopeful.append((-my_total + 0.1 * _cost(action), action))
    if safe:
        return min(safe, key=lambda t: (t[0], str(t[1])))[1]
    if hopeful:
        return min(hopeful, key=lambda t: (t[0], str(t[1])))[1]
    return None


def _gadget_value(me: Player, gadget: str, late: float) -> float:
    """VP now (2, plus the same-colour bonus) and a guess at what its effect is still worth."""
    colour, kind = gadget_colour(gadget), gadget_type(gadget)
    same = sum(1 for g in me.gadgets if gadget_colour(g) == colour)
    effect = {"support-drone": 1.2, "refining-capsule": 1.5, "super-drill": 0.6,
              "enhanced-power": 0.8}[kind] * (1.0 - late)
    return 2.0 + (1.0 if same >= 1 else 0.0) + effect


def _spend(state: State, seat: int) -> Action | None:
    """The best use of crystals now: a Large Drill or gadgets, if worth more than the crystals
    (half a VP each)."""
    me = state.players[seat]
    budget = total(me)
    late = 1.0 - state.vp3 / 20.0
    best: tuple[float, Action] | None = None
    if me.drills_left > 0 and budget >= DRILL_COST:
        spots = drill_spots(state)
        if spots:
            sq, d = max(spots, key=lambda t: (PRINTED[STEP[t[0], t[1]] or "A1"], t))
            tip = STEP[sq, d]
            assert tip is not None
            gain = PRINTED[tip] + 1.0 - 0.5 * DRILL_COST
            if gain > 0:
                best = (gain, Drill(sq, d, give_up(me.crystals, DRILL_COST)))
    if state.gadget_supply and budget >= min(GADGET_COST.values()):
        ranked = sorted(state.gadget_supply, key=lambda g: (-_gadget_value(me, g, late), g))
        chosen: list[str] = []
        spent, value = 0, 0.0
        for g in ranked:
            cost = GADGET_COST[gadget_type(g)]
            if spent + cost <= budget and _gadget_value(me, g, late) > 0.5 * cost:
                chosen.append(g)
                spent += cost
                value += _gadget_value(me, g, late) - 0.5 * cost
        if chosen and (best is None or value > best[0]):
            best = (value, Buy(tuple(chosen), give_up(me.crystals, spent)))
    return None if best is None else best[1]


def _spare_card(state: State, seat: int) -> Mine | None:
    """A card to mine for the consolation crystal (a losing play still gains one)."""
    me = state.players[seat]
    if len(me.hand) < 2 or total(me) >= crystal_limit(me):
        return None
    matches = target_colours(state)
    card = min(me.hand, key=lambda c: (
        matches is None or CARD_COLOUR[c] in matches, CARD_NUMBER[c],
        -(me.crystals[CARD_COLOUR[c]] % 2), card_key(c)))
    return Mine(card)


def choose_action(state: State, seat: int) -> Action:
    me = state.players[seat]
    mine = _mine_choice(state, seat)
    if mine is not None:
        return mine
    spend = _spend(state, seat)
    if spend is not None:
        return spend
    limit = hand_limit(me)
    if len(me.hand) <= 1 and state.decks and (any(state.decks) or state.discard):
        return Refill(tuple(c for c in me.hand if CARD_NUMBER[c] <= 2))
    spare = _spare_card(state, seat)
    if spare is not None:
        return spare
    if len(me.hand) < limit and (any(state.decks) or state.discard):
        return Refill(tuple(c for c in me.hand if CARD_NUMBER[c] <= 2))
    low = tuple(c for c in me.hand if CARD_NUMBER[c] <= 2)
    if low and (any(state.decks) or state.discard):
        return Refill(low)
    return Pass()


def choose_fight(state: State, seat: int) -> Action:
    me = state.players[seat]
    frame = state.stack[-1]
    assert frame.square is not None
    power = tile_info(state.tiles[frame.square].code).power
    order = state.turn_order()
    table = {s: p.fight for s in order if (p := state.players[s]).fight is not None}
    reach: list[tuple[int, float, Fight]] = []
    for action in play_options(me, Fight):
        assert isinstance(action, Fight)
        plays = {**table, seat: _play(action)}
        ranked = dict(ranking(state, plays, None))
        if ranked[seat] >= power:
            leads = all(ranked[seat] > t for s, t in ranked.items() if s != seat)
            reach.append((0 if leads else 1, _cost(action), action))
    if reach and (total(me) > 0 or any(r[0] == 0 for r in reach)):
        return min(reach, key=lambda t: (t[0], t[1], str(t[2])))[2]
    return Decline()


def policy(state: State, legal: list[Action] | None = None) -> Action:
    """The heuristic decision for whoever owes one in ``state`` (a possibly sampled state).

    ``legal`` is only consulted for decisions whose options are cheap to list anyway; the turn
    action is built directly (its legal list can be long)."""
    frame = state.stack[-1]
    seat = frame.seat
    me = state.players[seat]
    step = frame.step
    if step == "turn":
        return choose_action(state, seat)
    if step == "target":
        return choose_target(state, seat)
    if step in ("refill", "setup_draw"):
        return choose_draw(state, seat, [i + 1 for i, d in enumerate(state.decks) if d])
    if step == "fight_play":
        return choose_fight(state, seat)
    if step == "lose":
        assert frame.colour is not None
        if me.play is not None and me.play.colour == frame.colour:
            cards = me.play.cards
        else:
            cards = [c for c in me.hand if CARD_COLOUR[c] == frame.colour]
        return Lose(min(cards, key=lambda c: (CARD_NUMBER[c], card_key(c))))
    if step == "gold":
        return Gold(wanted(me.crystals, frame.n, state.supply))
    if step == "capsule":
        owned = [gadget_colour(g) for g in me.gadgets if gadget_type(g) == "refining-capsule"]
        return Capsule(max(owned, key=lambda c: (me.crystals[c] % 2, state.supply[c] > 0,
                                                 -COLOUR_INDEX[c])))
    if step == "return":
        return Return(give_up(me.crystals, excess(me)))
    if step == "lose_crystals":
        return LoseCrystals(give_up(me.crystals, min(frame.n, total(me))))
    raise ValueError(f"no heuristic for step {step!r}")


def _closest(action: Action, legal: list[Action]) -> Action:
    """``action`` if legal, else a legal decision of the same kind, else the first one."""
    if action in legal:
        return action
    same = [a for a in legal if a.verb == action.verb]
    if isinstance(action, Buy | Drill):
        same = [a for a in legal if type(a) is type(action)
                and getattr(a, "gadgets", None) == getattr(action, "gadgets", None)] or same
    return (same or [a for a in legal if isinstance(a, Pass)] or legal)[0]


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The easy player's decision: a state sampled from ``view`` (any sample gives the same
    decision, as the policy never reads the sampled parts), then the matching legal decision."""
    if len(legal) == 1:
        return legal[0]
    state = determinize(view, legal, rng)
    return _closest(policy(state, legal), legal)


__all__ = ["choose", "give_up", "policy", "target_colours", "wanted"]
