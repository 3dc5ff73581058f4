"""Out of Mine! through the referee (its registry line only): a whole seeded 2-player game
with sides, opens, digs drafted tile by tile and confirmed, the reveals and the final chart;
nothing of one player's card or dig reaches the thread or the other player before the reveal
(R3); the referee stamps every raced dig, the deadline's defaults included (R6, defaults)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from db import Game
from db import games as games_db
from db import owed as owed_db
from engine import IllegalDecision
from referee.messages.outbox import MemoryOutbox, replying_to
from referee.service import Referee
from referee.shared import cache as cached
from tests.bot.conftest import ANN, BOB, CHANNEL, GUILD, T0, Clock

HOUR = 3600
TIME = re.compile(r"time=\d+(\.\d)?$")


async def mine_game(ref: Referee, **options: bool) -> Game:
    game = await ref.lobby.open(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                game_name="out-of-mine", options=dict(options), turn_hours=1)
    await ref.lobby.join(game.id, BOB, "Bob")
    await ref.lobby.start(game.id, ANN, seed=7)
    await ref.idle()
    return await cached.get_game(ref.ctx, game.id)


def marks(out: MemoryOutbox, game: Game) -> dict[int | None, int]:
    """How many posts the thread (None) and each DM have so far."""
    assert game.thread_id is not None
    found: dict[int | None, int] = {None: len(out.threads.get(game.thread_id, []))}
    found.update({u: len(posts) for u, posts in out.dms.items()})
    return found


def seen_by_others(out: MemoryOutbox, game: Game, user: int,
                   since: dict[int | None, int] | None = None) -> str:
    """Every thread post and every DM but ``user``'s (those after ``since``)."""
    assert game.thread_id is not None
    since = since or {}
    texts = [p.text for p in out.threads.get(game.thread_id, [])[since.get(None, 0):]]
    texts += [p.text for u, posts in out.dms.items() if u != user
              for p in posts[since.get(u, 0):]]
    return "\n".join(texts)


async def owes(ref: Referee, game: Game, user: int) -> str | None:
    table = await ref.sessions.table(game.id)
    seat = game.seat_of_user(user)
    assert seat is not None
    found = [o.decision for o in ref.ctx.engine(game).owed(table.state)
             if o.player == seat.player_id]
    return found[0] if found else None


async def dig_by_drafts(ref: Referee, game: Game, user: int, clock: Clock) -> list[str]:
    """Place tiles one at a time (the first legal placement each time, as a player picking
    from the offered list would), each draft checked and saved privately; returns the tiles."""
    words: list[str] = []
    while True:
        table = await ref.sessions.table(game.id)
        seat = game.seat_of_user(user)
        assert seat is not None
        nxt = ref.ctx.engine(game).options(table.state, seat.player_id,
                                           " ".join(["dig", *words]))
        if not nxt:
            return words
        words.append(nxt[0])
        clock.advance(3)
        shown = await ref.sessions.draft(game.id, user, " ".join(["dig", *words]))
        assert "only you see it" in shown


async def test_a_whole_game_played_by_drafts_stays_private_until_each_reveal(
        referee: Referee, clock: Clock) -> None:
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await mine_game(referee, race=True)
    g = referee.ctx.engine(game)
    assert game.game_name == "out-of-mine"
    forced = 0
    for _round in range(7):
        start = marks(out, game)  # earlier rounds' reveals name earlier digs
        for user in (ANN, BOB):
            if await owes(referee, game, user) == "side":
                assert await referee.sessions.decide(game.id, user, "side b") == "side b"
            else:
                forced += 1  # R4: their board came back, its other side is set and announced
        assert await referee.sessions.decide(game.id, ANN, "open") == "open"
        table = await referee.sessions.table(game.id)
        ann = game.seat_of_user(ANN).player_id  # type: ignore[union-attr]
        card = g.view(table.state, ann)["players"][ann]["card_info"]["text"]
        assert card not in seen_by_others(out, game, ANN, start)  # R3: only Ann sees her card
        ann_tiles = await dig_by_drafts(referee, game, ANN, clock)
        done = await referee.sessions.confirm(game.id, ANN)
        assert TIME.search(done)  # R6: the referee's clock, never typed
        others = seen_by_others(out, game, ANN, start)
        assert card not in others
        assert not [w for w in ann_tiles if w in others]  # R3: sealed until the reveal
        status, _ = await referee.info.status(game, BOB)
        assert not [w for w in ann_tiles if w in status]
        assert all(d.sealed for d in (await games_db.get_log(referee.db, game.id))[-1:])
        await referee.sessions.decide(game.id, BOB, "open")
        await dig_by_drafts(referee, game, BOB, clock)
        await referee.sessions.confirm(game.id, BOB)  # the last commit: the reveal
        await referee.idle()  # the thread is told after the reply (referee.messages.tell)
        assert not any(d.sealed for d in await games_db.get_log(referee.db, game.id))
        thread = out.threads[game.thread_id]  # type: ignore[index]
        assert any("revealed" in p.text for p in thread[-4:])
        assert any(p.files for p in thread[-4:])  # the reveal picture
        game = await cached.get_game(referee.ctx, game.id)
        if game.status != "running":
            break
    game = await cached.get_game(referee.ctx, game.id)
    assert game.status == "finished"
    final = out.threads[game.thread_id]  # type: ignore[index]
    assert any("OUT OF MINE! The game is over" in p.text and p.files for p in final[-3:])
    table = await referee.sessions.table(game.id)
    assert table.state.round == 7 and table.state.ended
    told = "\n".join(p.text for p in final)
    assert forced and told.count(" back after playing ") == forced  # every forced side, in public
    log = await games_db.get_log(referee.db, game.id)
    digs = [d.text for d in log if d.text.startswith("dig")]
    assert len(digs) == 14 and all(TIME.search(d) for d in digs)


async def test_the_deadline_commits_a_legal_draft_and_stamps_the_default_dig(
        referee: Referee, clock: Clock) -> None:
    """Defaults table: a saved legal draft is committed (its time counts to the deadline);
    a player who never opened gets `open` then an empty dig stamped to the deadline (R6)."""
    game = await mine_game(referee, race=True)
    for user in (ANN, BOB):
        if await owes(referee, game, user) == "side":
            await referee.sessions.decide(game.id, user, "side a")
    await referee.sessions.decide(game.id, ANN, "open")
    tiles = await dig_by_drafts(referee, game, ANN, clock)
    deadline = min(t.deadline for t in await cached.owed_timers(referee.ctx, game.id))
    clock.t = deadline + 1
    await referee.timers.tick(int(clock()))
    await referee.idle()
    log = await games_db.get_log(referee.db, game.id)
    late = {d.player_id: d.text for d in log if d.source == "timeout"}
    ann = game.seat_of_user(ANN).player_id  # type: ignore[union-attr]
    bob = game.seat_of_user(BOB).player_id  # type: ignore[union-attr]
    committed = late[ann].split()[1:-1]
    assert sorted(w.split("@")[0] for w in committed) == sorted(tiles)  # the whole saved draft
    placed = {w.split("@")[0]: float(w.split("@")[1]) for w in committed}
    assert placed[tiles[0]] == 3.0 and placed[tiles[-1]] == 3.0 * len(tiles)  # placing times
    assert late[ann].endswith(f"time={float(deadline - T0)}")  # to the deadline, not to now
    bob_digs = [d.text for d in log if d.player_id == bob and d.text.startswith("dig")]
    assert bob_digs == ["dig time=0.0"]  # opened by default at the deadline: no time to dig
    table = await referee.sessions.table(game.id)
    assert table.state.round == 2


async def test_a_player_can_not_type_a_time_or_an_illegal_tile(referee: Referee) -> None:
    game = await mine_game(referee, race=True)
    for user in (ANN, BOB):
        if await owes(referee, game, user) == "side":
            await referee.sessions.decide(game.id, user, "side a")
    await referee.sessions.decide(game.id, ANN, "open")
    try:
        await referee.sessions.decide(game.id, ANN, "dig time=1")
    except IllegalDecision as exc:
        assert "referee" in str(exc)
    else:
        raise AssertionError("a typed time was accepted")
    try:
        await referee.sessions.draft(game.id, ANN, "dig blue:A1")
    except IllegalDecision as exc:
        assert str(exc)
    else:
        raise AssertionError("an illegal tile was drafted")
    assert await owed_db.get_draft(referee.db, game.id, game.seat_of_user(ANN).player_id) is None  # type: ignore[union-attr]


async def test_ai_seats_dig_real_boards(referee: Referee) -> None:
    """An easy and a strong bot play a whole game beside Ann: their digs place tiles (the
    engine's heuristic and strong_dig), never only the empty default, and are stamped."""
    game = await referee.lobby.open(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN,
                                    host_name="Ann", game_name="out-of-mine",
                                    options={"race": True}, turn_hours=1)
    await referee.lobby.add_bot(game.id, ANN, "easy")
    await referee.lobby.add_bot(game.id, ANN, "strong")
    await referee.lobby.start(game.id, ANN, seed=3)
    await referee.idle()
    game = await cached.get_game(referee.ctx, game.id)
    for _ in range(30):
        owed = await owes(referee, game, ANN)
        if owed is None:
            break
        await referee.sessions.decide(game.id, ANN, {"side": "side a"}.get(owed, owed))
        await referee.idle()
    game = await cached.get_game(referee.ctx, game.id)
    assert game.status == "finished"
    ann = game.seat_of_user(ANN).player_id  # type: ignore[union-attr]
    log = await games_db.get_log(referee.db, game.id)
    digs = [d.text for d in log if d.text.startswith("dig") and d.player_id != ann]
    assert len(digs) == 14 and all(":" in d and TIME.search(d) for d in digs)


async def test_a_saved_draft_survives_a_restart(referee: Referee, clock: Clock,
                                                db_path: object) -> None:
    """The draft lives in the database: a new referee on the same file (a restart) confirms
    it with the time it was placed (R6)."""
    from db import Database
    from referee.process.config import Settings

    game = await mine_game(referee, race=True)
    for user in (ANN, BOB):
        if await owes(referee, game, user) == "side":
            await referee.sessions.decide(game.id, user, "side a")
    await referee.sessions.decide(game.id, ANN, "open")
    tiles = await dig_by_drafts(referee, game, ANN, clock)
    await referee.close()
    db = await Database.open(db_path, synchronous="OFF")  # type: ignore[arg-type]
    again = Referee(db, MemoryOutbox(), Settings(_env_file=None), clock=clock)  # type: ignore[call-arg]
    try:
        clock.advance(10)
        done = await again.sessions.confirm(game.id, ANN)
        assert [w.split("@")[0] for w in done.split()[1:-1]] == tiles
        assert done.split()[1].endswith("@3.0")  # the first tile's own placing time
    finally:
        await again.close()
        await db.close()


async def test_the_bots_downtime_is_taken_off_the_running_clock(referee: Referee, clock: Clock,
                                                                db_path: object) -> None:
    """R6: time while the bot was down (from its last sign of life to its restart) is taken off
    every clock that was running and off every later @S; earlier @S stay (issue 25: 15.0 s
    were charged, 11.6 s of them with the bot down)."""
    from db import Database
    from db import life as life_db
    from referee.process.config import Settings

    game = await mine_game(referee, race=True)
    for user in (ANN, BOB):
        if await owes(referee, game, user) == "side":
            await referee.sessions.decide(game.id, user, "side a")
    await referee.sessions.decide(game.id, ANN, "open")  # Ann's clock starts: 0 s

    async def place(ref: Referee) -> str:
        word = (await ref.sessions.complete(game.id, ANN, "+"))[0][1:]
        await ref.sessions.draft(game.id, ANN, f"+{word}")
        return word

    clock.advance(3)
    first = await place(referee)  # @3
    clock.advance(2)
    await referee.heartbeat.beat()  # the last sign of life: 5 s
    clock.advance(1)
    second = await place(referee)  # @6, placed after it, before the crash
    await referee.close()  # a crash: no last sign of life
    clock.advance(20)  # down for 20 s (21 s since the last sign of life)
    db = await Database.open(db_path, synchronous="OFF")  # type: ignore[arg-type]
    again = Referee(db, MemoryOutbox(), Settings(_env_file=None), clock=clock)  # type: ignore[call-arg]
    try:
        await again.resume()
        await again.resume()  # a second start at once: nothing is taken off twice
        assert await life_db.last_seen(db, 0) == clock()
        clock.advance(4)
        third = await place(again)  # 5 s before the last sign of life, 4 s since the restart
        clock.advance(2)
        done = await again.sessions.confirm(game.id, ANN)
        placed = dict(w.split("@") for w in done.split()[1:-1])
        assert placed == {first: "3.0", second: "6.0", third: "9.0"}
        assert done.split()[-1] == "time=11.0"  # not 32 s: the 21 s down are not Ann's
    finally:
        await again.close()
        await db.close()


async def test_each_round_picture_is_named_after_the_round_it_shows(referee: Referee) -> None:
    # issue 27: the reveal of round 1 was posted as `round2.png` (the view's next round)
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await mine_game(referee, race=True)
    for user in (ANN, BOB):
        if await owes(referee, game, user) == "side":
            await referee.sessions.decide(game.id, user, "side a")
    for user in (ANN, BOB):
        await referee.sessions.decide(game.id, user, "open")
        await referee.sessions.decide(game.id, user, "dig")  # the last commit: the reveal
    await referee.idle()
    table = await referee.sessions.table(game.id)
    assert table.state.round == 2
    posts = out.threads[game.thread_id]  # type: ignore[index]
    reveal = [p for p in posts if "**Round 1 revealed**" in p.text]
    assert reveal and [f.name for f in reveal[-1].files] == [f"game{game.id}-round1.png"]
    named = [f.name for p in posts for f in p.files]
    assert f"game{game.id}-round2.png" not in named  # nothing of round 2 is shown yet


async def test_no_your_turn_after_the_default_was_made(referee: Referee, clock: Clock) -> None:
    # issue 27: at the deadline `open` then the `dig` default are made at once (defaults
    # table); the `open` was told on its own after both, its DM saying "It's your turn ...
    # Dig:" about a dig already made. The timeout's decisions are told together, as they end.
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await mine_game(referee, race=True)
    for user in (ANN, BOB):
        if await owes(referee, game, user) == "side":
            await referee.sessions.decide(game.id, user, "side a")
    await referee.sessions.decide(game.id, ANN, "open")
    await referee.sessions.decide(game.id, ANN, "dig")
    await referee.idle()
    start = marks(out, game)
    deadline = min(t.deadline for t in await cached.owed_timers(referee.ctx, game.id))
    clock.t = deadline + 1
    await referee.timers.tick(int(clock()))
    await referee.idle()
    log = await games_db.get_log(referee.db, game.id)
    assert [d.text for d in log if d.source == "timeout"] == ["open", "dig time=0.0"]
    # the defaults ended the round: the reveal and the next round hold nothing private for
    # Bob (R3), so no DM, neither a "how to dig" nor a stale "your turn" (the prompt pings him)
    assert out.dms.get(BOB, [])[start.get(BOB, 0):] == []
    told = "\n".join(p.text for p in out.threads[game.thread_id])  # type: ignore[index]
    assert told.count("ran out of time") == 2 and "Round 1 revealed" in told


#: a command named in a text as a player would type it: `/group sub option:value ...`
TYPED = re.compile(r"`/([a-z][a-z-]*)(?: ([a-z_]+))?((?: [a-z_]+:[^`\s]*)*)")


async def test_every_text_names_what_exists_without_stray_backslashes(
        referee: Referee, clock: Clock, db_path: Any) -> None:
    # issue 27: a DM said "`/game open` shows it" (there is no /game open), the thread said
    # "Open yours with \`open\`" (an engine line's markdown escaped), the button reads "Open my
    # card": every command a text of a round names is registered with the options it names,
    # every button it names is on the prompt, and no text shows a backslash
    from discord import app_commands

    from bot import RefereeBot
    from games.out_of_mine.texts import OPEN_BUTTON
    from tests.bot.conftest import settings

    client = RefereeBot(settings(database_path=db_path), outbox=MemoryOutbox(), clock=clock)
    await client.prepare()
    tree = {c.name: c for c in client.tree.get_commands()}
    await client.close()
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await mine_game(referee, race=True)
    replies = []
    for user in (ANN, BOB):
        if await owes(referee, game, user) == "side":
            await referee.sessions.decide(game.id, user, "side a")
    await referee.idle()
    for user in (ANN, BOB):  # a face-down card: `/game hand` says how to open it
        replies.append((await referee.info.hand(await cached.get_game(referee.ctx, game.id), user))[0])
        replies.append((await referee.info.status(await cached.get_game(referee.ctx, game.id), user))[0])
    await referee.sessions.decide(game.id, ANN, "open")
    replies.append(await referee.sessions.draft(game.id, ANN, "dig"))
    word = (await referee.sessions.complete(game.id, ANN, "+"))[0]
    replies.append(await referee.sessions.draft(game.id, ANN, word))
    replies.append(await referee.sessions.confirm(game.id, ANN))
    await referee.idle()
    clock.t = min(t.deadline for t in await cached.owed_timers(referee.ctx, game.id)) + 1
    await referee.timers.tick(int(clock()))  # Bob: open and dig by default
    await referee.idle()
    read = [p.text for p in out.sent] + [p.text for _, p in out.edited] + replies
    read += [p.text for posts in out.dms.values() for p in posts]
    named = []
    for text in read:
        for group, sub, given in TYPED.findall(text):
            command = tree.get(group)
            assert command is not None, f"/{group} in {text!r}"
            if isinstance(command, app_commands.Group) and sub:
                command = command.get_command(sub)
                assert command is not None, f"/{group} {sub} in {text!r}"
            params = {p.name for p in getattr(command, "parameters", ())}
            for option in given.split():
                assert option.split(":")[0] in params, f"/{group} {sub} {option} in {text!r}"
            named.append(f"/{group} {sub}".strip())
    assert {"/game do", "/game draft", "/game confirm"} <= set(named)
    face_down = [t for t in read if "Your card is face down" in t]
    assert face_down and all(f"**{OPEN_BUTTON}**" in t for t in face_down)
    labels = {b.label for p in out.sent if p.panel for b in p.panel.buttons}
    assert OPEN_BUTTON in labels  # the button the DM names is on the prompt
    assert [t for t in read if "\\" in t] == []  # no escaped markdown shown


@contextlib.contextmanager
def request_of(user: int) -> Iterator[None]:
    """Decisions made inside are a member's own click or command (``replying_to``, as the cogs
    set it): what they change is told as the answer to that request."""
    token = replying_to.set(SimpleNamespace(user=SimpleNamespace(id=user)))
    try:
        yield
    finally:
        replying_to.reset(token)


@pytest.mark.parametrize("race", [True, False])
async def test_new_rounds_reveals_and_own_decisions_send_no_dm(referee: Referee,
                                                                race: bool) -> None:
    # issue 29: a DM only when private information changes by what the player did not do.
    # R3: boards, sides and (race off) the cards dealt are public, the thread says them; a
    # reveal makes every card and commit public. What stays private, the card after its
    # owner's open (race on) and their commit, is shown by the workbench that answers the
    # open and the reply to the commit: no DM, no second private answer (issue 27: such DMs
    # said only "Not your turn" or repeated the commit)
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await mine_game(referee, race=race)
    assert "comes by DM" not in out.threads[game.thread_id][0].text  # type: ignore[index]
    rounds = 3
    for _round in range(rounds):
        for user in (ANN, BOB):
            if await owes(referee, game, user) == "side":
                with request_of(user):
                    await referee.sessions.decide(game.id, user, "side a")
            await referee.idle()
        for user in (ANN, BOB):
            with request_of(user):
                if race:
                    await referee.sessions.decide(game.id, user, "open")
                reply = await referee.sessions.decide(game.id, user, "dig")
            assert "dig" in reply  # the reply confirms the commit
            await referee.idle()
    table = await referee.sessions.table(game.id)
    assert table.state.round == rounds + 1
    assert out.dms == {} and out.whispers == {}


@pytest.mark.parametrize("race", [True, False])
async def test_a_timeouts_default_dig_comes_by_dm(referee: Referee, clock: Clock,
                                                  race: bool) -> None:
    # defaults table: at Bob's deadline `open` (race on) then the empty dig are made for him;
    # while Ann still owes, that commit (and his card, race on) is his alone (R3) and he did
    # not make it: one DM shows it. The reveal then makes it public: no DM.
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await mine_game(referee, race=race)
    for user in (ANN, BOB):
        if await owes(referee, game, user) == "side":
            await referee.sessions.decide(game.id, user, "side a")
    await referee.idle()
    ann = game.seat_of_user(ANN).player_id  # type: ignore[union-attr]
    await referee.lifecycle.extend(game.id, ANN, 2, player=ann)  # Ann's deadline is later
    deadline = min(t.deadline for t in await cached.owed_timers(referee.ctx, game.id))
    clock.t = deadline + 1
    await referee.timers.tick(int(clock()))
    await referee.idle()
    log = await games_db.get_log(referee.db, game.id)
    assert [d.text.split()[0] for d in log if d.source == "timeout"] == (
        ["open", "dig"] if race else ["dig"])
    assert ANN not in out.dms
    told = [p.text for p in out.dms[BOB]]
    assert len(told) == 1 and "Your commit" in told[0] and "Your card" in told[0]
    with request_of(ANN):
        if race:
            await referee.sessions.decide(game.id, ANN, "open")
        await referee.sessions.decide(game.id, ANN, "dig")  # the last commit: the reveal
    await referee.idle()
    table = await referee.sessions.table(game.id)
    assert table.state.round == 2
    assert ANN not in out.dms and len(out.dms[BOB]) == 1
