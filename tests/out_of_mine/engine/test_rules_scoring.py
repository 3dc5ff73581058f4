"""R11-R13: the round score, Elf Support, Good Finds - Bad Finds; the rulebook's examples."""

from __future__ import annotations

from ..conftest import ok, table

# Carl (side 1a, card 3: blue 1, red 2, white 2): the blue tile beside the blue elf, a white
# tile beside the white elf, a white tile (not green) beside the green elf, 4 spaces empty.
CARL = "dig blue:A4,A5 white-n:B5,C5,D4,D5,E4 white-v:E1,F1,G1,G2,G3 red-s:A2,A3,B1,B2"
# Side 4a, card 1 (gold +2, woodworm -1): two gold tiles and one woodworm, 4 spaces empty.
FINDS = ("dig green-l/gold:A5,B4,B5 red-o/gold:E3,E4,F3,F4 red-i/woodworm:C5,D5,E5,F5 "
         "white-f:B3,C2,C3,C4,D4")


def carl(elves: bool) -> dict:
    _, result = table(("carl", "dora"), {"elves": elves}, [("carl", CARL), ("dora", "dig")],
                      boards={"carl": "1a", "dora": "2a"}, deck=[3, 5])
    return ok(result)["players"]["carl"]["rounds"][0]


def test_r12_carls_elves_score_eight() -> None:  # R12, the rulebook's elf example
    rec = carl(elves=True)
    assert (rec["empty"], rec["base"], rec["elves"], rec["call"], rec["score"]) == (4, 6, 2, 0, 8)


def test_r12_elves_score_nothing_with_the_option_off() -> None:  # R2, R12
    rec = carl(elves=False)
    assert (rec["elves"], rec["score"]) == (0, 6)


def test_r12_an_elf_of_a_colour_not_on_the_card_cannot_be_served() -> None:  # R12, R7
    # Side 1b has a yellow elf at C5; card 3 shows no yellow, so no yellow tile can go there.
    _, result = table(("carl", "dora"), {"elves": True}, [("carl", "dig yellow:C5")],
                      boards={"carl": "1b", "dora": "2a"}, deck=[3, 5])
    assert result == {"ok": False, "index": 0, "error": "Card 3 shows no yellow tile."}


def finds(on: bool, dig: str = FINDS) -> dict:
    _, result = table(("ann", "bob"), {"finds": on}, [("ann", dig), ("bob", "dig")],
                      boards={"ann": "4a", "bob": "2a"}, deck=[1, 5])
    return ok(result)["players"]["ann"]["rounds"][0]


def test_r13_the_finds_example_scores_nine() -> None:  # R13, the rulebook's finds example
    rec = finds(True)
    assert (rec["empty"], rec["base"], rec["finds"], rec["score"]) == (4, 6, 3, 9)


def test_r13_finds_score_nothing_with_the_option_off() -> None:  # R2, R13
    assert finds(False)["score"] == 6


def test_r13_elements_the_card_does_not_name_score_nothing() -> None:  # R13
    rec = finds(True, "dig white-w/silver:A5,B4,B5,C3,C4")  # card 1 names gold and woodworm
    assert rec["finds"] == 0


def test_r11_more_than_ten_empty_scores_zero_without_bonus() -> None:  # R11
    _, result = table(("carl", "dora"), {"elves": True, "finds": True},
                      [("carl", "dig blue/gold:A4,A5 white-n:B5,C5,D4,D5,E4"), ("dora", "dig")],
                      boards={"carl": "1a", "dora": "2a"}, deck=[3, 5])
    rec = ok(result)["players"]["carl"]["rounds"][0]
    assert rec["empty"] == 13
    assert (rec["base"], rec["call"], rec["elves"], rec["finds"], rec["score"]) == (0, 0, 0, 0, 0)


def test_r11_a_round_score_may_be_negative() -> None:  # R11
    # card 3 (woodworm -1): exactly 10 spaces covered, one woodworm: 10 - 10 - 1 = -1
    _, result = table(("ann", "bob"), {"finds": True},
                      [("ann", "dig blue/woodworm:B2,B3 red-o:C2,C3,D2,D3 red-o:E2,E3,F2,F3"),
                       ("bob", "dig")], boards={"ann": "10a", "bob": "2a"}, deck=[3, 5],
                      scores={"ann": {"total": 5}})
    summary = ok(result)
    rec = summary["players"]["ann"]["rounds"][0]
    assert (rec["empty"], rec["base"], rec["finds"], rec["score"]) == (10, 0, -1, -1)
    assert summary["players"]["ann"]["total"] == 4


def test_scored_grid_shows_colours_on_rock_and_gallery() -> None:  # notation: rounds.grid
    rec = carl(elves=True)
    assert rec["grid"] == ["BWWW###", "B##WW.#", "R####.W", "RR####W", "#R..WWW"]
    assert rec["board"] == "1a" and rec["card"] == 3 and rec["time"] is None
    rec["grid"][0] = "changed by a reader"  # each view's grid is its own (drawn once, kept)
    assert carl(elves=True)["grid"] == ["BWWW###", "B##WW.#", "R####.W", "RR####W", "#R..WWW"]


def test_r2_both_variants_at_once_each_counts() -> None:  # R2, R12, R13
    # The finds example's board (side 4a) with Elf Support on too: its green L lies on the
    # green elf's space A5 (+1), the finds still score 3; the other elves are not served.
    _, result = table(("ann", "bob"), {"finds": True, "elves": True},
                      [("ann", FINDS), ("bob", "dig")], boards={"ann": "4a", "bob": "2a"},
                      deck=[1, 5])
    rec = ok(result)["players"]["ann"]["rounds"][0]
    assert (rec["empty"], rec["base"], rec["elves"], rec["finds"], rec["score"]) == (4, 6, 1, 3, 10)
