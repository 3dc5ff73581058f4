"""A quiet thread (issue 12): pings only when the turn passes, one prompt edited in place while
the same player keeps deciding, earlier prompts edited down to what happened (no stale
controls), the how-to once, and a catch-up digest of public lines only."""

from __future__ import annotations

from typing import Any

from db import games as games_db
from referee.messages import ids
from referee.messages.outbox import MemoryOutbox
from referee.service import Referee
from referee.shared import cache as cached

from .conftest import ANN, BOB, CHANNEL, lobby, owed, thread_posts, two_players


async def play_defaults(ref: Referee, game_id: int, limit: int = 400) -> list[tuple[str, str]]:
    """Every owed decision is the default, made by its player; the (player, text) log."""
    made = []
    for _ in range(limit):
        game = await cached.get_game(ref.ctx, game_id)
        if game.status != "running":
            break
        user, player, table = await owed(ref, game_id)
        text = str(ref.ctx.game.default(table.state, player))
        await ref.sessions.decide(game_id, user, text)
        await ref.idle()
        made.append((player, text))
    await ref.idle()
    return made


def turn_runs(log: list[Any]) -> dict[str, int]:
    """How often the turn passed to each player (runs of consecutive decisions)."""
    runs: dict[str, int] = {}
    last = None
    for d in log:
        if d.player_id != last:
            runs[d.player_id] = runs.get(d.player_id, 0) + 1
        last = d.player_id
    return runs


async def test_a_ping_only_when_the_turn_passes_and_no_control_stays(referee: Referee) -> None:
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await two_players(referee)
    await play_defaults(referee, game.id)
    posts = thread_posts(out, game)
    log = await games_db.get_log(referee.db, game.id)
    game = await cached.get_game(referee.ctx, game.id)
    user_of = {s.user_id: s.player_id for s in game.seats}
    pings: dict[str, int] = {}
    for post in posts:
        for uid in post.ping:
            pings[user_of[uid]] = pings.get(user_of[uid], 0) + 1
    runs = turn_runs(log)
    assert pings and all(pings[p] <= runs[p] for p in pings), (pings, runs)
    # the end is told once: why, then the winner first
    finals = [p.text for p in posts if "The game is over" in p.text]
    assert len(finals) == 1, finals
    lines = finals[0].split("\n")
    over = next(i for i, line in enumerate(lines) if "The game is over" in line)
    assert lines[over + 1].startswith("🏆 ") and sum(x.startswith("🏆") for x in lines) == 1
    # every prompt was edited down: no message keeps buttons once the game is over
    assert [p.text[:60] for p in posts if p.panel is not None and any(
        isinstance(ids.parse(b.custom_id), ids.TurnId) for b in p.panel.buttons)] == []


async def test_the_same_player_deciding_again_gets_the_same_prompt_edited(referee: Referee) -> None:
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await two_players(referee)
    before = len(thread_posts(out, game))
    user, player, table = await owed(referee, game.id)
    await referee.sessions.decide(game.id, user, "target B1")  # then the same player draws
    await referee.idle()
    posts = thread_posts(out, game)
    assert len(posts) == before  # no new message, no new ping
    prompt = posts[-1]
    assert "moves the marker to B1" in prompt.text and "must draw" in prompt.text
    assert prompt.panel is not None and out.edited[-1][1].panel is not None
    # the turn passes: that prompt is edited down to what was chosen, a new one pings the next
    await referee.sessions.decide(game.id, user, "draw 1")
    await referee.idle()
    posts = thread_posts(out, game)
    assert len(posts) == before + 1
    old, new = posts[-2], posts[-1]
    assert old.panel is None and "draws" in old.text and "must draw" not in old.text
    nxt, _, _ = await owed(referee, game.id)
    assert nxt != user and new.ping == (nxt,) and new.panel is not None


async def test_the_how_to_is_said_once_at_the_start(referee: Referee) -> None:
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await two_players(referee)
    await play_defaults(referee, game.id, limit=12)
    texts = [p.text for p in out.sent] + [p.text for _, p in out.edited]
    assert sum("use the buttons" in t for t in texts) == 1
    assert "use the buttons" in next(t for t in texts if "begins" in t)


async def test_a_prompt_carries_what_the_player_missed_never_a_hidden_card(
        referee: Referee) -> None:
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await two_players(referee)
    await play_defaults(referee, game.id, limit=14)
    texts = [p.text for p in out.sent] + [p.text for _, p in out.edited]
    digests = [t for t in texts if "📋 Since your last decision" in t]
    assert digests, texts[-3:]
    block = digests[-1].split("📋 Since your last decision", 1)[1]
    assert "draws a" in block or "mines" in block or "passes" in block
    # what each player drew is only in their DMs: never in a digest
    private = [p.text for posts in out.dms.values() for p in posts]
    assert any("You drew" in t for t in private)
    assert not any("You drew" in t for t in digests)


async def test_the_lobby_message_and_the_announcement_stay_current(referee: Referee) -> None:
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await lobby(referee, (ANN, "Ann"))
    intro = out.channel_intros[CHANNEL]
    assert "open" in intro[-1] and f"<@{ANN}>" in intro[-1]
    await referee.lobby.join(game.id, BOB, "Bob")
    await referee.idle()  # the announcement is edited in the background
    assert f"<@{BOB}>" in intro[-1] and "(2/4)" in thread_posts(out, game)[0].text
    await referee.lobby.start(game.id, ANN, seed=5)
    await referee.idle()
    lobby_message = thread_posts(out, game)[0]
    assert "(running)" in lobby_message.text and lobby_message.panel is None
    assert "Press **Join**" not in lobby_message.text
    assert "under way" in intro[-1]
    await play_defaults(referee, game.id)
    game = await cached.get_game(referee.ctx, game.id)
    state = (await referee.sessions.table(game.id)).state
    scores = referee.ctx.game.scores(state)
    assert "finished" in intro[-1] and "🏆" in intro[-1]
    assert all(f" {scores[p]['total']}" in intro[-1] for p in scores)
    assert "(finished)" in thread_posts(out, game)[0].text
    other = await lobby(referee, (ANN, "Ann"))
    await referee.moderation.abort(other.id, ANN, moderator=False)
    await referee.idle()
    assert "aborted" in out.channel_intros[CHANNEL][-1]


async def test_a_hand_dm_links_the_thread_and_says_whose_turn(referee: Referee) -> None:
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await two_players(referee)
    user, player, table = await owed(referee, game.id)
    await referee.sessions.decide(game.id, user, "target B1")
    await referee.idle()
    await referee.sessions.decide(game.id, user, "draw 1")  # the turn passes
    await referee.idle()
    nxt, nxt_player, table = await owed(referee, game.id)
    game = await cached.get_game(referee.ctx, game.id)
    link = f"https://discord.com/channels/{game.guild_id}/{game.thread_id}"
    last = out.dms[user][-1].text  # their card drawn: the turn has passed
    assert last.endswith(link) and "Not your turn (waiting for" in last
    assert referee.notify.whose_turn(game, table.state, nxt_player) == f"➡️ It's your turn: {link}"


async def test_the_log_reads_as_sentences_with_the_notation_on_request(referee: Referee) -> None:
    game = await two_players(referee)
    user, player, _ = await owed(referee, game.id)
    await referee.sessions.decide(game.id, user, "target B1")
    await referee.idle()
    await referee.sessions.decide(game.id, user, "draw 1")
    await referee.idle()
    text = await referee.info.log(game, 20, user, notation=False)
    assert "moves the marker to B1" in text and "draws a" in text
    assert "`target B1`" not in text and "You drew" not in text  # public lines only
    with_notation = await referee.info.log(game, 20, user, notation=True)
    assert "`target B1`" in with_notation and "`draw 1`" in with_notation


async def test_the_opening_deal_in_one_choice_per_player(referee: Referee) -> None:
    """Each player chooses the decks of all their opening draws at once: the log keeps one
    draw per card (the notation does not change), each made when it is due."""
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await two_players(referee)
    first, p1, table = await owed(referee, game.id)
    await referee.sessions.decide(game.id, first, "target B1")
    await referee.idle()
    prompt = thread_posts(out, game)[-1]
    assert prompt.panel is not None and prompt.panel.select is not None
    options = [o.label for o in prompt.panel.select.options]
    assert "Draw all 4: 2 from deck 1, 2 from deck 3" in options
    labels = [b.label for b in prompt.panel.buttons]
    assert all(label.startswith("Deck ") and " left)" in label for label in labels), labels
    table = await referee.sessions.running(game.id)
    tag = table.tag
    index = options.index("Draw all 4: 2 from deck 1, 2 from deck 3")
    done, rest = await referee.sessions.run(game.id, first, table.version, tag, "draw", index)
    await referee.idle()
    assert done == "draw 1" and rest == ["draw 1", "draw 3", "draw 3"]
    await referee.idle()
    second, p2, table = await owed(referee, game.id)
    assert second != first
    panel = thread_posts(out, game)[-1].panel
    assert panel is not None and panel.select is not None
    index = [o.label for o in panel.select.options].index("Draw all 4: 4 from deck 2")
    await referee.sessions.run(game.id, second, table.version, table.tag, "draw", index)
    await referee.idle()
    log = await games_db.get_log(referee.db, game.id)
    draws = [(d.player_id, d.text) for d in log if d.text.startswith("draw")]
    assert draws == [(p1, "draw 1"), (p2, "draw 2"), (p1, "draw 1"), (p2, "draw 2"),
                     (p1, "draw 3"), (p2, "draw 2"), (p1, "draw 3"), (p2, "draw 2")]
    assert all(d.source == "player" for d in log)
    asked = [p for p in out.sent if p.panel is not None]
    assert [p.ping for p in asked][-2:] == [(second,), (first,)]  # then the first one's action
    assert "must choose an action" in thread_posts(out, game)[-1].text


async def test_a_run_step_that_is_not_legal_when_due_asks_the_player(referee: Referee) -> None:
    game = await two_players(referee)
    first, p1, _ = await owed(referee, game.id)
    await referee.sessions.decide(game.id, first, "target B1")
    await referee.idle()
    table = await referee.sessions.running(game.id)
    referee.notify.plans.set(game.id, p1, ["mine blue-1"])  # never legal in the deal
    assert not referee.notify.planned(table.game, table.state, p1)
    assert referee.notify.plans.left(game.id, p1) == []  # dropped: the player is asked


async def test_the_cards_to_discard_in_one_multi_select(referee: Referee) -> None:
    """Refill Hand: several cards are chosen in one private multi-select of the hand; the
    decision made is the notation's (the log keeps it)."""
    from engine import get_game

    game = await two_players(referee)
    g = get_game("stella-digger")
    for _ in range(20):  # the opening deal, then the first action
        user, player, table = await owed(referee, game.id)
        if g.owed(table.state)[0].decision != "target" and any(
                str(a).startswith("refill") for a in g.legal(table.state, player)):
            break
        await referee.sessions.decide(game.id, user, str(g.default(table.state, player)))
        await referee.idle()
    table = await referee.sessions.running(game.id)
    select = await referee.sessions.pick(game.id, user, table.version, table.tag, verb="refill")
    assert not isinstance(select, str)
    hand = sorted(next(p.hand for p in table.state.players if p.id == player))
    assert [o.value for o in select.options] == hand
    assert (select.min_values, select.max_values) == (0, len(hand))
    assert ids.parse(select.custom_id).kind == "multi"  # type: ignore[union-attr]
    text = await referee.sessions.multi_pick(game.id, user, table.version, table.tag, "refill",
                                             hand[:2][::-1])
    assert text == f"refill discard={hand[0]},{hand[1]}"
    assert await referee.sessions.multi_pick(game.id, user, table.version, table.tag,
                                             "refill", []) == "refill"
    await referee.sessions.decide(game.id, user, text, version=table.version, tag=table.tag)
    await referee.idle()
    log = await games_db.get_log(referee.db, game.id)
    assert log[-1].text == text
