"""determinize(view) samples a full state that agrees with everything the view shows."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.rng import Rng
from engine.stella_digger.actions import Fight
from engine.stella_digger.agents.determinize import determinize, fast_clone, quiet_apply
from engine.stella_digger.board import TERRAIN
from engine.stella_digger.components import CORE_POOL, TILE_PILES
from engine.stella_digger.invariants import violations
from engine.stella_digger.state import Frame, Player
from tests.playouts import playout
from tests.stella_digger.conftest import Table, doc, tiles

from .conftest import GAME, Holder


def _frames(stack: list[Frame]) -> list[tuple[object, ...]]:
    return [(f.step, f.seat, f.n, f.colour, f.square) for f in stack]


def _used_off_the_table(p: Player) -> bool:
    """P10: a gadget type used this round that no play on the table shows any more (the plays
    went back after mining completion, or an accident took the card)."""
    shown = {kind for play in (p.play, p.fight) if play is not None
             for kind, there in (("enhanced-power", play.boost), ("super-drill", play.super))
             if there is not None}
    return set(p.used) != shown


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (2, 4), (4, 5)])
def test_samples_agree_with_the_view(players: int, seed: int) -> None:
    """At every other decision of a game: the sample looks the same from the deciding seat,
    offers the same legal decisions, conserves cards, crystals, tiles and accident cards, runs
    the same steps for the rest of the round and has the same public round facts."""
    _check_samples(players, seed, red_tears=seed % 2 == 0)


def _check_samples(players: int, seed: int, red_tears: bool
                   ) -> tuple[set[str], bool, set[str]]:
    """Returns the decisions checked, whether the decks were rebuilt at one of them, and whose
    gadget uses ("own" for the deciding seat, "other") had to come from the view alone."""
    checked = 0
    decisions: set[str] = set()
    rebuilt = False
    used_off_table: set[str] = set()
    for i, step in enumerate(playout(players, seed, red_tears=red_tears)):
        state = step.state
        if state.ended or i % 2:
            continue
        owed = GAME.to_act(state)
        assert owed is not None
        view = GAME.view(state, owed.player)
        legal = GAME.legal(state)
        sample = determinize(view, legal, Rng(Holder(seed * 1000 + i)))
        assert GAME.view(sample, owed.player) == view
        assert GAME.legal(sample) == legal
        assert violations(sample) == []
        # every step still to run this round is rebuilt exactly, monster losses included (R17)
        assert _frames(sample.stack) == _frames(state.stack), owed.decision
        assert sample.marker_from == state.marker_from  # R14
        assert sample.reset_pending == state.reset_pending  # R9
        # P10: every player's gadget types used this round, also those no play shows any more
        assert [sorted(p.used) for p in sample.players] == [sorted(p.used) for p in state.players]
        checked += 1
        decisions.add(owed.decision)
        rebuilt |= state.reset_pending
        used_off_table |= {"own" if p.id == owed.player else "other"
                           for p in state.players if _used_off_the_table(p)}
    assert checked > 20
    return decisions, rebuilt, used_off_table


def test_the_playouts_reach_monster_losses_deck_rebuilds_and_gadgets_used_off_the_table() -> None:
    """The games above include the facts the view gives (not only the easy cases)."""
    decisions: set[str] = set()
    rebuilt = False
    used_off_table: set[str] = set()
    for players, seed, red_tears in [(4, 11, True), (3, 2, True), (4, 5, False)]:
        d, r, u = _check_samples(players, seed, red_tears=red_tears)
        decisions |= d
        rebuilt |= r
        used_off_table |= u
    assert "lose-crystals" in decisions and rebuilt
    assert used_off_table == {"own", "other"}  # P10


def test_hidden_parts_come_from_what_the_seat_has_not_seen() -> None:
    state = None
    for step in playout(3, 11, max_steps=4000):
        if step.state.round >= 6 and not step.state.ended:
            state = step.state
            break
    assert state is not None and not state.ended
    owed = GAME.to_act(state)
    assert owed is not None
    view = GAME.view(state, owed.player)
    me = state.seat_of(owed.player)
    hands, tiles = set(), set()
    for k in range(12):
        sample = determinize(view, GAME.legal(state), seed=k)
        # the viewer's own hand is never resampled
        assert sorted(sample.players[me].hand) == sorted(state.players[me].hand)
        for seat, p in enumerate(sample.players):
            if seat != me:
                hands.add(tuple(sorted(p.hand)))
        hidden = {sq: t.code for sq, t in sample.tiles.items() if not t.face_up}
        tiles.add(tuple(sorted(hidden.items())))
        # face-down tiles come from their zone's pile, less the face-up tiles of that zone
        for zone in ("a", "b", "c", "Y"):
            pile = Counter(CORE_POOL if zone == "Y" else TILE_PILES[zone])
            used = Counter(t.code + (">" if t.arrow else "") for sq, t in sample.tiles.items()
                           if TERRAIN[sq] == zone and sq not in sample.blockades)
            assert not used - pile, zone
        # the hidden accident cards are the ones neither on Safety Forecast nor revealed
        assert sorted(sample.danger + sample.alarm) == sorted(
            c for c in ("blue", "green", "pink", "purple")
            if c != view["accidents"]["safety"] and c not in view["accidents"]["revealed"])
    assert len(hands) > 1 and len(tiles) > 1  # samples differ in what the seat can't see


def test_same_seed_same_sample_and_spectator_views() -> None:
    for step in playout(4, 21, max_steps=4000):
        if step.state.round >= 3:
            state = step.state
            break
    view = GAME.view(state, None)
    a, b = determinize(view, seed=5), determinize(view, seed=5)
    assert GAME.summary(a) == GAME.summary(b)
    assert GAME.view(a, None) == view
    assert violations(a) == []


def test_fast_clone_is_deep_and_equal() -> None:
    for step in playout(3, 8, max_steps=4000):
        if step.state.round >= 4:
            state = step.state
            break
    copy = fast_clone(state)
    assert GAME.dump(copy) == GAME.dump(state)
    before = GAME.dump(state)
    while not copy.ended:  # playing on the copy leaves the original alone
        quiet_apply(copy, GAME.default(copy))
    assert GAME.dump(state) == before


def test_monster_losses_owed_are_rebuilt_in_their_order_after_the_foreman_moved() -> None:
    """R17: the defeated lose crystals in the fight's turn order (from bob), although dee, who
    won the monster, now holds the Foreman marker; the view lists them, so the sample owes the
    same losses in the same order."""
    t = Table(doc(("ann", "bob", "cy", "dee"), tile_map=tiles(A2="pink:1", A3="monster:6/2/3"),
                  hands={"ann": ["blue-2"], "bob": ["pink-1", "purple-4"],
                         "cy": ["green-3", "blue-1"], "dee": ["green-4", "blue-3"]},
                  gadgets={"dee": ["enhanced-power/blue"]},
                  crystals={"ann": {"blue": 1, "pink": 2}, "bob": {"blue": 2},
                            "cy": {"green": 2, "purple": 1}}))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "mine pink-1"), ("cy", "pass"),
           ("dee", "pass"))
    t.play(("bob", "decline"), ("cy", "decline"), ("dee", "fight green-4 boost=blue-3"),
           ("ann", "decline"))
    state = t.state
    assert t.to_act == ("bob", "lose-crystals") and t.s["start_player"] == "dee"
    for viewer in ("bob", None):
        view = GAME.view(state, viewer)
        assert [owed["player"] for owed in view["monster_losses"]] == ["bob", "cy", "ann"]
        sample = determinize(view, GAME.legal(state) if viewer else None, seed=3)
        assert _frames(sample.stack) == _frames(state.stack)
    # playing on, the sample asks the same players for the same losses
    sample = determinize(GAME.view(state, "bob"), GAME.legal(state), seed=4)
    for text in ("lose-crystals blue,pink", "lose-crystals green,green", "lose-crystals pink,pink"):
        owed = GAME.to_act(state)
        assert owed is not None and GAME.to_act(sample) == owed
        assert GAME.legal(sample) == GAME.legal(state)
        GAME.apply(state, owed.player, text)
        GAME.apply(sample, owed.player, text)
    assert GAME.to_act(sample) == GAME.to_act(state) == ("dee", "target")


def test_a_deck_rebuild_this_round_resets_the_accidents_in_the_sample_too() -> None:
    """R9, R12: after a rebuild the round's accidents are followed by a reset; the view says the
    decks were rebuilt, so the sample resets too."""
    t = Table(doc(decks=[["pink-1"], [], []],
                  hands={"ann": ["blue-1"], "bob": ["green-2", "green-3"], "cy": []},
                  accidents={"safety": "green", "danger": ["purple", "pink"], "alarm": ["blue"]}))
    t.play(("ann", "target A2"), ("ann", "mine blue-1"), ("bob", "refill discard=green-2"))
    t.do("bob", t.legal()[0], t.legal()[0])
    state = t.state
    assert GAME.to_act(state) == ("cy", "action") and state.reset_pending
    sample = determinize(GAME.view(state, "cy"), GAME.legal(state), seed=2)
    assert sample.reset_pending
    events = GAME.apply(sample, "cy", "pass")
    assert "accident-reset" in [e.kind for e in events]
    GAME.apply(state, "cy", "pass")
    acc = GAME.view(sample, "cy")["accidents"]
    assert acc == {**GAME.view(state, "cy")["accidents"], "safety": acc["safety"]}
    assert acc["danger"] == 3 and acc["revealed"] == []


def test_a_gadget_used_to_mine_stays_used_in_the_monster_fight_of_the_sample() -> None:
    """P10: cy used her Enhanced Power to mine; by the monster fight her play has left the table,
    but the view still says the gadget was used, so the sample offers cy no boost either."""
    t = Table(doc(tile_map=tiles(A2="green:1", A3="monster:4/1/2"),
                  hands={"ann": ["blue-2"], "bob": ["green-4", "purple-1"],
                         "cy": ["blue-1", "pink-3", "pink-4", "pink-1"]},
                  gadgets={"cy": ["enhanced-power/pink"]}))
    t.play(("ann", "target A2"), ("ann", "pass"), ("bob", "mine green-4"),
           ("cy", "mine blue-1 boost=pink-3"))
    state = t.state
    assert t.to_act == ("bob", "fight") and state.players[2].play is None
    sample = determinize(GAME.view(state, "bob"), GAME.legal(state), seed=1)
    assert sample.players[2].used == state.players[2].used == ["enhanced-power"]
    GAME.apply(sample, "bob", "decline")
    t.do("bob", "decline")
    assert GAME.to_act(sample) == GAME.to_act(state) == ("cy", "fight")
    assert "fight pink-1" in [str(a) for a in GAME.legal(sample)]
    assert not any(a.boost for a in GAME.legal(sample) if isinstance(a, Fight))
