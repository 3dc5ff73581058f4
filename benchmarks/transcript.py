"""How a whole game feels in the thread: ``python -m benchmarks transcript --game G --seed S``.

The real bot (in this process) plays one seeded game against the fake Discord of
``tests/fakediscord``; two human players (``--players``) make every decision with ``/game do``
(a seeded, weighted pick of the legal decisions for the first ``--budget`` decisions, then the
game's default; a decision that is not listed is the default). Counted from what the bot sent
(``benchmarks/transcript_count.py``): public messages (thread and channel), edits, turn prompts
(public messages with turn controls), pings (a mention that ``allowed_mentions`` lets through,
on a new message; edits never ping), DMs per player, and messages per decision.

``--bench point|grid|draft`` (Out of Mine!, race on): every decision a click as a player
would make it (``tests/e2e/bench_players.py``): the prompt's side and open buttons, then the
board on the workbench that answers the open, by pointing (a kind in hand, a number a tile) or
by the typed grid; ``draft`` is the older way (``/game draft`` and its panel's three picks a
tile, ``/game confirm``). It adds the interactions each board took and the private messages.

``--out FILE`` writes the transcript: every public message as it reads at the end (with its
buttons and select options, and ``[ping: ...]``/``[edited]`` marks) and every DM, in order.
``--json`` prints the counts as one object. ``--stop N`` stops after N player actions (a
game's opening: White Ranium's seeded players, taking the default "end" after the budget, never
finish a game).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import logging
import random
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from db import games as games_db

from .transcript_count import Counts, count, edited_messages, transcript

# How often the seeded players pick each verb while they still play freely (others: 1).
WEIGHTS = {"mine": 6.0, "refill": 1.0, "buy": 3.0, "drill": 3.0, "exchange": 1.0, "pass": 1.0}


def choose(g: Any, state: Any, player: str, listed: bool, seed: int, made: int, budget: int) -> str:
    """The seeded players' decision: a weighted random verb and one of its legal texts."""
    from referee.messages.choices import ordered, words

    if not listed or made >= budget:
        return str(g.default(state, player))
    rng = random.Random(seed * 100_003 + int(state.version))
    by_verb: dict[str, list[str]] = collections.defaultdict(list)
    for text in ordered(g.legal(state, player)):
        by_verb[words(text)[0]].append(text)
    verbs = sorted(by_verb)
    verb = rng.choices(verbs, [WEIGHTS.get(v, 1.0) for v in verbs])[0]
    return rng.choice(by_verb[verb])


def run_select(thread: Any, game_id: int, version: int) -> tuple[Any, dict[str, Any]] | None:
    """The current prompt's select of runs (``referee.messages.runs``), if it has one."""
    for message in reversed(thread.messages):
        if message.ephemeral or message.deleted:
            continue
        for c in message.walk_components():
            parts = str(c.get("custom_id", "")).split(":")
            if (c.get("type") == 3 and len(parts) == 6 and parts[1] == str(game_id)
                    and parts[2] == str(version) and parts[4] == "run"):
                return message, c
    return None


async def settle(fake: Any, bot: Any, quiet: float = 0.15, timeout: float = 30.0) -> None:
    """Wait until the bot has nothing under way (discord.py's handlers done, the referee
    idle) and sent nothing for ``quiet`` seconds."""
    from tests.fakediscord.discordpy import drain_discord_tasks

    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        await drain_discord_tasks()
        if bot.referee is not None:
            await bot.referee.idle()
        n = len(fake.requests)
        await asyncio.sleep(quiet)
        if len(fake.requests) == n:
            return


async def play(game_name: str, seed: int, players: int, budget: int, options: str,
               work: Path, runs: bool = True, stop: int = 0,
               bench: str = "", quiet: float = 0.15) -> tuple[Counts, str]:
    """Play the game (see the module's text); after each decision, wait until the bot is
    idle and has sent nothing for ``quiet`` seconds (``settle``)."""
    import referee.desks.lobby
    from bot import RefereeBot
    from db import Database
    from engine import get_game
    from tests.e2e.world import build_world
    from tests.fakediscord import FakeDiscord
    from tests.fakediscord.discordpy import BotRunner, point_discord_py_at

    g = get_game(game_name)
    fake = FakeDiscord()
    await fake.start()
    restore = point_discord_py_at(fake.api_base, fake.gateway_url)
    real_bits = referee.desks.lobby.secrets.randbits
    referee.desks.lobby.secrets.randbits = lambda _n: seed  # type: ignore[assignment]
    db = None
    runner = None
    try:
        world = build_world(fake, work / "transcript.sqlite3")
        world.game_seed = None  # no GAME_SEED: the lobby draws the seed, patched above
        fake.interaction_deadline = 30.0  # a loaded machine is no failure here
        bot = RefereeBot(world.settings(log_level="WARNING"))
        runner = BotRunner(bot)
        await runner.start()
        db = await Database.open(world.db_path)
        users = world.players[:players]
        host = users[0]
        new = {"game": game_name}
        if options:
            new["options"] = options
        h = await fake.send_slash_command(host, world.channel, "game new", new)
        msg = await h.reply(30)
        m = re.search(r"Lobby #(\d+) is open in <#(\d+)>", msg.content)
        assert m, msg.content
        game_id, thread = int(m[1]), fake.channels[m[2]]
        for user in users[1:]:
            await (await fake.send_slash_command(user, thread, "game join")).reply(30)
        await (await fake.send_slash_command(host, thread, "game start")).reply(30)
        await settle(fake, bot, quiet)
        decisions = 0
        boards: list[Any] = []
        repeats: list[tuple[str, int]] = []  # (message, its edits beyond the first) per decision
        logged = len(await games_db.get_log(db, game_id))

        async def repeated(since: int) -> list[tuple[str, int]]:
            """The messages edited more often than decisions were made since ``since``
            (a click's open and its board's confirm are two)."""
            nonlocal logged
            before, logged = logged, len(await games_db.get_log(db, game_id))
            most = max(1, logged - before)
            return [(m, n - most) for m, n in edited_messages(fake, since).items() if n > most]

        for made in range(3000):
            since = len(fake.requests)
            game = await games_db.get_game(db, game_id)
            if game.status != "running" or (stop and made >= stop):
                break
            state = g.load((await games_db.load_snapshot(db, game_id)).json)
            owed = g.owed(state)
            if not owed:
                break
            o = owed[0]
            seat = game.seat_of_player(o.player)
            assert seat is not None and seat.user_id is not None, "only human seats here"
            user = world.user(seat.user_id)
            if bench:  # every decision a click (Out of Mine!'s workbench)
                async def load(game_id: int = game_id) -> Any:
                    return g.load((await games_db.load_snapshot(db, game_id)).json)

                boards.append(await by_clicks(fake, thread, user, o, load, bench))
                decisions += 1
                await settle(fake, bot, quiet)
                repeats += await repeated(since)
                continue
            found = run_select(thread, game_id, int(state.version)) if runs else None
            if found is not None:  # the prompt offers the next decisions at once: take it
                message, select = found
                rng = random.Random(seed * 7919 + int(state.version))
                value = rng.choice(select["options"])["value"]
                h = await fake.choose_select(user, message, select["custom_id"], [value])
            else:
                text = choose(g, state, o.player, o.listed, seed, made, budget)
                h = await fake.send_slash_command(user, thread, "game do", {"action": text})
            reply = await h.reply(30)
            assert reply.content.startswith("✅"), reply.content
            decisions += 1
            await settle(fake, bot, quiet)
            repeats += await repeated(since)
        else:
            raise AssertionError("the game did not end within 3000 decisions")
        await settle(fake, bot, quiet)
        game = await games_db.get_game(db, game_id)
        log_ = await games_db.get_log(db, game_id)
        names = {int(u.id): u.username for u in users}
        players = {s.player_id: names[int(s.user_id)] for s in game.seats if s.user_id}
        counts = count(fake, world.guild, game_id, names, decisions=len(log_),
                       human_decisions=decisions, status=str(game.status), log=log_,
                       players=players)
        counts.boards = [(b.clicks, b.tiles, b.kinds) for b in boards if b is not None]
        counts.repeat_edits = sum(n for _m, n in repeats)
        counts.repeated = [(fake.messages[m].content or "")[:40] if m in fake.messages else m
                           for m, _n in repeats]
        return counts, transcript(fake, world.guild, users)
    finally:
        referee.desks.lobby.secrets.randbits = real_bits
        if db is not None:
            await db.close()
        if runner is not None:
            await runner.stop()
        restore()
        await fake.stop()


async def by_clicks(fake: Any, thread: Any, user: Any, owed: Any, load: Any,
                    how: str) -> Any:
    """One decision by clicks (``--bench``): a side by the prompt's button; an open and the
    board after it on the workbench (``point``, ``grid``) or the draft panel (``draft``).
    Returns the board built (None for a side); ``load()`` gives the stored state."""
    from tests.e2e import bench_players as bp

    if owed.decision == "side":
        await bp.side_by_click(fake, thread, user)
        return None
    assert owed.decision == "open", "the clicking players play with the race on"
    if how == "draft":
        return await bp.by_draft_panel(fake, thread, user)
    bench = await bp.open_bench(fake, thread, user)
    if how == "grid":
        return await bp.by_grid(fake, user, bench, await load(), owed.player)
    return await bp.by_pointing(fake, user, bench)


def report(game: str, seed: int, c: Counts) -> str:
    dms = ", ".join(f"{name} {n}" for name, n in sorted(c.dms.items()))
    pings = ", ".join(f"{name} {n}" for name, n in sorted(c.pings.items()))
    turns = ", ".join(f"{name} {n}" for name, n in sorted(c.turns_passed.items()))
    return "\n".join([
        f"{game} seed {seed}: {c.decisions} decisions ({c.human_decisions} player actions), "
        f"game {c.status}",
        f"  public messages: {c.public} ({c.thread} in the thread, {c.channel} in the channel), "
        f"{c.edits} edits, {c.pictures} pictures; a message edited again for the same "
        f"decision: {c.repeat_edits}",
        f"  turn prompts: {c.prompts}; prompts with a ping: {c.prompt_pings}; messages still "
        f"with turn controls at the end: {c.controls_left}",
        f"  pings: {c.ping_total} ({pings}); turns passed to each: {turns}",
        f"  DMs: {dms}; only \"not your turn\": {c.dms_only_not_your_turn}",
        f"  private replies: {', '.join(f'{n} {k}' for n, k in sorted(c.private.items()))}; "
        f"interactions: {', '.join(f'{n} {k}' for n, k in sorted(c.interactions.items()))}",
        *([f"  boards: {len(c.boards)}, interactions each (open to confirm): "
           f"{', '.join(str(b[0]) for b in c.boards)}; tiles: "
           f"{', '.join(str(b[1]) for b in c.boards)}; kinds: "
           f"{', '.join(str(b[2]) for b in c.boards)}"] if c.boards else []),
        f"  thread messages per decision: {c.thread / max(1, c.decisions):.2f}",
        f"  opening prompts per player (target and deal: the leading decisions of the first two verbs): {c.opening_prompts}",
    ])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks transcript")
    parser.add_argument("--game", default="stella-digger")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--budget", type=int, default=45,
                        help="decisions picked at random before the players take the default")
    parser.add_argument("--options", default="", help="the game's options as name=value words")
    parser.add_argument("--out", default=None, help="write the transcript to this file")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    parser.add_argument("--stop", type=int, default=0,
                        help="stop after this many player actions (a game's opening), 0: never")
    parser.add_argument("--bench", choices=("point", "grid", "draft"), default="",
                        help="Out of Mine!: every decision a click; the board on the workbench "
                             "by pointing or by the typed grid, or by the older draft panel")
    parser.add_argument("--no-runs", action="store_true",
                        help="never take a prompt's runs (the same decisions as a bot without them)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    with tempfile.TemporaryDirectory(prefix="transcript-") as tmp:
        counts, text = asyncio.run(play(args.game, args.seed, args.players, args.budget,
                                        args.options, Path(tmp), not args.no_runs,
                                        args.stop, args.bench))
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text, encoding="utf-8")
    print(json.dumps(counts.as_dict()) if args.json else report(args.game, args.seed, counts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
