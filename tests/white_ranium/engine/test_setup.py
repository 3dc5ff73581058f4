"""C2-C10 and R1-R6: the cards, the board, the pieces, the swaps and the colour choice."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import IllegalDecision
from engine.white_ranium.board import BASE_PLACE, INNER, PLACES, RING
from engine.white_ranium.components import (
    DECK_IDENTITIES,
    RING_CARDS,
    card_str,
    face_str,
    flip_long,
    flip_short,
    identity,
    parse_card,
    parse_face,
    rotate,
)

from ..conftest import G, Table, table

FOUR = ["p1", "p2", "p3", "p4"]


def test_c2_r9_rotate_turns_both_faces() -> None:
    """R9 A: u<->d, r<->l on both faces: red-url becomes red-rdl; the symbol stays."""
    assert card_str(rotate(parse_card("red-url/blue-ul:4"))) == "red-rdl/blue-dr:4".replace(
        "blue-dr", "blue-rd")


def test_c2_every_face_and_card_text_reads_back() -> None:
    """Every face (a colour, one to four exits) is named as parse_face reads it, and every card
    of the deck (both faces, a symbol or none) as parse_card reads it: the texts made once
    (``FACE_TEXTS``) are the faces'."""
    faces = [colour << 4 | exits for colour in range(4) for exits in range(1, 16)]
    for face in faces:
        assert parse_face(face_str(face)) == face
    for visible in faces[::7]:
        for hidden in faces[::5]:
            for symbol in (0, 2, 6):
                card = visible | hidden << 6 | symbol << 12
                assert parse_card(card_str(card)) == card
    assert face_str(2 << 4 | 0b1010) == "blue-rl"  # C1 order: white, red, blue, yellow


def test_r9_flip_long_swaps_faces_and_flip_short_also_turns() -> None:
    """R9 B, C: over the long side the faces swap; over the short side they swap and turn."""
    card = parse_card("white-rdl/blue-ud:2")
    assert card_str(flip_long(card)) == "blue-ud/white-rdl:2"
    assert card_str(flip_short(card)) == "blue-ud/white-url:2"
    assert flip_long(flip_long(card)) == card and rotate(rotate(card)) == card
    assert flip_short(card) == rotate(flip_long(card))


def test_c4_every_ring_card_changes_colour_when_turned_over() -> None:
    """C4: 32 cards, 20 with a symbol (each of 2-6 on four), each colour 16 faces."""
    assert len(RING_CARDS) == 32
    symbols = Counter(s for *_, s in RING_CARDS if s)
    assert symbols == {2: 4, 3: 4, 4: 4, 5: 4, 6: 4}
    faces = Counter(face.split("-")[0] for _, front, back, _ in RING_CARDS for face in (front, back))
    assert set(faces.values()) == {16}
    assert all(front.split("-")[0] != back.split("-")[0] for _, front, back, _ in RING_CARDS)


def test_r3_new_board_has_crossings_in_the_centre_and_each_card_once() -> None:
    """R3, C3, C8: base crossings C4 white, D4 red, D3 blue, C3 yellow; the 32 ring cards once
    each, on the ring; face and orientation come from the seed."""
    state = G.new_game(FOUR, {}, seed=3)
    for colour, place in BASE_PLACE.items():
        assert card_str(state.board[place]) == f"{colour}-urdl/{colour}-urdl"
    assert sorted(identity(c) for c in state.board) == list(DECK_IDENTITIES)
    other = G.new_game(FOUR, {}, seed=4)
    assert state.board != other.board
    assert G.new_game(FOUR, {}, seed=3).board == state.board


def test_r3_faces_and_orientations_vary() -> None:
    """R3: a ring card lands front or back up, as listed or turned 180 degrees."""
    fronts = {parse_card(f"{f}/{b}" + (f":{s}" if s else "")) for _, f, b, s in RING_CARDS}
    seen = Counter()
    for seed in range(5):
        state = G.new_game(FOUR, {}, seed=seed)
        for p in RING:
            c = state.board[p]
            seen["front"] += c in fronts
            seen["rotated"] += rotate(c) in fronts
            seen["back"] += flip_long(c) in fronts
            seen["both"] += flip_short(c) in fronts
    assert all(seen[k] > 10 for k in ("front", "rotated", "back", "both")), seen


@pytest.mark.parametrize(("n", "units"), [(4, ["B2", "B5", "E2", "E5"]), (3, ["B2", "E2", "E5"]),
                                         (2, ["B2", "E2", "E5"])])
def test_c10_r4_pieces_by_player_count(n: int, units: list[str]) -> None:
    """C8, C10, R4, R23: ranium on the inner corners (not over white with 2-3 players), crews on
    their crossings (no white with 3), 9 markers, loaders on 3, 10, 18."""
    state = G.new_game(FOUR[:n], {}, seed=1)
    s = G.summary(state)
    assert s["ranium"] == units
    assert s["supply"] == {"markers": 9, "ranium": 0}
    assert s["loaders"] == {"1": 3, "2": 10, "3": 18}
    crews = {"white", "red", "blue", "yellow"} - ({"white"} if n == 3 else set())
    assert set(s["crews"]) == crews
    assert all(c["at"] == c["base"] for c in s["crews"].values())
    assert all(PLACES.index(u) in INNER for u in units)


def test_r1_seats_shuffled_and_start_player_drawn_with_the_seed() -> None:
    """R1: new_game seats the players in a seeded order and draws the start player."""
    orders = {tuple(p.id for p in G.new_game(FOUR, {}, seed=s).players) for s in range(12)}
    starts = {G.new_game(FOUR, {}, seed=s).start for s in range(12)}
    assert len(orders) > 1 and len(starts) > 1
    again = G.new_game(FOUR, {}, seed=7)
    assert [p.id for p in again.players] == [p.id for p in G.new_game(FOUR, {}, seed=7).players]


def _setup_table(n: int = 4, **setup: object) -> Table:
    names = ("ann", "bob", "cy", "dee")[:n]
    doc = table(names, **setup)
    doc["setup"].pop("colours")
    doc["setup"].pop("swaps_left")
    return Table(doc)


def test_r5_two_swaps_then_colours() -> None:
    """R5: the start player swaps twice; the cards keep face and orientation; the unit on an
    inner corner stays on its place."""
    t = _setup_table(cells={"A1": "red-ur/yellow-udl", "B2": "blue-ud/red-urd:6"},
                     ranium=["B2"])
    assert t.owes() == [("ann", "swap")]
    t.do("ann", "swap B2 A1")
    s = t.summary
    assert s["board"]["A1"] == "blue-ud/red-urd:6" and s["board"]["B2"] == "red-ur/yellow-udl"
    assert s["ranium"] == ["B2"] and s["swaps_left"] == 1
    t.do("ann", "swap A2 A3")
    assert t.summary["phase"] == "colours" and t.summary["swaps_left"] == 0


def test_r5_done_stops_early_and_centre_cannot_be_swapped() -> None:
    """R5: 'done' ends the swaps; the four centre crossings never move."""
    t = _setup_table()
    with pytest.raises(IllegalDecision, match="centre"):
        G.apply(t.state, "ann", "swap C3 A1")
    assert all(not ("C3" in a or "C4" in a or "D3" in a or "D4" in a) for a in t.legal())
    t.do("ann", "done")
    assert t.summary["phase"] == "colours"


def test_r6_colours_counter_clockwise_start_player_last_and_automatic() -> None:
    """R6, R24: from the start player's right neighbour counter-clockwise; the last choice,
    which has one answer, is made at once; then the start player's turn begins."""
    t = _setup_table(4, start_player="bob")
    t.do("bob", "done")
    assert t.owes() == [("ann", "colour")]
    t.do("ann", "colour red")
    assert t.owes() == [("dee", "colour")]
    with pytest.raises(IllegalDecision):
        G.apply(t.state, "dee", "colour red")
    t.do("dee", "colour white")
    assert t.owes() == [("cy", "colour")]
    t.do("cy", "colour yellow")
    s = t.summary
    assert s["players"]["bob"]["colours"] == ["blue"]
    assert s["phase"] == "play" and s["turn"] == "bob" and s["round"] == 1
    assert s["players"]["ann"]["pile"] == 5 and s["crews"]["red"]["player"] == "ann"


def test_r6_r23_white_cannot_be_chosen_by_three() -> None:
    """R6, R23: with 3 players white is not in play."""
    t = _setup_table(3)
    t.do("ann", "done")
    assert "colour white" not in t.legal()
    with pytest.raises(IllegalDecision):
        G.apply(t.state, t.owes()[0][0], "colour white")


def test_r6_r22_two_players_choose_p_s_p_s() -> None:
    """R6, R22: the other player first, then the start player, twice; the first colour gives
    the symbol cards."""
    t = _setup_table(2)
    t.do("ann", "done")
    assert t.owes() == [("bob", "colour")]
    t.do("bob", "colour blue")
    t.do("ann", "colour white")
    t.do("bob", "colour red")
    s = t.summary
    assert s["players"]["bob"]["colours"] == ["blue", "red"]
    assert s["players"]["ann"]["colours"] == ["white", "yellow"]
    assert s["turn"] == "ann"
    pile = list(t.state.players[1].pile)
    assert sorted(pile) == ["blue-2", "blue-3", "blue-4", "blue-5", "blue-6"]


def test_r6_strategy_cards_form_a_hand() -> None:
    """R6, R17: with strategy cards the five form the hand, no pile."""
    doc = table(("ann", "bob", "cy"), cards="strategy")
    doc["setup"].pop("colours")
    t = Table(doc)
    t.do("cy", "colour red")
    t.do("bob", "colour blue")
    s = t.summary
    assert s["players"]["ann"]["hand"] == [f"yellow-{n}" for n in range(2, 7)]
    assert s["players"]["ann"]["pile"] == 0
