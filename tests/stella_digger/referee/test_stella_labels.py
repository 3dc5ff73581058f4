"""Stella Digger's decisions in players' words on buttons and selects (issue 12); the
notation stays for /stella do and the log."""

from __future__ import annotations

from games.stella_digger.texts import choice_label

VIEW = {"decks": [{"count": 11, "top": "blue"}, {"count": 3, "top": None}]}


def test_decisions_read_in_players_words() -> None:
    assert choice_label(VIEW, "draw 1") == "Deck 1 (blue on top, 11 left)"
    assert choice_label(VIEW, "draw 2") == "Deck 2 (3 left)"
    assert choice_label(VIEW, "buy refining-capsule/blue pay=green,pink") == \
        "Buy Refining Capsule, blue - pay green + pink"
    assert choice_label(VIEW, "buy super-drill/blue support-drone/pink pay=blue,blue,pink") == \
        "Buy Super Drill, blue and Support Drone, pink - pay blue + blue + pink"
    assert choice_label(VIEW, "drill C2 down pay=blue,green,pink") == \
        "Large Drill on C2 facing down - pay blue + green + pink"
    assert choice_label(VIEW, "mine blue-4 super=pink") == "Mine with blue-4 made pink by a Super Drill"
    assert choice_label(VIEW, "exchange blue>green") == "Exchange 2 blue for 1 green"
    assert choice_label(VIEW, "refill discard=blue-1,pink-2") == "Refill discarding blue-1, pink-2"
    assert choice_label(VIEW, "buy enhanced-power/blue …") == "Buy Enhanced Power, blue …"
    assert choice_label(VIEW, "pass") == "Pass"


def test_a_card_held_twice_is_two_options_of_the_discard_select() -> None:
    from games.stella_digger import PRESENTATION

    view = {"players": {"a": {"hand": ["pink-3", "blue-1", "pink-3"]}}}
    found = PRESENTATION.multi(view, "a", "refill", ["refill", "refill discard=pink-3"])
    assert found is not None
    options, least, most = found
    assert [v for _, v in options] == ["blue-1", "pink-3", "pink-3#2"] and (least, most) == (0, 3)
    assert PRESENTATION.compose("refill", ["pink-3", "pink-3#2"]) == "refill discard=pink-3,pink-3"
    assert PRESENTATION.compose("refill", []) == "refill"
