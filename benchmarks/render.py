"""Render benchmark: ``python -m benchmarks render [--json] [--runs N] [--seed N]``.

Times ``render.stella_digger.board.board_png`` (draw and encode the round picture) on a seeded mid-game view from
the engine, against a naive Pillow picture of the same size and content drawn square by square
each time (shapes and text straight onto the canvas, no caches) and saved as PNG with default
settings. Prints the medians, their ratio and the PNG size, and the mean CPU time of a map and of its
encoding (palette mapping and PNG). Target: ratio <= 0.5, < 500 KB. Then the mean CPU and size of
the other pictures drawn often: Stella Digger's hand, and each other game's round and own
pictures on a seeded game played by its default decisions.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from PIL import Image, ImageDraw, ImageFont

TARGET_RATIO = 0.5
TARGET_BYTES = 500_000


def seeded_view(seed: int, players: int = 4, steps: int = 140, viewer: str | None = None) -> dict[str, Any]:
    """A view (the spectator's, or ``viewer``'s: "111", "222"...) of a seeded game after
    ``steps`` deterministic decisions."""
    from engine import get_game

    g = get_game("stella-digger")
    ids = [str(111 * (i + 1)) for i in range(players)]
    names = dict(zip(ids, ["Ann", "Bob", "岩田", "Zoë"], strict=False))
    state = g.new_game(ids, {"red_tears": True}, seed=seed, names=names)
    for k in range(steps):
        ta = g.to_act(state)
        if ta is None:
            break
        legal = g.legal(state)
        mines = [a for a in legal if str(a).startswith(("mine", "drill", "buy", "fight"))]
        hand = len(next(p for p in state.players if p.id == ta.player).hand)
        refill = [a for a in legal if str(a) == "refill"]
        if ta.decision == "action" and refill and hand <= 2:
            action = refill[0]
        elif mines and k % 4:
            action = mines[k % len(mines)]
        elif ta.decision in ("target", "draw"):
            action = legal[k % len(legal)]
        else:
            action = g.default(state)
        g.apply(state, ta.player, action)
    return g.view(state, viewer)


# -- the naive reference ---------------------------------------------------------------------------

_COL = {"blue": (61, 139, 253), "green": (47, 191, 113), "pink": (255, 111, 181), "purple": (155, 93, 229)}


def naive_map(view: dict[str, Any], font_path: str, width: int, height: int) -> bytes:
    """The same picture drawn the plain way: every shape and string on the canvas each time."""
    from engine.stella_digger.board import COLUMNS, PRINTED, SQUARES

    f = {s: ImageFont.truetype(font_path, s) for s in (12, 14, 16, 20)}
    im = Image.new("RGB", (width, height), (15, 18, 27))
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, width, 52), fill=(25, 30, 43))
    d.text((16, 14), f"STELLA DIGGER  Round {view['round']}  Target {' '.join(view['target'])}",
           font=f[20], fill=(255, 210, 63))
    sq_px, x0, y0 = 88, 40, 64
    for sq in SQUARES:
        col, row = COLUMNS.index(sq[0]), int(sq[1:])
        x, y = x0 + col * sq_px, y0 + (7 - row) * sq_px
        code = view["map"][sq]
        kind = code.split(":")[0]
        fill = _COL.get(kind, {"hidden": (143, 90, 58), "rock": (80, 85, 100), "start": (30, 107, 90),
                               "gold": (226, 179, 60), "monster": (110, 31, 51),
                               "blockade": (58, 51, 39)}.get(kind, (43, 49, 66)))
        d.rounded_rectangle((x + 5, y + 5, x + sq_px - 5, y + sq_px - 5), 9, fill=fill, outline=(230, 230, 240),
                            width=2)
        if kind in _COL or kind == "gold":
            n = int(code.split(":")[1].split(">")[0])
            for i in range(n):
                cx = x + 20 + i * 22
                d.ellipse((cx, y + 30, cx + 18, y + 48), fill=(255, 255, 255), outline=(11, 13, 20), width=2)
        label = code if kind != "hidden" else view["backs"].get(sq, "")
        d.text((x + 10, y + 60), label[:10], font=f[12], fill=(238, 241, 247))
        if code in ("empty", "tunnel") and sq in PRINTED:
            d.ellipse((x + 29, y + 29, x + 59, y + 59), outline=(150, 150, 160), width=2)
            d.text((x + 39, y + 32), str(PRINTED[sq]), font=f[20], fill=(180, 180, 190))
    for i, c in enumerate(COLUMNS):
        d.text((x0 + i * sq_px + 40, y0 + 7 * sq_px + 6), c, font=f[16], fill=(154, 163, 184))
        d.text((20, y0 + i * sq_px + 34), str(7 - i), font=f[16], fill=(154, 163, 184))
    ty = y0 + 7 * sq_px + 32
    d.rounded_rectangle((16, ty, 662, height - 16), 8, fill=(25, 30, 43))
    for i, deck in enumerate(view["decks"]):
        d.text((28, ty + 12 + 18 * i), f"Deck {i + 1}: {deck['count']} cards, top {deck['top']}", font=f[14],
               fill=(238, 241, 247))
    acc = view["accidents"]
    d.text((28, ty + 70), f"Safety {acc['safety']}  Danger {acc['danger']}  Alarm {acc['alarm']}", font=f[14],
           fill=(238, 241, 247))
    sup = view["supply"]
    d.text((340, ty + 12), "  ".join(f"{k} {v}" for k, v in sup.items()), font=f[14], fill=(238, 241, 247))
    px, py = 676, 64
    for pid in view["seats"]:
        p = view["players"][pid]
        d.rounded_rectangle((px, py, width - 16, py + 178), 8, fill=(25, 30, 43), outline=(44, 51, 71))
        d.text((px + 16, py + 10), p["name"], font=f[20], fill=(238, 241, 247))
        for k, (c, n) in enumerate(p["crystals"].items()):
            d.ellipse((px + 16 + 50 * k, py + 50, px + 38 + 50 * k, py + 72), fill=_COL[c])
            d.text((px + 42 + 50 * k, py + 52), str(n), font=f[16], fill=(238, 241, 247))
        for k, c in enumerate(p["hand_colours"]):
            d.rounded_rectangle((px + 16 + 33 * k, py + 100, px + 44 + 33 * k, py + 140), 4, fill=_COL[c])
        play = p.get("play") or {}
        d.text((px + 262, py + 100), " ".join(play.get("cards") or []), font=f[14], fill=(238, 241, 247))
        d.text((px + 16, py + 150), f"gadgets {' '.join(p['gadgets'])}  drills {p['drills_left']}  "
               f"VP3 {p['vp_tiles']['3']} VP1 {p['vp_tiles']['1']}", font=f[12], fill=(154, 163, 184))
        py += 186
    buf = io.BytesIO()
    im.save(buf, format="PNG")
    return buf.getvalue()


def _played(name: str, seed: int, steps: int) -> tuple[Any, Any, list[str]]:
    """A seeded game of ``name`` for four after ``steps`` rounds of default decisions."""
    from engine import GameError, get_game

    g = get_game(name)
    ids = ["ann", "bob", "cy", "dee"]
    state = g.new_game(ids, {}, seed=seed)
    for _ in range(steps):
        for owed in g.owed(state):
            with contextlib.suppress(GameError):  # an earlier answer made this default stale
                g.apply(state, owed.player, g.default(state, owed.player))
    return g, state, ids


def other_pictures(seed: int, runs: int) -> list[dict[str, Any]]:
    """CPU and bytes of the other pictures the bot draws often: Stella Digger's hand (DMed after
    most decisions) and every other game's round picture and own picture."""
    import games
    from render.stella_digger.hand import hand_png

    own = seeded_view(seed, viewer="111")
    cases: list[tuple[str, Callable[[], bytes | None]]] = [
        ("stella-digger hand", lambda: hand_png(own, "111"))]
    for name, steps in (("white-ranium", 30), ("mining-colony", 30), ("out-of-mine", 20)):
        g, state, ids = _played(name, seed, steps)
        present, public, mine = games.get(name), g.view(state, None), g.view(state, ids[0])
        cases.append((f"{name} board", lambda p=present, v=public: p.board_png(v)))
        cases.append((f"{name} hand", lambda p=present, v=mine, i=ids[0]: p.hand_png(v, i)))
    out = []
    for label, fn in cases:
        data = fn()
        if data is not None:
            out.append({"picture": label, "cpu_ms": round(_cpu_ms(fn, runs), 2), "png_bytes": len(data)})
    return out


def _median_ms(fn: Callable[[], bytes], runs: int) -> tuple[float, int]:
    fn()  # warm-up: caches, font loading
    times = []
    size = 0
    for _ in range(runs):
        t0 = time.perf_counter()
        size = len(fn())
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), size


def _cpu_ms(fn: Callable[[], object], runs: int) -> float:
    """Mean CPU time of one call (this process): unlike wall time, it holds on a busy machine."""
    fn()
    t0 = time.process_time()
    for _ in range(runs):
        fn()
    return (time.process_time() - t0) * 1000 / runs


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks render")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    from render.encode import png
    from render.stella_digger.board import board_png, map_image, palette
    from render.stella_digger.layout import HEIGHT, WIDTH
    from render.theme import _font_path

    view = seeded_view(args.seed)
    font_path = str(_font_path(False))
    render_ms, png_bytes = _median_ms(lambda: board_png(view), args.runs)
    naive_ms, naive_bytes = _median_ms(lambda: naive_map(view, font_path, WIDTH, HEIGHT), args.runs)
    picture = map_image(view)
    cpu_ms = _cpu_ms(lambda: board_png(view), args.runs)
    encode_ms = _cpu_ms(lambda: png(picture, palette()), args.runs)
    figures = {
        "render_ms_median": round(render_ms, 2),
        "render_cpu_ms": round(cpu_ms, 2),
        "encode_cpu_ms": round(encode_ms, 2),
        "naive_ms_median": round(naive_ms, 2),
        "ratio": round(render_ms / naive_ms, 3),
        "png_bytes": png_bytes,
        "naive_png_bytes": naive_bytes,
        "size": [WIDTH, HEIGHT],
        "runs": args.runs,
        "others": other_pictures(args.seed, args.runs),
    }
    ok = figures["ratio"] <= TARGET_RATIO and png_bytes < TARGET_BYTES
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"round map {WIDTH}x{HEIGHT}, seed {args.seed}, median of {args.runs} runs")
        print(f"  render_map   {render_ms:8.2f} ms  {png_bytes:>9,} bytes  (CPU {cpu_ms:.2f} ms a map, "
              f"{encode_ms:.2f} ms of it encoding)")
        print(f"  naive Pillow {naive_ms:8.2f} ms  {naive_bytes:>9,} bytes")
        print(f"  ratio {figures['ratio']:.3f} (target <= {TARGET_RATIO}), size target < {TARGET_BYTES:,} bytes:"
              f" {'met' if ok else 'NOT met'}")
        print("other pictures (mean CPU of a picture)")
        for o in figures["others"]:
            print(f"  {o['picture']:<22} {o['cpu_ms']:8.2f} ms  {o['png_bytes']:>9,} bytes")
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
