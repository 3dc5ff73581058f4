"""legal() and check() agree; hidden numbers never change what others see (R2); perft pins."""

from __future__ import annotations

import itertools

import pytest

from engine import IllegalDecision, NotYourTurn
from engine.stella_digger import actions as A
from engine.stella_digger.board import DIRECTIONS, SQUARES
from engine.stella_digger.components import (
    ALL_GADGETS,
    CARD_COLOUR,
    CARD_COUNTS,
    COLOURS,
)
from tests.playouts import GAME, playout

CARDS = list(CARD_COUNTS)
PAYS = {k: list(itertools.combinations_with_replacement(COLOURS, k)) for k in range(1, 5)}


def universe(decision: str) -> list[A.Action]:
    """A broad set of decisions of one kind, legal or not."""
    if decision == "target":
        return [A.Target(sq) for sq in SQUARES]
    if decision == "draw":
        return [A.Draw(d) for d in (1, 2, 3)]
    if decision == "action":
        out: list[A.Action] = [A.Pass()]
        out += [A.Mine(c, s, b) for c in CARDS for s in (None, *COLOURS) for b in (None, *CARDS)]
        out += [A.Refill(d) for k in range(3) for d in itertools.combinations(CARDS, k)]
        out += [A.Buy((g,), p) for g in ALL_GADGETS for k in (2, 3) for p in PAYS[k]]
        out += [A.Drill(sq, d, p) for sq in SQUARES for d in DIRECTIONS for p in PAYS[3][:4]]
        out += [A.Exchange(a, b) for a in COLOURS for b in COLOURS]
        return out
    if decision == "fight":
        return [A.Decline()] + [A.Fight(c, s, b) for c in CARDS for s in (None, *COLOURS)
                                for b in (None, *CARDS)]
    if decision == "lose":
        return [A.Lose(c) for c in CARDS]
    if decision == "capsule":
        return [A.Capsule(c) for c in COLOURS]
    cls = {"return": A.Return, "gold": A.Gold, "lose-crystals": A.LoseCrystals}[decision]
    return [cls(p) for k in range(1, 5) for p in PAYS[k]]


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (4, 5), (2, 21), (4, 22)])
def test_check_accepts_exactly_the_legal_decisions(players: int, seed: int) -> None:
    for i, step in enumerate(playout(players, seed, red_tears=seed % 2 == 0)):
        if i % 9:
            continue
        state = step.state
        owed = GAME.to_act(state)
        if owed is None:
            break
        legal = {str(a) for a in GAME.legal(state)}
        for action in universe(owed.decision):
            try:
                GAME.check(state, owed.player, action)
                accepted = True
            except IllegalDecision as exc:
                accepted = False
                assert str(exc).endswith((".", "?")) and len(str(exc)) > 10
            assert accepted == (str(action) in legal), (owed, str(action))


def test_acting_out_of_turn_or_as_a_stranger_changes_nothing() -> None:
    state = GAME.new_game(["ann", "bob"], {}, 1)
    owed = GAME.to_act(state)
    assert owed is not None
    other = next(p.id for p in state.players if p.id != owed.player)
    before = GAME.dump(state)
    with pytest.raises(NotYourTurn, match="not your turn"):
        GAME.apply(state, other, "target A2")
    with pytest.raises(NotYourTurn, match="not playing"):
        GAME.apply(state, "mallory", "target A2")
    with pytest.raises(IllegalDecision, match="not a square"):
        GAME.apply(state, owed.player, "target Z9")
    with pytest.raises(IllegalDecision, match="can't target C3"):
        GAME.apply(state, owed.player, "target C3")
    assert GAME.dump(state) == before


def _swap_hidden_number(state, holder_seat: int) -> bool:
    """Swap a card in a hand with a same-coloured card of another number below a deck's top."""
    hand = state.players[holder_seat].hand
    for i, card in enumerate(hand):
        for deck in state.decks:
            for j in range(1, len(deck)):
                other = deck[j]
                if CARD_COLOUR[other] == CARD_COLOUR[card] and other != card:
                    hand[i], deck[j] = other, card
                    return True
    return False


@pytest.mark.parametrize("players,seed", [(2, 8), (3, 9), (4, 10)])
def test_another_players_hand_numbers_never_change_a_view(players: int, seed: int) -> None:
    """Two tables that differ only in one hand's numbers look the same to everyone else."""
    checked = 0
    for i, step in enumerate(playout(players, seed)):
        if i % 11:
            continue
        state = step.state
        twin = GAME.clone(state)
        holder = i % players
        if not _swap_hidden_number(twin, holder):
            continue
        holder_id = state.players[holder].id
        for viewer in [None, *(p.id for p in state.players if p.id != holder_id)]:
            assert GAME.view(state, viewer) == GAME.view(twin, viewer)
        assert GAME.view(state, holder_id) != GAME.view(twin, holder_id)
        assert GAME.prompt(state) == GAME.prompt(twin)
        checked += 1
    assert checked >= 3


# -- perft-style pins -----------------------------------------------------------------------
# The number of legal decisions along fixed seeded games where every decision is the R21
# default: a change in any rule that alters what is legal moves these numbers.

def default_line(players: int, seed: int, steps: int) -> list[tuple[str, int]]:
    state = GAME.new_game(["ann", "bob", "cy", "dee"][:players], {}, seed)
    out = []
    for _ in range(steps):
        owed = GAME.to_act(state)
        if owed is None:
            break
        out.append((owed.decision, len(GAME.legal(state))))
        GAME.apply(state, owed.player, GAME.default(state))
    return out


def test_perft_opening_is_two_targets_then_three_decks() -> None:
    line = default_line(3, 1, 14)
    assert line[0] == ("target", 2)  # R4: A2 or B1
    assert [d for d, _ in line[1:13]] == ["draw"] * 12  # 3 players x 4 cards
    # R21 default: the first non-empty deck, so deck 1 (11 cards, R3) runs out after 11 draws
    assert [n for _, n in line[1:13]] == [3] * 11 + [2]
    assert line[13][0] == "action"


def test_perft_first_action_counts_follow_from_the_hand() -> None:
    """With no crystals and no gadgets: one Mine per distinct card, one Refill per distinct
    sub-multiset of the hand, and Pass."""
    state = GAME.new_game(["ann", "bob", "cy"], {}, 1)
    while GAME.to_act(state).decision != "action":
        GAME.apply(state, GAME.to_act(state).player, GAME.default(state))
    player = state.players[state.seat_of(GAME.to_act(state).player)]
    counts = {c: player.hand.count(c) for c in set(player.hand)}
    refills = 1
    for n in counts.values():
        refills *= n + 1
    assert len(GAME.legal(state)) == len(counts) + refills + 1


def random_line(players: int, seed: int, steps: int) -> list[tuple[str, int]]:
    out = []
    for step in playout(players, seed):
        owed = GAME.to_act(step.state)
        if owed is None or len(out) == steps:
            break
        out.append((owed.decision, len(GAME.legal(step.state))))
    return out


def test_perft_default_line_of_passes_ends_by_blockades() -> None:
    """Everyone passing blockades A2 and B1 (R14), then no target can be chosen (R18)."""
    line = default_line(2, 7, 200)
    assert [d for d, _ in line] == ["target"] + ["draw"] * 8 + ["action"] * 4
    assert line[-4:] == [("action", 21)] * 4


# (players, seed) -> (decisions counted, sum of legal-decision counts, first ten counts)
PINS = {
    (2, 7): (31, 261, [3, 3, 3, 3, 3, 3, 3, 3, 21, 21]),  # this game ends after 31 decisions
    (3, 5): (150, 3088, [3] * 10),
    (4, 3): (150, 2227, [3] * 10),
}


@pytest.mark.parametrize("players,seed", sorted(PINS))
def test_perft_pins(players: int, seed: int) -> None:
    steps, total, first = PINS[players, seed]
    line = random_line(players, seed, 150)
    assert len(line) == steps
    assert [n for _, n in line[:10]] == first
    assert sum(n for _, n in line) == total


def test_game_modules_are_looked_up_once_and_forgotten_with_a_registration() -> None:
    """``engine.game_module`` keeps what it found; registering or unregistering a game name
    forgets it all, so a name always reaches the package registered under it now."""
    import engine

    first = engine.get_game("white-ranium")
    assert engine.get_game("white-ranium") is first
    assert ("white-ranium", "game") in engine._FOUND
    engine.register("a-game-for-this-test", "engine.white_ranium")
    try:
        assert not engine._FOUND
        assert engine.get_game("a-game-for-this-test") is first
    finally:
        engine.unregister("a-game-for-this-test")
    with pytest.raises(engine.UnknownGameName):
        engine.get_game("a-game-for-this-test")
