"""games/out_of_mine: the presentation's words and pictures, built from views only; public
texts never name a card or a tile before the reveal (R3); the AI levels of choose_index."""

from __future__ import annotations

import io

from PIL import Image

import games
import render.out_of_mine.board as render_board
import render.out_of_mine.scores as render_scores
from engine import get_game
from games.base import Who

G = get_game("out-of-mine")
P = games.get("out-of-mine")
WHO = Who(mention=lambda pid: f"@{pid}")


def sided(race: bool = True, seed: int = 4) -> object:
    state = G.new_game(["ann", "bob"], {"race": race}, seed=seed)
    for o in G.owed(state):
        if o.decision == "side":
            G.apply(state, o.player, "side a")
    return state


def first_tiles(state: object, player: str) -> str:
    words = ["dig"]
    while nxt := G.options(state, player, " ".join(words)):
        words.append(nxt[0])
    return " ".join(words)


def stamped(state: object, player: str, text: str) -> object:
    return G.stamp(state, player, G.parse(text), 5.0, {})


def test_registered_through_the_one_registry_line() -> None:
    assert "out-of-mine" in games.names() and P.title == "Out of Mine!"
    assert P.cmd("draft") == "/game draft"  # no group of its own: /game plays it


def test_side_and_open_are_public_a_dig_is_private() -> None:  # R3
    assert not P.private("side a") and not P.private("open")
    assert P.private("dig blue:A5,B5") and P.private("dig")
    assert P.label("open").startswith("Open my card") and P.label("side") == "Choose your side…"


def test_options_line_names_race_and_variants() -> None:
    line = P.options_line({"race": True, "elves": True, "finds": False})
    assert "Race: on" in line and "Elf Support: on" in line and "Bad Finds: off" in line


def test_rules_topics_come_from_the_rules_file() -> None:
    topics = P.topics()
    assert "the-race" in topics and "R6" in topics["the-race"]
    assert "defaults" in topics


def test_public_texts_and_picture_hide_cards_and_commits_until_the_reveal() -> None:  # R3
    state = sided()
    G.apply(state, "ann", "open")
    own = G.view(state, "ann")
    card = own["players"]["ann"]["card_info"]["text"]
    dig = first_tiles(state, "ann")
    G.apply(state, "ann", stamped(state, "ann", dig))
    public = G.view(state, None)
    text = P.round_summary(public, G.scores(state), WHO)
    assert card not in text and not [w for w in dig.split()[1:] if w in text]
    assert "✅ committed" in text and "card still face down" in text  # who, never what
    bob = P.hand_text(G.view(state, "bob"), "bob", 1)
    assert card not in bob and not [w for w in dig.split()[1:] if w in bob]
    mine = P.hand_text(G.view(state, "ann"), "ann", 1)
    assert card in mine and dig.split()[1] in mine
    assert P.hand_png(G.view(state, "bob"), "bob") is None  # bob's card is still face down
    assert P.board_png(public) == P.board_png(G.view(sided_and_committed_other(), None))


def sided_and_committed_other() -> object:
    """The same table where Ann committed a different (empty) dig: the public picture must be
    the same (it shows that she committed, never what)."""
    state = sided()
    G.apply(state, "ann", "open")
    G.apply(state, "ann", stamped(state, "ann", "dig"))
    return state


def test_the_reveal_posts_every_board_and_score_parts() -> None:  # R5, R10
    state = sided()
    for pid in ("ann", "bob"):
        G.apply(state, pid, "open")
        G.apply(state, pid, stamped(state, pid, first_tiles(state, pid)))
    assert P.new_round({"reveal", "score"}) and not P.new_round({"commit"})
    public = G.view(state, None)
    text = P.round_summary(public, G.scores(state), WHO)
    assert "**Round 1 revealed**" in text and "5.0 s" in text and "= **" in text
    picture = Image.open(io.BytesIO(P.board_png(public) or b""))
    reveal = Image.open(io.BytesIO(render_board.reveal_png(public, 1)))
    assert picture.size == reveal.size


def test_the_end_shows_the_last_reveal_above_the_seven_round_chart() -> None:  # R16
    state = sided(race=False)
    while not state.ended:
        for o in G.owed(state):
            G.apply(state, o.player, "side a" if o.decision == "side" else first_tiles(
                state, o.player))
    public = G.view(state, None)
    assert all(len(p["rounds"]) == 7 for p in public["players"].values())
    final = P.final_text(public, G.scores(state), G.winners(state), WHO)
    assert "Final scores" in final and ("Winner" in final or "Shared" in final)
    both = Image.open(io.BytesIO(P.scores_png(public, state) or b""))
    chart = Image.open(io.BytesIO(render_scores.scores_png(public)))
    assert both.height > chart.height and both.width >= chart.width
    reveal = Image.open(io.BytesIO(render_board.reveal_png(public))).convert("RGB")
    if both.width > chart.width:  # the strip beside the chart: the picture's background
        rgb = both.convert("RGB")
        strip = rgb.crop((chart.width, reveal.height, both.width, both.height))
        assert {c for _, c in strip.getcolors(1 << 24)} == {reveal.getpixel((0, 0))}
        assert reveal.getpixel((0, 0)) != (0, 0, 0)


def test_the_end_picture_has_no_black_block_beside_the_chart() -> None:
    """The 4-player end: the strip beside the narrower of the reveal and the chart is no
    palette index drawn as a colour (a black block), but the picture's background."""
    import json
    from pathlib import Path

    view = json.loads((Path(__file__).parents[1] / "render" / "fixtures" / "end.json")
                      .read_text(encoding="utf-8"))
    both = Image.open(io.BytesIO(P.scores_png(view, None) or b"")).convert("RGB")
    chart = Image.open(io.BytesIO(render_scores.scores_png(view)))
    reveal = Image.open(io.BytesIO(render_board.reveal_png(view))).convert("RGB")
    assert both.width == max(chart.width, reveal.width) and reveal.width != chart.width
    strip = (both.crop((chart.width, reveal.height, both.width, both.height))
             if chart.width < both.width else
             both.crop((reveal.width, 0, both.width, reveal.height)))
    colours = {c for _, c in strip.getcolors(1 << 24)}
    assert colours == {reveal.getpixel((0, 0))}
    assert all(sum(c) > 30 for c in colours)  # not black


def test_the_final_listing_is_in_r16s_order_total_then_calls_then_fewer_empty() -> None:
    # issue 27: the list sorted by total, then fewer empty spaces, then calls; the engine's
    # winner was right, the list and its header were not
    from engine.out_of_mine.scoring import ranking_key, winners

    state = G.new_game(["ann", "bob", "cid"], {"race": False}, seed=4)
    figures = {"ann": (30, 1, 0), "bob": (30, 2, 9), "cid": (31, 0, 20)}  # total, calls, empty
    for p in state.players:
        p.total, p.calls, p.empty = figures[p.id]
    public = G.view(state, None)
    final = P.final_text(public, G.scores(state), winners(state), WHO)
    listed = [line.split(":")[0][2:] for line in final.splitlines() if line.startswith("• ")]
    assert listed == ["@cid", "@bob", "@ann"]  # R16: the total, then more calls, then empty
    assert listed == [f"@{p.id}" for p in sorted(state.players, key=ranking_key, reverse=True)]
    assert "(total, then calls, then fewer empty spaces)" in final
    assert "• @bob: **30** (2 calls, 9 empty)" in final and "Winner: @cid" in final
