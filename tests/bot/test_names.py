"""Hostile display names: no masked link, no broken code block, no reordered text, no ping, no
unbounded name, wherever a name is written (issue 10)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.messages.names import NAME_MAX, clean, shown
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import ANN, BOB, CY, lobby, owed, thread_posts

LINK = "[Free Nitro](https://evil.example)"
FENCE = "```"
RLO = "\u202e"  # right-to-left override


def test_clean_strips_controls_and_caps() -> None:
    assert clean(f"{RLO}evil\u2066 \u200bname\u2069\n\tx") == "evil name x"
    assert len(clean("x" * 500)) == NAME_MAX
    assert clean("\u202e\u200f") == "player"
    assert clean("👩\u200d💻 Dora") == "👩\u200d💻 Dora"  # emoji sequences stay


def test_shown_escapes_markdown_and_mentions() -> None:
    assert shown(LINK).startswith("\\[")
    assert "\\\\[" not in shown("\\" + LINK)  # an escaped backslash can't free the bracket
    assert "\\`\\`\\`" in shown(FENCE + "code")
    assert shown("@everyone") != "@everyone" and "<@123456789012345678>" not in shown("<@123456789012345678>")


async def test_hostile_names_are_harmless_in_every_post(referee: Referee) -> None:
    game = await lobby(referee, (ANN, LINK), (BOB, f"{FENCE}{RLO}bob{'y' * 100}"),
                       (CY, "@everyone <@900>"))
    stored = {s.user_id: s.display_name for s in game.seats}
    assert stored[ANN] == LINK[:NAME_MAX]
    assert RLO not in stored[BOB] and len(stored[BOB]) == NAME_MAX
    await referee.lobby.leave(game.id, CY)
    await referee.lobby.start(game.id, ANN, seed=5)
    await referee.idle()
    for _ in range(6):
        user, _, table = await owed(referee, game.id)
        await referee.sessions.decide(game.id, user, str(referee.ctx.game.default(table.state)))
        await referee.idle()
    game = await cached.get_game(referee.ctx, game.id)
    text = "\n".join(p.text for p in thread_posts(referee.ctx.out, game))  # type: ignore[arg-type]
    assert "Free Nitro" in text  # the names are there...
    assert "[Free Nitro](" not in text.replace("\\[Free Nitro](", "")  # ...never as a link
    assert RLO not in text
    assert "@everyone" not in text
    assert FENCE not in text.replace("\\`", "")
    log = await referee.info.log(game, 20)
    assert "[Free Nitro](" not in log.replace("\\[Free Nitro](", "")


async def test_imported_names_are_bounded_like_joined_ones(referee: Referee, db_path) -> None:  # type: ignore[no-untyped-def]
    import json

    from .test_imports import exported, refused

    doc = await exported(referee)
    for hostile in ("x" * (NAME_MAX + 8), f"{RLO}evil", "two\nlines"):
        bad = json.loads(json.dumps(doc))
        bad["seats"][0]["display_name"] = hostile
        await refused(referee, db_path, bad, "display name")


async def test_role_and_channel_mentions_in_names_stay_text(referee: Referee) -> None:
    # issue 25: <@&id> and <#id> stayed raw in /stella-admin list and /game log (any id length)
    from .conftest import GUILD

    hostile = {ANN: "<@&900> <#10>", BOB: "<#123456789012345678>", CY: "<@&123456789012345678>"}
    game = await lobby(referee, *hostile.items())
    await referee.lobby.start(game.id, ANN, seed=5)
    await referee.idle()
    for _ in range(4):
        user, _, table = await owed(referee, game.id)
        await referee.sessions.decide(game.id, user, str(referee.ctx.game.default(table.state)))
        await referee.idle()
    game = await cached.get_game(referee.ctx, game.id)
    written = [await referee.moderation.listing(GUILD), await referee.info.log(game, 20),
               await referee.info.log(game, 20, notation=False),
               *(p.text for p in thread_posts(referee.ctx.out, game))]  # type: ignore[arg-type]
    everything = "\n".join(written)
    assert "900" in everything and "123456789012345678" in everything  # the names are there
    for raw in ("<@&900>", "<#10>", "<#123456789012345678>", "<@&123456789012345678>"):
        assert raw not in everything.replace("\\", ""), raw
    for text in (shown("<@&1>"), shown("<#1>"), shown("</cmd:1>"), shown("<t:1>"), shown("<a:x:1>")):
        assert text[1] == "\u200b"  # a zero-width space after "<": no mention, no link


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab @!&#-_*~|`>[]()<>:/\\\n0123456789everyonhttps."),
               max_size=60))
def test_the_escapes_are_discords(text: str) -> None:
    """``referee.messages.names`` escapes as discord.py does, without importing it."""
    from discord.utils import escape_markdown, escape_mentions

    from referee.messages import names

    assert names.escape_markdown(text) == escape_markdown(text)
    assert names.escape_mentions(text) == escape_mentions(text)
    for sample in ("**hi** _x_ [a](https://b.c/d_e) <https://q/_>", "@everyone @here",
                   "<@123456789012345678> @&12345678901234567890 > quote\n# head\n - item"):
        assert names.escape_markdown(sample) == escape_markdown(sample)
        assert names.escape_mentions(sample) == escape_mentions(sample)
