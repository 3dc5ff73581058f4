"""Mining Colony's decisions in words (issue 28): what each button, select option and
autocomplete choice reads; the notation stays the value."""

from __future__ import annotations

from games.mining_colony.labels import choice_label

VIEW = {"zones": {"1": {"tiles": ["t3-03"], "items": ["crystal/purple", "worker/orange"]},
                  "2": {"tiles": [], "items": []}}}


def test_each_verb_in_words() -> None:
    cases = {
        "play 23 bottom=2,7": "Bid 23; under the deck: 2, then 7",
        "play 23": "Bid 23",
        "refresh bottom=23,2,7": "Refresh (1 credit): 23, then 2, then 7 under the deck",
        "take 1": "Zone 1: tile t3-03, purple crystal, orange worker",
        "take 2": "Zone 2: empty",
        "place t4-01 B2 90": "Tile t4-01 on B2, turned 90°",
        "place t1-05 C3 0": "Tile t1-05 on C3",
        "put worker/red A1": "Red worker on A1",
        "put crystal/purple B4 from=staging": "Staged purple crystal on B4",
        "stage crystal/purple": "Stage the purple crystal",
        "discard ship/red from=staging": "Discard the staged red ship",
        "discard t5-03": "Discard the tile t5-03",
        "buy pad C1": "Landing pad token on C1",
        "buy any C1": "Multi-coloured storage unit token on C1",
        "build outpost/red B1 via=A1,C1": "Red outpost on B1 from A1 and C1",
        "build station/purple C2 via=B2,D2": "Purple science station on C2 from B2 and D2",
        "exchange crystal/purple>white": "Swap the purple crystal for a white crystal (1 credit)",
        "done": "End my development turn",
    }
    assert {text: choice_label(VIEW, text) for text in cases} == cases


def test_a_decision_being_built_keeps_its_ellipsis() -> None:
    assert choice_label(VIEW, "place t5-09 …") == "Tile t5-09 …"
    assert choice_label(VIEW, "place t5-09 B3 …") == "Tile t5-09 on B3 …"
    assert choice_label(VIEW, "frobnicate 3") == "frobnicate 3"  # unknown: the notation


def test_a_lost_solo_game_says_what_was_missing() -> None:
    """Issue 28: the solo end said "loss" without saying why (R24: 36 squares developed and a
    structure of each of the 7 colours)."""
    from games.mining_colony.texts import solo_missing

    colony = {f"{c}{r}": "blank" for c in "ABCDEF" for r in range(1, 7)}
    colony.update({"A1": "undeveloped", "B6": "undeveloped", "C3": "dome:worker/red"})
    view = {"players": {"ann": {"colony": colony, "structures": [
        "outpost/blue", "outpost/orange", "station/purple", "station/white", "station/yellow"]}}}
    assert solo_missing(view, "ann") == (
        "Missing: 2 undeveloped squares; no red outpost, green science station.")
    every = ["outpost/red", "outpost/blue", "outpost/orange", "station/purple",
             "station/yellow", "station/white", "station/green"]
    full = {"players": {"ann": {"colony": {"A1": "blank"}, "structures": every}}}
    assert solo_missing(full, "ann") == ""


def test_each_verb_in_japanese_and_german() -> None:
    """Issue 30: every label, and every verb button, comes from the catalogs: in ja and de it
    reads differently from English and keeps the notation's names (tiles, squares, cards)."""
    import re

    import texts
    from games.mining_colony import PRESENTATION

    cases = ["play 23 bottom=2,7", "play 23", "refresh bottom=23,2,7", "take 1", "take 2",
             "place t4-01 B2 90", "place t1-05 C3 0", "put worker/red A1",
             "put crystal/purple B4 from=staging", "stage crystal/purple",
             "discard ship/red from=staging", "discard t5-03", "buy pad C1", "buy any C1",
             "build outpost/red B1 via=A1,C1", "exchange crystal/purple>white", "done"]
    english = {text: choice_label(VIEW, text) for text in cases}
    verbs = {verb: PRESENTATION.label(verb) for verb in PRESENTATION.verb_order}
    for lang in ("ja", "de"):
        with texts.using(lang):
            for text in cases:
                said = choice_label(VIEW, text)
                assert said != english[text], (lang, said)
                names = re.findall(r"\bt\d-\d\d\b|\b[A-F][1-6]\b|\b\d+\b", english[text])
                assert all(name in said for name in names), (lang, said, names)
            assert all(PRESENTATION.label(v) != verbs[v] for v in verbs), lang
    with texts.using("ja"):
        assert choice_label(VIEW, "take 1") == "ゾーン1：タイルt3-03、紫のクリスタル、オレンジの作業員"
    with texts.using("de"):
        assert choice_label(VIEW, "put crystal/purple B4 from=staging") == \
            "Bereitgestellt: lila Kristall auf B4"
