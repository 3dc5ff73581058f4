"""Out of Mine!'s own words in Japanese and German (issue 30): the lobby's options line, the
round post, the end, a player's hand text, the buttons and labels, the workbench's menu, a
draft's verdict, the ``tile-shapes`` topic and the typed board's refusals are the catalogs'
words in the language being written; names, numbers and notation stay as they are."""

from __future__ import annotations

from typing import Any

import pytest

import texts
from engine import IllegalDecision
from engine.out_of_mine.scoring import preview
from games.out_of_mine import bench
from games.out_of_mine import texts as words

from .test_presentation import WHO, G, P, first_tiles, sided

LANGS = ["ja", "de"]


def _both(fn: Any) -> tuple[str, dict[str, str]]:
    """``fn()`` in English and in each translated language."""
    with texts.using("en"):
        english = fn()
    out = {}
    for lang in LANGS:
        with texts.using(lang):
            out[lang] = fn()
    return english, out


def test_the_options_line_reads_in_each_language() -> None:
    english, said = _both(lambda: P.options_line({"race": True, "elves": False}))
    assert english == "Race: on. Elf Support: off. Good Finds - Bad Finds: off."
    assert "レース" in said["ja"] and "エルフの支援" in said["ja"]
    assert "Wettlauf: an" in said["de"] and "Unterstützung der Elfen: aus" in said["de"]


def test_the_round_post_the_end_and_the_hand_are_in_the_readers_words() -> None:
    state = sided()
    first = G.owed(state)[0].player
    view = G.view(state, None)
    english, said = _both(lambda: P.round_summary(view, {}, WHO))
    assert "**Round 1 of 7**" in english
    assert "**ラウンド 1/7**" in said["ja"] and "**Runde 1 von 7**" in said["de"]
    assert all(f"@{p}" in said["de"] for p in view["seats"])  # the names kept
    own = G.view(state, first)
    english, said = _both(lambda: P.hand_text(own, first, 12))
    assert "Out of Mine! game #12" in english
    assert "ゲーム #12" in said["ja"] and "Partie #12" in said["de"]
    assert "**カードを開く（時計が動きます）**" in said["ja"]  # the button's own words


def test_the_final_text_counts_calls_in_each_languages_plural() -> None:
    view = {"seats": ["ann", "bob"]}
    scores = {"ann": {"total": 30, "calls": 1, "empty": 3},
              "bob": {"total": 20, "calls": 2, "empty": 0}}
    english, said = _both(lambda: words.final_text(view, scores, ["ann"], WHO))
    assert "(1 call, 3 empty)" in english and "(2 calls, 0 empty)" in english
    assert "(1 Ruf, 3 leer)" in said["de"] and "(2 Rufe, 0 leer)" in said["de"]
    assert "コール 2 回" in said["ja"] and "ゲーム終了" in said["ja"]


def test_buttons_labels_and_the_shapes_topic_are_translated() -> None:
    for verb in ("side", "open", "dig"):
        english, said = _both(lambda verb=verb: P.label(verb))
        assert english not in said.values(), verb
    english, said = _both(lambda: P.choice_label({}, "side b"))
    assert english == "My board's side B" and said["de"] == "Seite B meines Tableaus"
    english, said = _both(lambda: P.topics()["tile-shapes"])
    assert english.startswith("**Tile shapes**") and said["de"].startswith("**Plättchenformen**")
    assert "ペントミノ" in said["ja"]


def test_the_workbench_menu_and_a_drafts_verdict() -> None:
    state = sided(race=False)
    player = G.owed(state)[0].player
    view = G.view(state, player)
    nxt = G.options(state, player, "dig")
    english, said = _both(lambda: bench.hands(view, player, [], nxt))
    assert said["de"] != english and said["ja"] != english
    assert [h[1] for h in said["de"]] == [h[1] for h in english]  # the same hands offered
    assert any(label.startswith(("gelb", "blau", "grün", "rot", "weiß"))
               for label, _h, _d in said["de"])
    draft = first_tiles(state, player)
    action = G.parse(draft)
    english, said = _both(lambda: words.draft_ready(preview(state, player, action),
                                                    preview(state, player, action, caller=True),
                                                    False))
    assert english.startswith(("It is complete", "Not complete"))
    assert said["de"].startswith(("Es ist vollständig", "Nicht vollständig"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_malformed_typed_board_is_refused_in_the_readers_words(lang: str) -> None:
    with texts.using("en"), pytest.raises(IllegalDecision) as english:
        bench.typed_words("abc", [])
    with texts.using(lang), pytest.raises(IllegalDecision) as said:
        bench.typed_words("abc", [])
    assert str(said.value) != str(english.value) and "5" in str(said.value)
