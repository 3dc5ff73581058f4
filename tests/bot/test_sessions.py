"""Deciding: load, check, apply, persist, notify; and every refusal changes nothing."""

from __future__ import annotations

import asyncio

import pytest

from db import games as games_db
from engine import IllegalDecision, NotationError, NotYourTurn
from referee.errors import NotAPlayer, StalePrompt, UnknownGame, WrongPhase
from referee.messages import choices, ids
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import ANN, BOB, CARD, STRANGER, T0, lobby, owed, thread_posts, two_players


async def snapshot(ref: Referee, game_id: int) -> tuple[int, int]:
    game = await cached.get_game(ref.ctx, game_id)
    return game.version or 0, len(await games_db.get_log(ref.db, game_id))


async def test_start_posts_summary_map_and_prompt(referee: Referee) -> None:
    game = await two_players(referee)
    posts = thread_posts(referee.ctx.out, game)  # type: ignore[arg-type]
    text = "\n".join(p.text for p in posts)
    assert "begins" in text and "Round 1" in text
    assert any(f.name.endswith(".png") for p in posts for f in p.files)
    prompt = posts[-1]
    user, player, table = await owed(referee, game.id)
    assert f"<@{user}>" in prompt.text and prompt.ping == (user,)
    assert f"<t:{T0 + 86400}:R>" in prompt.text and "must choose the target" in prompt.text
    assert prompt.panel is not None
    labels = [b.label for b in prompt.panel.buttons]
    assert labels == ["Target A2", "Target B1"]  # players' words; the notation for /do
    assert game.deadline == T0 + 86400 and game.remind_at == T0 + 86400 - 6 * 3600


async def test_a_decision_is_committed_before_the_reply(referee: Referee) -> None:
    game = await two_players(referee)
    user, player, table = await owed(referee, game.id)
    done = await referee.sessions.decide(game.id, user, "target B1")
    assert done == "target B1"
    log = await games_db.get_log(referee.db, game.id)  # stored before the reply...
    assert [(d.player_id, d.text) for d in log] == [(player, "target B1")]
    await referee.idle()  # ...and the thread is told after it (referee.messages.tell)
    log = await games_db.get_log(referee.db, game.id)
    assert [(d.player_id, d.text, d.source, d.by_user_id) for d in log] == \
        [(player, "target B1", "player", user)]
    assert (await cached.get_game(referee.ctx, game.id)).version == table.version + 1
    assert "moves the marker to B1" in thread_posts(referee.ctx.out, game)[-1].text  # type: ignore[arg-type]


async def test_refusals_change_nothing(referee: Referee) -> None:
    game = await two_players(referee)
    user, _, _ = await owed(referee, game.id)
    other = BOB if user == ANN else ANN
    before = await snapshot(referee, game.id)
    posts = len(thread_posts(referee.ctx.out, game))  # type: ignore[arg-type]
    with pytest.raises(NotAPlayer):
        await referee.sessions.decide(game.id, STRANGER, "target B1")
    with pytest.raises(NotYourTurn) as not_yours:
        await referee.sessions.decide(game.id, other, "target B1")
    assert "not your turn" in str(not_yours.value)
    with pytest.raises(IllegalDecision):
        await referee.sessions.decide(game.id, user, "target G7")
    with pytest.raises(NotationError):
        await referee.sessions.decide(game.id, user, "mine purple-9")
    with pytest.raises(NotationError):
        await referee.sessions.decide(game.id, user, "")
    with pytest.raises(UnknownGame):
        await referee.sessions.decide(4242, user, "target B1")
    assert await snapshot(referee, game.id) == before
    assert len(thread_posts(referee.ctx.out, game)) == posts  # type: ignore[arg-type]


async def test_no_decisions_in_a_lobby(referee: Referee) -> None:
    game = await lobby(referee, (ANN, "Ann"), (BOB, "Bob"))
    with pytest.raises(WrongPhase):
        await referee.sessions.decide(game.id, ANN, "pass")


async def test_stale_prompts(referee: Referee) -> None:
    game = await two_players(referee)
    user, _, table = await owed(referee, game.id)
    with pytest.raises(StalePrompt):
        await referee.sessions.decide(game.id, user, "target B1", version=table.version - 1,
                                      tag=table.tag)
    with pytest.raises(StalePrompt):
        await referee.sessions.decide(game.id, user, "target B1", version=table.version,
                                      tag="000000")
    await referee.sessions.decide(game.id, user, "target B1", version=table.version, tag=table.tag)
    with pytest.raises(StalePrompt):  # the same button again
        await referee.sessions.decide(game.id, user, "target B1", version=table.version,
                                      tag=table.tag)


async def test_two_clicks_at_once_apply_once(referee: Referee) -> None:
    game = await two_players(referee)
    user, _, table = await owed(referee, game.id)
    results = await asyncio.gather(
        *(referee.sessions.decide(game.id, user, text, version=table.version, tag=table.tag)
          for text in ("target B1", "target A2", "target B1")),
        return_exceptions=True)
    assert sum(isinstance(r, str) for r in results) == 1
    assert sum(isinstance(r, StalePrompt) for r in results) == 2
    assert len(await games_db.get_log(referee.db, game.id)) == 1


async def test_verb_buttons_and_selects_only_for_the_owing_player(referee: Referee) -> None:
    game = await two_players(referee)
    user, _, table = await owed(referee, game.id)
    other = BOB if user == ANN else ANN
    with pytest.raises(NotYourTurn):
        await referee.sessions.pick(game.id, other, table.version, table.tag, verb="target")
    with pytest.raises(NotAPlayer):
        await referee.sessions.pick(game.id, STRANGER, table.version, table.tag, verb="target")
    select = await referee.sessions.pick(game.id, user, table.version, table.tag, verb="target")
    assert isinstance(select, choices.Select)
    assert [o.label for o in select.options] == ["Target A2", "Target B1"]  # players' words
    text = await referee.sessions.pick(game.id, user, table.version, table.tag,
                                       span=select.options[1].value)
    assert text == "target B1"
    with pytest.raises(Exception, match="malformed"):
        await referee.sessions.pick(game.id, user, table.version, table.tag, span="0-9")
    with pytest.raises(WrongPhase):
        await referee.sessions.pick(game.id, user, table.version, table.tag, verb="mine")


async def test_autocomplete_only_for_the_owing_player(referee: Referee) -> None:
    game = await two_players(referee)
    user, _, _ = await owed(referee, game.id)
    other = BOB if user == ANN else ANN
    assert await referee.sessions.autocomplete(game.id, user, ("target",), "") == \
        ["target A2", "target B1"]
    assert await referee.sessions.autocomplete(game.id, user, ("target",), "b1") == ["target B1"]
    assert await referee.sessions.autocomplete(game.id, user, ("mine",), "") == []
    assert await referee.sessions.autocomplete(game.id, other, ("target",), "") == []
    assert await referee.sessions.autocomplete(game.id, STRANGER, (), "") == []


async def test_normalise(referee: Referee) -> None:
    game = await two_players(referee)
    s = referee.sessions
    assert await s.normalise(game.id, "B1", ("target",)) == "target B1"
    assert await s.normalise(game.id, "target  B1", ("target",)) == "target B1"
    assert await s.normalise(game.id, "decline", ("fight", "decline")) == "decline"
    assert await s.normalise(game.id, "pink-4", ("fight", "decline")) == "fight pink-4"
    assert await s.normalise(game.id, "blue,pink", ("return", "gold")) == "return blue,pink"
    assert await s.normalise(game.id, "mine blue-4", ()) == "mine blue-4"


PREFERRED = ("mine", "draw", "target", "fight", "refill", "pass")


async def play(ref: Referee, game_id: int, steps: int) -> None:
    """The owing player takes the first legal decision, ``steps`` times, through the panel
    path (version and tag checked)."""
    for _ in range(steps):
        game = await cached.get_game(ref.ctx, game_id)
        if game.status != "running":
            return
        user, _, table = await owed(ref, game_id)
        texts = choices.ordered(ref.ctx.game.legal(table.state))
        pick = next((t for verb in PREFERRED for t in texts if t.startswith(verb)), texts[0])
        await ref.sessions.decide(game_id, user, pick, version=table.version, tag=table.tag)
        await ref.idle()


async def test_nothing_private_reaches_the_thread(referee: Referee) -> None:
    game = await two_players(referee)
    await play(referee, game.id, 60)
    out = referee.ctx.out
    posts = thread_posts(out, game)  # type: ignore[arg-type]
    for post in posts:
        assert "You drew" not in post.text and "Your hand in game" not in post.text
        if post.panel is not None:
            for button in post.panel.buttons:
                assert not CARD.search(button.label) and not CARD.search(button.custom_id)
    dms = {user: "\n".join(p.text for p in out.dms.get(user, [])) for user in (ANN, BOB)}  # type: ignore[attr-defined]
    assert "You drew" in dms[ANN] and "You drew" in dms[BOB]
    assert "Your hand in game" in dms[ANN]
    # the round summaries show hand colours and sizes only
    assert any(CARD.sub("", p.text) != p.text for p in posts)  # played cards are public
    assert any(f"hand {n} (" in p.text for p in posts for n in (1, 2, 3, 4))


async def test_hands_are_dmed_when_they_change(referee: Referee) -> None:
    game = await two_players(referee)
    out = referee.ctx.out
    assert out.dms == {}  # type: ignore[attr-defined]  (hands start empty: no DM)
    await play(referee, game.id, 1)  # the target: no hand changes
    assert out.dms == {}  # type: ignore[attr-defined]
    user, _, _ = await owed(referee, game.id)
    await play(referee, game.id, 1)  # a setup draw
    assert len(out.dms[user]) == 1  # type: ignore[attr-defined]
    dm = out.dms[user][0]  # type: ignore[attr-defined]
    assert "You drew" in dm.text and "(1/4)" in dm.text
    assert dm.files and dm.files[0].name.endswith("hand.png")


async def test_closed_dms_are_said_in_the_thread_once(referee: Referee) -> None:
    game = await two_players(referee)
    out = referee.ctx.out
    out.closed_dms.add(ANN)  # type: ignore[attr-defined]
    await play(referee, game.id, 12)
    notes = [p for p in thread_posts(out, game) if "couldn't send you a direct message" in p.text]  # type: ignore[arg-type]
    assert len(notes) == 1 and f"<@{ANN}>" in notes[0].text and "/stella hand" in notes[0].text
    assert not CARD.search(notes[0].text)
    assert ANN not in out.dms  # type: ignore[attr-defined]
    assert (await cached.get_game(referee.ctx, game.id)).status == "running"


async def test_ids_in_prompts_match_the_state(referee: Referee) -> None:
    game = await two_players(referee)
    _, _, table = await owed(referee, game.id)
    prompt = thread_posts(referee.ctx.out, game)[-1]  # type: ignore[arg-type]
    assert prompt.panel is not None
    parsed = ids.parse(prompt.panel.buttons[0].custom_id)
    assert isinstance(parsed, ids.TurnId)
    assert (parsed.game_id, parsed.version, parsed.tag) == (game.id, table.version, table.tag)


async def test_a_failing_notification_does_not_undo_a_stored_decision(referee: Referee) -> None:
    game = await two_players(referee)
    user, _, _ = await owed(referee, game.id)

    async def broken(*args: object) -> None:
        raise RuntimeError("discord is down")

    referee.ctx.out.post = broken  # type: ignore[method-assign]
    assert await referee.sessions.decide(game.id, user, "target B1") == "target B1"
    assert [d.text for d in await games_db.get_log(referee.db, game.id)] == ["target B1"]
