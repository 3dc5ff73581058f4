"""Filling the end-to-end benchmark's databases the way the bot fills them (``benchmarks/e2e.py``):
running games dealt and under way, each in a fake thread whose last message is its turn prompt,
finished games with their results, and the 10,000 games of the resume measure."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from db import games as games_db
from db import lobby as lobby_db
from db import transfer as transfer_db

DAY = 86_400


@dataclass
class Running:
    """A running game of the load phase: its ids, the players' fake users, an engine replica."""

    game_id: int
    thread: Any
    users: dict[str, Any]  # player id -> fake user
    state: Any
    rng: random.Random
    busy: bool = False  # a decision of this game is waiting for its reply
    command: str = "stella do"  # the slash command a decision is sent with (the game's own)


def choose(g: Any, state: Any, rng: random.Random) -> str:
    """A seeded player: mostly mining and passing, sometimes anything legal."""
    legal = [str(a) for a in g.legal(state)]
    to_act = g.to_act(state)
    if not legal:  # a decision that is not listed (a bid, a race): the game's default
        return str(g.default(state))
    if to_act.decision == "action":
        mines = [t for t in legal if t.startswith("mine ")]
        roll = rng.random()
        if mines and roll < 0.5:
            return rng.choice(mines)
        if roll < 0.85:
            return "pass" if "pass" in legal else rng.choice(legal)
    return rng.choice(legal)


async def store_game(db: Any, g: Any, *, guild_id: int, channel_id: int, thread_id: int | None,
                     users: list[int], seed: int, decisions: int | None, now: int,
                     finish: bool) -> tuple[int, Any]:
    """Create a game the way the bot does (lobby, seats, start) and store ``decisions``
    decisions (None: to the end, with the results), through the ``db`` API."""
    from db import DecisionSource, PlayerResult

    game = await lobby_db.create_game(db, guild_id=guild_id, channel_id=channel_id,
                                      host_id=users[0], game_name=g.name,
                                      options={**game_options(g), "turn_seconds": DAY},
                                      thread_id=thread_id, now=now)
    for i, uid in enumerate(users):
        await lobby_db.join_seat(db, game.id, user_id=uid, display_name=f"player{uid % 10_000}-{i}", now=now)
    names = {str(u): f"player{u % 10_000}" for u in users}
    state = g.new_game([str(u) for u in users], game_options(g), seed, names)
    text = g.dump(state)
    await lobby_db.start_game(db, game.id, initial_json=text, seed=seed, version=state.version,
                        seat_order=[p.id for p in state.players], deadline=now + DAY, now=now)
    rng = random.Random(seed)
    made = 0
    while not state.ended and (decisions is None or made < decisions):
        before = state.version
        to_act = g.to_act(state)
        action = g.default(state) if finish else choose(g, state, rng)
        g.apply(state, to_act.player, action)
        results = None
        if state.ended:
            scores = g.scores(state)
            results = [PlayerResult(p.id, scores[p.id]["total"], p.id in state.winners) for p in state.players]
        await games_db.append_decision(db, game.id, before, to_act.player, str(action), g.dump(state), state.version,
                                 deadline=None if state.ended else now + DAY, source=DecisionSource.PLAYER,
                                 by_user_id=int(to_act.player), results=results, now=now)
        made += 1
    return game.id, state


def players_of(g: Any, i: int) -> int:
    """How many play the ``i``-th running game of the fill (2, 3, 4 in turn, as allowed)."""
    return max(g.min_players, min(g.max_players, 2 + i % 3))


def dealt(players: int) -> int:
    """The decisions a running game of the fill is stored with (its deal: the target and
    every first draw, 4 cards a player)."""
    return 1 + 4 * players


def game_options(g: Any) -> dict[str, Any]:
    """The options the benchmark's games are made with (Stella Digger's without red tears)."""
    if g.name == "stella-digger":
        return {"red_tears": False}
    # Out of Mine! without the race: its digs would need the referee's clock (R6)
    return {"race": False} if g.name == "out-of-mine" else {}


def started_thread(fake: Any, channel: Any, name: str) -> Any:
    """A public thread started from the bot's announcement in ``channel``, as the bot makes a
    game's: the thread's id is the announcement's (a game's end edits it; a thread without it
    answered each such edit with a 404)."""
    from tests.fakediscord import messages
    from tests.fakediscord import state as st

    announcement = messages.create(fake, channel, fake.bot_user, {"content": name})
    return fake.add_thread(channel, name, type=st.PUBLIC_THREAD, thread_id=announcement.id)


async def fill(db_path: Path | str, fake: Any, guild: Any, channel: Any, *, running: int, finished: int,
               seed: int, game: str = "stella-digger") -> list[Running]:
    """Store ``finished`` whole games and ``running`` dealt games (threads made in the fake) of
    ``game``."""
    import games as presentations
    from db import Database, dm_channels
    from engine import get_game
    from tests.fakediscord import messages

    g = get_game(game)
    command = presentations.get(game).cmd("do").removeprefix("/")
    now = int(time.time())
    members = [fake.add_member(guild, f"p{i}").user for i in range(max(4, 3 * running))]
    db = await Database.open(db_path, synchronous="OFF")
    games: list[Running] = []
    try:
        rng = random.Random(seed)
        for i in range(finished):
            users = rng.sample(members, rng.choice((2, 3, 4)))
            await store_game(db, g, guild_id=int(guild.id), channel_id=int(channel.id),
                             thread_id=10**15 + i, users=[int(u.id) for u in users], seed=seed + i,
                             decisions=None, now=now - DAY, finish=True)
        for i in range(running):
            players = players_of(g, i)
            users = members[3 * i: 3 * i + players] if players <= 3 else rng.sample(members, 4)
            thread = started_thread(fake, channel, f"{g.title} load {i}")
            # dealt: the target and every first draw (4 cards per player) are stored already
            game_id, state = await store_game(
                db, g, guild_id=int(guild.id), channel_id=int(channel.id), thread_id=int(thread.id),
                users=[int(u.id) for u in users], seed=seed * 7919 + i, decisions=dealt(players),
                now=now, finish=False)
            # the turn prompt the bot posted before it stopped
            messages.create(fake, thread, fake.bot_user, {"content": f"➡️ game {game_id}: your turn",
                                                           "components": prompt_components(g, game_id, state)})
            games.append(Running(game_id, thread, {str(u.id): u for u in users}, state,
                                 random.Random(seed + 31 * i), command=command))
        # the hands went out by DM when the games were dealt: the bot kept each player's DM
        # channel (db.dm_channels), so a restarted bot opens none of them again
        for running_game in games:
            for user in running_game.users.values():
                await dm_channels.put(db, int(user.id), int(fake.dm_channel(user).id))
        await db.checkpoint()
    finally:
        await db.close()
    return games


def prompt_components(g: Any, game_id: int, state: Any) -> list[dict[str, Any]]:
    """The controls of the turn prompt the bot posts for this state (its own panel code)."""
    from cogs.discordpy.panels import build_view
    from referee.messages import choices, ids

    panel = choices.turn_panel(game_id, state.version, ids.state_tag(g.dump(state)),
                               choices.ordered(g.legal(state)))
    return build_view(panel).to_components()


async def fill_resume(db_path: Path, count: int, fake: Any, guild: Any, *, seed: int,
                      distinct: int = 100) -> None:
    """``count`` running games, each a few decisions in, waiting for a human (with a deadline),
    each in its thread whose last message is its turn prompt, as the bot left them when it
    stopped. ``distinct`` games are made like the bot makes them in ``guild``; the rest are
    imports of their exports (one transaction each, the ``db`` API that /game-admin import
    uses), each copy of the set in a guild of its own (an import of a game its guild already
    holds is refused as a duplicate)."""
    from db import Database
    from engine import get_game
    from tests.fakediscord import messages

    g = get_game("stella-digger")
    now = int(time.time())
    channel = guild.add_text_channel("games")
    db = await Database.open(db_path, synchronous="OFF")

    places = [(guild, channel)]

    def place(copy: int) -> tuple[Any, Any]:
        while len(places) <= copy:
            other = fake.add_guild(f"bench {len(places)}")
            places.append((other, other.add_text_channel("games")))
        return places[copy]

    def thread_with_prompt(channel: Any, game_id: int, state: Any) -> int:
        thread = started_thread(fake, channel, f"Stella Digger #{game_id}")
        messages.create(fake, thread, fake.bot_user, {"content": f"➡️ game {game_id}: your turn",
                                                       "components": prompt_components(g, game_id, state)})
        return int(thread.id)

    try:
        templates = []
        for i in range(min(count, distinct)):
            users = [10**12 + 4 * i + k for k in range(2 + i % 3)]
            game_id, state = await store_game(db, g, guild_id=int(guild.id), channel_id=int(channel.id),
                                              thread_id=None, users=users, seed=seed + i, decisions=3,
                                              now=now, finish=False)
            await lobby_db.set_thread(db, game_id, thread_with_prompt(channel, game_id, state), now=now)
            templates.append((await transfer_db.export_game(db, game_id, now=now), state))
        for i in range(len(templates), count):
            doc, state = templates[i % len(templates)]
            doc = {**doc, "game": {**doc["game"], "thread_id": None}}
            there, there_channel = place(i // len(templates))
            game_id = await transfer_db.import_game(db, doc, guild_id=int(there.id), channel_id=int(there_channel.id),
                                           now=now)
            await lobby_db.set_thread(db, game_id, thread_with_prompt(there_channel, game_id, state), now=now)
        await db.checkpoint()
    finally:
        await db.close()


