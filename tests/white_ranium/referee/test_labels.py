"""White Ranium's decisions in words (issue 28): what each button, select option and
autocomplete choice reads; the notation stays the value."""

from __future__ import annotations

from games.white_ranium.labels import choice_label

PLAY, SWAP = {"phase": "play"}, {"phase": "swap"}


def test_each_verb_in_words() -> None:
    cases = {
        "swap B2 C5": "Swap the cards on B2 and C5",
        "colour red": "The red crew",
        "rotate C2": "Turn the card on C2 around",
        "flip-long C2": "Flip the card on C2 over its long side",
        "flip-short C2": "Flip the card on C2 over its short side",
        "move C5": "Move to C5",
        "collect": "Collect the White Ranium",
        "steal blue": "Steal from the blue crew",
        "loader 2 forward": "Space loader 2 one place clockwise",
        "loader 2 back": "Space loader 2 one place anticlockwise",
        "deliver D6 2": "Deliver 2 units at D6",
        "deliver D6 1": "Deliver 1 unit at D6",
        "tunnel E5": "Secret tunnel to E5 (3 ore)",
        "transport E5": "Transporter: send the enemy crews here to E5 (2 ore)",
        "end": "End the turn",
        "fight red-4": "Fight with red 4",
        "card yellow-3": "Play yellow 3",
        "place D2": "Put the White Ranium on D2",
        "done": "Done",
    }
    assert {text: choice_label(PLAY, text) for text in cases} == cases
    assert choice_label(SWAP, "done") == "No more swaps"


def test_two_players_name_the_crew_that_acts() -> None:
    assert choice_label(PLAY, "deliver A4 2 crew=white") == "White crew: deliver 2 units at A4"
    assert choice_label(PLAY, "collect crew=red") == "Red crew: collect the White Ranium"
    assert choice_label(PLAY, "move C5 …") == "Move to C5 …"
