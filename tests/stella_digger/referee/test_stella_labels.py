"""Stella Digger's decisions in players' words on buttons and selects (issue 12); the
notation stays for /stella do and the log."""

from __future__ import annotations

import re

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


def test_labels_in_japanese_and_german_keep_only_the_notation() -> None:
    """The private selects' and buttons' words in the reader's language (issue 30): no English
    word of the label is left, the cards and squares stay as they are."""
    import texts
    from games.stella_digger import PRESENTATION
    from games.stella_digger.texts import discard_choice, draw_runs

    decisions = ["draw 1", "buy refining-capsule/blue pay=green,pink", "mine blue-4 super=pink",
                 "drill C2 down pay=blue,green,pink", "exchange blue>green", "pass",
                 "refill discard=blue-1,pink-2", "gold pink,pink", "fight pink-4 boost=green-3"]
    english = {text: choice_label(VIEW, text) for text in decisions}
    view = {"players": {"a": {"hand": ["pink-3", "blue-1"], "limits": {"hand": 4},
                              "hand_size": 2}}, "decks": [{"count": 3}, {"count": 2}]}
    words = ("Deck", "Buy", "Mine with", "Large Drill", "facing", "Exchange", "Pass", "Refill",
             "discarding", "Gold tile", "Fight with", "on top", "left", "Discard", "Draw all",
             "from deck", "blue", "green", "pink")
    for lang, deck in (("ja", "山札 1（一番上は青、残り 11）"), ("de", "Stapel 1 (blau oben, 11 übrig)")):
        with texts.using(lang):
            assert choice_label(VIEW, "draw 1") == deck
            labels = [choice_label(VIEW, text) for text in decisions]
            labels += [label for label, _ in draw_runs(view, "a", ["draw 1", "draw 2"])]
            found = discard_choice(view, "a", "refill", ["refill"])
            assert found is not None
            labels += [label for label, _ in found[0]]
            labels += [PRESENTATION.label(verb) for verb in PRESENTATION.verb_order]
        for text, label in zip(decisions, labels, strict=False):
            assert label != english[text], (lang, label)
        for label in labels:
            cleaned = " ".join(w for w in label.split() if not any(c in w for c in "-=/>"))
            left = [w for w in words if re.search(rf"\b{w}\b", cleaned)]
            assert not left, (lang, label, left)
        assert "blue-4" in labels[2] and "C2" in labels[3]
