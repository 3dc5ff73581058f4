"""The turn's trail (what moved, for the picture's arrows): every crew move, tunnel,
transport, a delivery's way to the rim and a winning thief's way to its base, every loader
step, in order; at the next turn's start it becomes the last turn's. The picture draws it,
and is 550 pixels wide (Discord's message width)."""

from __future__ import annotations

import io

from PIL import Image

from engine.white_ranium.invariants import violations
from render.white_ranium.board import WIDTH, board_png
from tests.white_ranium.engine.test_fights import RED, fight

from ..conftest import G, Table, table


def test_moves_and_loader_steps_are_traced_in_order_then_kept_for_the_next_turn() -> None:
    t = Table(table(cells={"A1": "red-ud/blue-ud"}))
    before = t.summary["loaders"]["1"]
    t.do("ann", "tunnel A1", "loader 1 forward")  # R20 (3 ore), R11 (1 ore): the turn ends
    after = t.summary
    assert after["turn"] == "bob" and after["trail"] == []
    assert after["last_trail"] == [["crew", "red", "D4", "A1"],
                                   ["loader", "1", str(before), str(before % 24 + 1)]]
    assert [x[1] for x in after["last_turn"]] == ["tunnel A1", "loader 1 forward"]


def test_a_thief_sent_to_its_base_is_traced() -> None:
    """R14: the winning attacker is put on its base at once."""
    t = fight(["red-6", *RED[:4]], ["blue-2", "blue-3", "blue-4", "blue-5", "blue-6"], red=1)
    t.do("ann", "steal blue")
    assert t.summary["trail"] == [["crew", "red", "E4", "D4"]]


def test_a_corrupt_trail_is_refused() -> None:
    t = Table(table())
    t.state.trail = [["crew", "green", "A1", "A2"]]
    assert any("trail" in v for v in violations(t.state))


def test_the_picture_draws_the_trail_and_fits_discord() -> None:
    t = Table(table(cells={"A1": "red-ud/blue-ud"}))
    t.do("ann", "tunnel A1", "loader 1 forward")
    view = G.view(t.state, None)
    drawn = board_png(view)
    assert Image.open(io.BytesIO(drawn)).width == WIDTH == 550
    assert drawn != board_png({**view, "last_trail": []})


def _yellow_walk() -> dict:
    """cy's yellow crew walks C3 -> B2 (through B3: the tunnels turn there), then B2 -> C2."""
    t = Table(table(start_player="cy", crews={"yellow": "C3"},
                    cells={"C3": "yellow-l/yellow-l", "B3": "yellow-rd/yellow-rd",
                           "B2": "yellow-ur/yellow-ur", "C2": "yellow-l/yellow-l"}))
    t.do("cy", "move B2", "move C2")
    return G.view(t.state, None)


def test_a_move_is_drawn_along_the_tunnels_it_took_not_across_cards() -> None:
    """Issue 28: C3 -> B2 was an arrow straight across the corner of four cards; it follows
    the tunnels, C3 -> B3 -> B2."""
    from render.white_ranium.board import _cell, tunnel_path

    view = _yellow_walk()
    assert view["trail"] == [["crew", "yellow", "C3", "B2"], ["crew", "yellow", "B2", "C2"]]
    assert tunnel_path(view["board"], "C3", "B2") == ["C3", "B3", "B2"]
    assert tunnel_path(view["board"], "C3", "F6") is None  # no tunnel: a jump, drawn dashed
    drawn = Image.open(io.BytesIO(board_png(view))).convert("RGB")
    bare = Image.open(io.BytesIO(board_png({**view, "trail": []}))).convert("RGB")
    corner = (_cell("C3")[0], _cell("C3")[3] + 1)  # where the four cards meet, on the diagonal
    window = [(corner[0] + dx, corner[1] + dy) for dx in range(-3, 4) for dy in range(-3, 4)]
    assert all(drawn.getpixel(p) == bare.getpixel(p) for p in window)
    b3 = _cell("B3")
    assert any(drawn.getpixel((x, y)) != bare.getpixel((x, y))  # the arrow turns in B3
               for x in range(b3[0], b3[2]) for y in range(b3[1], b3[3]))


def test_the_moves_numbers_do_not_overlap() -> None:
    from PIL import ImageDraw

    from render.white_ranium.board import HEIGHT, _arrows

    im = Image.new("RGB", (WIDTH, HEIGHT))
    labels = _arrows(im, ImageDraw.Draw(im), _yellow_walk())
    assert [text for *_, text in labels] == ["1", "2"]
    for i, (x, y, _, _) in enumerate(labels):
        for x2, y2, _, _ in labels[i + 1:]:
            assert ((x - x2) ** 2 + (y - y2) ** 2) ** 0.5 >= 19  # two 18 px discs apart


def test_a_crew_is_not_the_shape_of_a_tunnel_hub() -> None:
    """Issue 28: crews and tunnel hubs were both a disc with a letter. A crew is a pawn: its
    silhouette differs from the hub's disc of the same colour."""
    from PIL import ImageDraw

    from render.white_ranium.board import _crew
    from render.white_ranium.cards import draw_card

    crew = Image.new("RGB", (60, 60))
    _crew(crew, ImageDraw.Draw(crew), 30, 30, "red")
    card = Image.new("RGB", (60, 60))
    draw_card(card, ImageDraw.Draw(card), (4, 4, 56, 56), "red-/red-")  # a hub, no tunnel arm

    def silhouette(im: Image.Image) -> Image.Image:
        mask = im.convert("L").point(lambda v: 255 if v > 60 else 0)
        box = mask.getbbox()
        assert box is not None
        return mask.crop(box).resize((24, 24))

    a, b = silhouette(crew).tobytes(), silhouette(card).tobytes()
    differ = sum(x != y for x, y in zip(a, b, strict=True))
    assert differ > 24 * 24 // 8  # more than an eighth of the shape


def test_a_bot_name_fits_its_panel() -> None:
    """Issue 28: "2 Easy b..." was cut; a name fits the width the colour discs leave."""
    import render.white_ranium.board as wb

    seen: list[str] = []
    put = wb.put_text

    def spy(im: object, xy: object, text: str, *a: object, **k: object) -> int:
        seen.append(text)
        return put(im, xy, text, *a, **k)  # type: ignore[arg-type]

    view = _yellow_walk()
    view["names"] = {**view["names"], "bob": "2 Easy bot"}
    wb.put_text = spy  # type: ignore[assignment]
    try:
        wb.board_png(view)
    finally:
        wb.put_text = put  # type: ignore[assignment]
    assert "2 2 Easy bot" in seen
