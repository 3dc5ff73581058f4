"""The pictures in the language being written (issue 30): the labels drawn on the round
picture, the hand, the final scores and the legend come from the catalogs; a picture keeps its
size in every language, and a cached part (the static frame, a deck's sprite, a card face, the
legend) is never handed back in another language than the one asked for."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

import texts
from render.stella_digger import board, hand, legend, panel, scores, tiles
from render.stella_digger.layout import HEIGHT, WIDTH

FIXTURES = Path(__file__).with_name("fixtures")


def load(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def picture(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im.convert("RGB")


def differs(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> bool:
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


def in_each(draw: Any) -> dict[str, bytes]:
    """``draw()`` in English, Japanese, German, then English again (a cache must not answer
    the second English with the Japanese or German picture)."""
    out = {}
    for lang in ("en", "ja", "de", "en2"):
        with texts.using(lang[:2]):
            out[lang] = draw()
    return out


@pytest.mark.parametrize("name", ["engine_4p_seed7_step140", "fight4", "engine_4p_seed3_end"])
def test_the_round_picture_is_drawn_in_each_language_at_one_size(name: str) -> None:
    data = load(name)
    view = data.get("view", data)
    drawn = in_each(lambda: board.board_png(view))
    assert drawn["en"] == drawn["en2"]
    en = picture(drawn["en"])
    supply = panel.table_boxes()[1]
    label = (supply[0] + 8, supply[1] + 4, supply[0] + 120, supply[1] + 24)  # "SUPPLY"
    for lang in ("ja", "de"):
        assert drawn[lang] != drawn["en"], lang
        im = picture(drawn[lang])
        assert im.size == en.size == (WIDTH, HEIGHT)
        assert differs(en, im, label), f"{lang}: the supply box's label is still English"
        assert differs(en, im, (0, 0, 220, 48)), f"{lang}: the header's words"


def test_the_two_translations_differ_from_each_other_too() -> None:
    view = load("engine_4p_seed7_step140")["view"]
    with texts.using("ja"):
        ja = board.board_png(view)
    with texts.using("de"):
        de = board.board_png(view)
    assert ja != de


def test_a_players_hand_is_drawn_in_each_language_at_one_size() -> None:
    view = load("engine_3p_seed1_step30_seat2")["view"]
    drawn = in_each(lambda: hand.hand_png(view, view["viewer"]))
    assert drawn["en"] == drawn["en2"]
    sizes = {lang: picture(data).size for lang, data in drawn.items()}
    assert len(set(sizes.values())) == 1, sizes
    assert drawn["ja"] != drawn["en"] and drawn["de"] != drawn["en"]


def test_the_final_scores_are_drawn_in_each_language_at_one_size() -> None:
    data = load("engine_4p_seed3_end")
    drawn = in_each(lambda: scores.scores_png(data["view"], data["history"]))
    assert drawn["en"] == drawn["en2"]
    en = picture(drawn["en"])
    for lang in ("ja", "de"):
        im = picture(drawn[lang])
        assert im.size == en.size
        assert differs(en, im, (0, 0, 400, 50)), f"{lang}: the title 'Final scores'"


def test_the_legend_is_drawn_in_each_language() -> None:
    drawn = in_each(legend.legend_png)
    assert drawn["en"] == drawn["en2"]
    assert len({drawn["en"], drawn["ja"], drawn["de"]}) == 3
    for lang in ("ja", "de"):  # the map is the same width: only the key's lines differ
        assert picture(drawn[lang]).width == picture(drawn["en"]).width


def test_cached_sprites_follow_the_language() -> None:
    """A deck's sprite ("Deck 1"), a gold tile ("GOLD"): drawn once per language."""
    with texts.using("en"):
        deck_en, gold_en = tiles.deck_sprite(0, 5, "blue"), tiles.square_sprite("face", "gold:2")
    with texts.using("de"):
        deck_de, gold_de = tiles.deck_sprite(0, 5, "blue"), tiles.square_sprite("face", "gold:2")
    with texts.using("ja"):
        deck_ja, gold_ja = tiles.deck_sprite(0, 5, "blue"), tiles.square_sprite("face", "gold:2")
    assert deck_en.tobytes() != deck_de.tobytes() != deck_ja.tobytes()
    assert gold_en.tobytes() != gold_ja.tobytes()  # 金
    assert gold_en.tobytes() == gold_de.tobytes()  # GOLD is German too
    with texts.using("en"):
        assert tiles.deck_sprite(0, 5, "blue").tobytes() == deck_en.tobytes()


def test_a_long_german_label_is_fitted_to_its_box() -> None:
    """"Stapel 1" beside the deck's count is drawn smaller rather than cut."""
    from render import theme as t

    with texts.using("de"):
        label = texts._("Deck {n}").format(n=1)
        assert t.text_width(label, 12, True) > tiles.SIZE - 40  # too wide at the usual size
        assert t.text_width(label, 10, True) <= tiles.SIZE - 40  # fits at the smaller one
        assert t.fit(label, 10, True, tiles.SIZE - 40) == label


def test_the_replay_is_drawn_in_each_language() -> None:
    """Its frames' fixed layer (the header's title) is cached per language too."""
    from render.stella_digger.replay import board_image, replay_gif

    from .games import spectator_views

    views = spectator_views(2, 5)[::40][:3]
    drawn = in_each(lambda: replay_gif(views))
    assert drawn["en"] == drawn["en2"]
    assert len({drawn["en"], drawn["ja"], drawn["de"]}) == 3
    frames = {}  # a frame before the GIF's palette: the title drawn on the cached layer
    for lang in ("en", "ja", "en"):
        with texts.using(lang):
            frames.setdefault(lang, []).append(board_image(views[0]))
    title = (0, 0, 110, 40)  # "STELLA DIGGER" / "ステラダイガ!", not the round's chip
    assert differs(frames["en"][0], frames["ja"][0], title)
    assert not differs(frames["en"][0], frames["en"][1], title)
