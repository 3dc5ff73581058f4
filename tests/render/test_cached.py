"""``render.cached.per_language``: a picture kept once drawn is kept per language, so a legend
first asked in Japanese is not sent to a German reader."""

from __future__ import annotations

import texts
from render.cached import per_language

drawn: list[tuple[str, int]] = []


@per_language
def picture(size: int) -> str:
    drawn.append((texts.language(), size))
    return f"{texts.language()}:{size}"


def test_each_language_gets_its_own_picture_and_each_is_drawn_once() -> None:
    picture.cache_clear()  # type: ignore[attr-defined]
    drawn.clear()
    asked = [("ja", 1), ("de", 1), ("ja", 1), ("en", 1), ("de", 2), ("de", 1), ("ja", 2)]
    for lang, size in asked:
        with texts.using(lang):
            assert picture(size) == f"{lang}:{size}"
    assert drawn == [("ja", 1), ("de", 1), ("en", 1), ("de", 2), ("ja", 2)]
