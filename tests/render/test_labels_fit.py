"""Labels fit in every language (issue 30): every game's pictures (``tests/render/labels.py``:
boards, a player's own picture, the end's scores, the picture topics, from a seeded game) drawn
in English, Japanese and German, each text drawn recorded with its box: none lies outside the
image it is drawn on, no two different texts overlap. Known problems are counted per game,
language and picture in ``labels_allow.json``, which may only shrink (its game's engineers fix
them: docs/i18n.md lists them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

import games
import texts
from render import theme
from tests.render import labels

ALLOW = Path(__file__).with_name("labels_allow.json")


def allowed() -> dict[str, dict[str, dict[str, int]]]:
    return json.loads(ALLOW.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", texts.LOCALES)
@pytest.mark.parametrize("name", games.names())
def test_every_label_lies_inside_its_picture_and_clear_of_the_others(name: str, lang: str) -> None:
    found = {what: len(wrong) for what, wrong in labels.check(name, lang).items()}
    known = allowed().get(name, {}).get(lang, {})
    worse = {what: n for what, n in found.items() if n > known.get(what, 0)}
    assert not worse, (f"{name} in {lang}: labels outside their picture or overlapping "
                       f"({worse}); see python -m tests.render.labels")
    better = {what: (n, found.get(what, 0)) for what, n in known.items() if found.get(what, 0) < n}
    assert not better, f"{name} in {lang}: fewer problems than allowed, shrink labels_allow.json: {better}"


def test_the_allow_list_names_only_games_languages_and_counts() -> None:
    for name, langs in allowed().items():
        assert name in games.names()
        for lang, pictures in langs.items():
            assert lang in texts.LOCALES
            assert all(isinstance(n, int) and n > 0 for n in pictures.values())


def test_a_text_out_of_its_image_and_two_texts_overlapping_are_found() -> None:
    im = Image.new("RGB", (120, 40))
    with labels.recording() as drawn:
        theme.put_text(im, (4, 4), "Kurz", 14)
        theme.put_text(im, (60, 20), "Unterirdischer Förderturm", 14)  # runs off the right
        theme.put_text(im, (6, 6), "Ort", 14)  # over "Kurz"
        theme.put_text(im, (4, 24), "Kurz", 14)  # the same text elsewhere: clear of the rest
    assert [d.text for d in drawn] == ["Kurz", "Unterirdischer Förderturm", "Ort", "Kurz"]
    wrong = labels.problems(drawn)
    assert any(w.startswith("outside") and "Förderturm" in w for w in wrong)
    assert any(w.startswith("overlap") and "'Kurz'" in w and "'Ort'" in w for w in wrong)
    assert len(wrong) == 2


def test_a_clean_picture_has_no_problems() -> None:
    im = Image.new("RGB", (200, 60))
    with labels.recording() as drawn:
        theme.put_text(im, (4, 4), "Runde", 14)
        theme.put_text(im, (4, 30), "ラウンド", 14)
    assert len(drawn) == 2 and labels.problems(drawn) == []


@pytest.mark.parametrize("name", games.names())
def test_the_words_of_each_board_are_recorded(name: str) -> None:
    """The check sees the pictures' words (a board draws its labels through the recorder)."""
    what, draw = next(labels.pictures(name))
    pkg = games.get(name).pkg
    labels.forget_pictures(pkg)
    try:
        with texts.using("de"), labels.recording() as drawn:
            assert draw() is not None
    finally:
        labels.forget_pictures(pkg)  # nothing cached in German for the tests after this one
    assert what.startswith("board") and len(drawn) >= 5
