"""What a picture's drawn words occupy, for ``test_labels_fit.py`` (issue 30): every game's
pictures drawn from a seeded game in a language, with each text's box recorded where it is
drawn, and what is wrong with them (a text outside the image it is drawn on, two texts
overlapping on one image).

Texts are recorded on the image they are drawn on (a panel, a card, a supersampled icon
before it is pasted and shrunk): a text cut by its own panel's edge is caught, a text running
over its neighbour on the same panel too, a panel pasted over another's words is not.

``python -m tests.render.labels`` prints the problems per game and language."""

from __future__ import annotations

import contextlib
import importlib
import pkgutil
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

import games
import texts
from engine import get_game
from engine.core.rng import Rng, seed_state

#: pixels two boxes may share before they overlap (antialiased edges, tight line spacing)
TOLERANCE = 2
#: pixels a text may stand out of its image (a glyph's antialiased edge)
MARGIN = 1


@dataclass(frozen=True)
class Drawn:
    image: Image.Image
    box: tuple[int, int, int, int]
    text: str


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _import_pictures() -> None:
    """Every module of ``render/`` imported before ``put_text`` is patched: a module that
    imports ``put_text`` by name (``from ..theme import put_text``) must bind the real one,
    never a recorder that is gone once the recording ends."""
    import render

    for info in pkgutil.walk_packages(render.__path__, "render."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)


@contextlib.contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Record every text drawn meanwhile: through ``render.theme.put_text`` (the cached runs
    every picture uses; also where a module imported it by name) and any direct
    ``ImageDraw.text``."""
    import render.theme as theme

    _import_pictures()

    drawn: list[Drawn] = []
    put, text_of, masking = theme.put_text, ImageDraw.ImageDraw.text, [0]

    def put_text(im: Image.Image, xy: tuple[float, float], text: str, size: int,
                 fill: Any = theme.TEXT, bold: bool = False, anchor: str = "la") -> int:
        if text:
            masking[0] += 1
            try:
                mask, left, top = theme.text_mask(text, size, bold, anchor)
            finally:
                masking[0] -= 1
            x, y = round(xy[0]) + left, round(xy[1]) + top
            drawn.append(Drawn(im, (x, y, x + mask.width, y + mask.height), text))
        masking[0] += 1
        try:
            return put(im, xy, text, size, fill, bold, anchor)
        finally:
            masking[0] -= 1

    def draw_text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        if not masking[0] and isinstance(text, str) and text.strip():
            keep = {k: v for k, v in kwargs.items() if k in ("font", "anchor", "spacing", "align",
                                                           "direction", "features", "language",
                                                           "stroke_width", "embedded_color")}
            if args:
                keep.setdefault("font", kwargs.get("font"))
            try:
                box = self.textbbox(xy, text, **keep)
            except (TypeError, ValueError):
                box = None
            image = getattr(self, "_image", None)
            if box is not None and image is not None:
                drawn.append(Drawn(image, tuple(round(v) for v in box), text))  # type: ignore[arg-type]
        return text_of(self, xy, text, *args, **kwargs)

    glyph = theme._glyph_image

    def glyph_image(ch: str, bold: bool) -> Any:  # the font's probe for a missing glyph
        masking[0] += 1
        try:
            return glyph(ch, bold)
        finally:
            masking[0] -= 1

    # ``theme.put_text``, and wherever a picture module imported it by name
    holders = [m for name, m in list(sys.modules.items()) if m is not None
               and (name == "render" or name.startswith("render."))
               and getattr(m, "put_text", None) is put]
    for module in holders:
        module.put_text = put_text
    theme._glyph_image = glyph_image  # type: ignore[assignment]
    ImageDraw.ImageDraw.text = draw_text  # type: ignore[method-assign]
    try:
        yield drawn
    finally:
        for module in holders:
            module.put_text = put
        theme._glyph_image = glyph  # type: ignore[assignment]
        ImageDraw.ImageDraw.text = text_of  # type: ignore[method-assign]


def forget_pictures(pkg: str) -> None:
    """Clear every cache of a game's picture modules (a legend drawn once per process would be
    drawn in the first language asked and never drawn again)."""
    for name, module in list(sys.modules.items()):
        if module is None or not (name == f"render.{pkg}" or name.startswith(f"render.{pkg}.")):
            continue
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and not isinstance(value, type):  # a cached function, a
                clear()  # per-language cache object (not its class)


def seeded(name: str, players: int = 3, seed: int = 5, cap: int = 3000
           ) -> tuple[Any, list[tuple[str, Any]]]:
    """A seeded game of ``name`` played by its own easy AI (``engine/<pkg>/ai.py``'s
    ``heuristic``, or the first legal decision): states worth drawing (start, middle, end)."""
    g = get_game(name)
    ids = [str(111 * (i + 1)) for i in range(players)]
    names = dict(zip(ids, ["Ann", "Bob", "岩田", "Zoë"], strict=False))
    try:
        state = g.new_game(ids, {}, seed=seed, names=names)
    except TypeError:
        state = g.new_game(ids, {}, seed=seed)
    try:
        ai = importlib.import_module(f"engine.{name.replace('-', '_')}.ai")
        heuristic = getattr(ai, "heuristic", None)
    except ModuleNotFoundError:
        heuristic = None
    rng = Rng(_Holder(seed))
    states = [("start", g.clone(state))]
    for step in range(cap):
        if state.ended:
            break
        owed = g.owed(state)[0].player
        if step == 40:
            states.append(("middle", g.clone(state)))
        action = None
        if heuristic is not None:
            with contextlib.suppress(Exception):
                action = heuristic(g, g.view(state, owed), owed, None, rng)
        if action is None:
            action = g.default(state, owed)
        g.apply(state, owed, action)
    if state.ended:
        states.append(("end", g.clone(state)))
    return g, states


def pictures(name: str) -> Iterator[tuple[str, Callable[[], Any]]]:
    """(what, draw) for each picture of ``name`` the bot sends: the board of each state
    (spectator's), each player's own picture, the end's scores, each picture topic."""
    present = games.get(name)
    g, states = seeded(name)
    for when, state in states:
        public = g.view(state, None)
        yield f"board {when}", lambda v=public: present.board_png(v)
        player = g.owed(state)[0].player if not state.ended else next(iter(g.scores(state)))
        own = g.view(state, player)
        yield f"hand {when}", lambda v=own, p=player: present.hand_png(v, p)
        if state.ended:
            yield "scores", lambda v=public, s=state: present.scores_png(v, s)
    for topic in sorted(present.picture_topics):
        yield f"topic {topic}", lambda k=topic: present.topic_png(k)


def _inside(d: Drawn) -> bool:
    x0, y0, x1, y1 = d.box
    return (x0 >= -MARGIN and y0 >= -MARGIN and x1 <= d.image.width + MARGIN
            and y1 <= d.image.height + MARGIN)


def _overlap(a: Drawn, b: Drawn) -> bool:
    w = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
    h = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
    return w > TOLERANCE and h > TOLERANCE


def problems(drawn: list[Drawn]) -> list[str]:
    """A text outside its image; two different texts overlapping on one image (the same text
    drawn twice at about one place is an outline or a shadow, not a clash)."""
    out = []
    by_image: dict[int, list[Drawn]] = {}
    for d in drawn:
        by_image.setdefault(id(d.image), []).append(d)
        if not _inside(d):
            out.append(f"outside its {d.image.width}x{d.image.height} image: {d.text!r} {d.box}")
    for items in by_image.values():
        for i, a in enumerate(items):
            for b in items[i + 1:]:
                if a.text != b.text and _overlap(a, b):
                    out.append(f"overlap: {a.text!r} {a.box} and {b.text!r} {b.box}")
    return out


def check(name: str, lang: str) -> dict[str, list[str]]:
    """Each of ``name``'s pictures drawn in ``lang``: its problems (only those with any)."""
    pkg = name.replace("-", "_")
    found: dict[str, list[str]] = {}
    with texts.using(lang):
        for what, draw in pictures(name):
            forget_pictures(pkg)
            try:
                with recording() as drawn:
                    draw()
            finally:
                forget_pictures(pkg)  # nothing drawn here stays cached for another test
            wrong = problems(drawn)
            if wrong:
                found[what] = sorted(set(wrong))
    return found


def main() -> None:
    for name in games.names():
        for lang in texts.LOCALES:
            for what, wrong in check(name, lang).items():
                print(f"{name} {lang} {what}: {len(wrong)}")
                for line in wrong[:8]:
                    print("   ", line)


if __name__ == "__main__":
    main()
