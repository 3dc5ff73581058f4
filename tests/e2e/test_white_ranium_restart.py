"""``python bot.py`` killed (SIGKILL) in the middle of a White Ranium turn: the human has spent
some of their ore and sends the next action; the fake holds the bot's edit of the turn's
message (the decision is stored, nothing is told yet), or the interaction's callback (nothing
is stored yet), and the process is killed while it waits. Started again on the same database,
no decision is lost or applied twice, the turn goes on in the same message, and the game is
played to its end. Killed while idle between two decisions of a turn, the restarted bot goes on
as if it had not stopped (``referee.telling.memory``)."""

from __future__ import annotations

from typing import Any

import games
from db import Database
from engine import get_game
from referee.messages.choices import ordered

from .helpers import pinged, replayed_log, thread_posts, until_told
from .proc import BotProcess
from .white_ranium import WhiteRaniumTable, easy

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
G = get_game("white-ranium")



def mid_turn(table: WhiteRaniumTable) -> Any:
    def check(state: Any) -> bool:
        owed = G.owed(state)
        return (state.phase == "play" and len(owed) == 1 and owed[0].decision == "action"
                and owed[0].player in table.users and 0 < state.ore < 4)
    return check


def same_turn(state: Any, player: str) -> str | None:
    """A decision of ``player`` after which they still owe one in the same turn and the bot
    edits the turn's message (no steal: its alert pings the defender in a new message; no new
    turn), if any."""
    present = games.get("white-ranium")
    key = present.turn_key(G.view(state, None))
    for text in ordered(G.legal(state, player)):
        after = G.clone(state)
        public = {e.kind for e in G.apply(after, player, text) if e.to is None}
        if (key is not None and [o.player for o in G.owed(after)] == [player]
                and present.turn_key(G.view(after, None)) == key
                and "steal" not in public and not present.new_round(public)):
            return text
    return None



def continuing(table: WhiteRaniumTable) -> Any:
    """In the middle of a human's turn, with a decision that keeps it going (``same_turn``)."""
    def check(state: Any) -> bool:
        return mid_turn(table)(state) and same_turn(state, G.owed(state)[0].player) is not None
    return check

async def test_sigkill_in_the_middle_of_a_turn(holding_world: Any, tmp_path: Any) -> None:
    world = holding_world
    fake = world.fake
    log_path = tmp_path / "bot.log"
    db = await Database.open(world.db_path)
    proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
    try:
        table = WhiteRaniumTable(world, db, world.players[:1], bots=1, seed=5)
        await table.setup()
        thread = table.thread
        # the turn's message edited through the channel, or through the interaction it was
        # posted by (cogs/discordpy/outbox.py): the first edit
        for method, where in (("PATCH", "**"), (None, "**")):
            # the turn's message is cut while the turn goes on (the decision does not end it)
            state = await table.play(easy, stop=continuing(table) if method else mid_turn(table))
            assert not state.ended, "the game ended before a turn was cut"
            player = G.owed(state)[0].player
            text = (same_turn(state, player) if method else None) or easy(state, player, table.seed)
            before = len(await replayed_log(db, G, table.game_id))
            prompt = table.prompt_for(state.version)
            gate = fake.hold(1, method, where)
            h = await fake.send_slash_command(table.users[player], thread, "game do",
                                              {"action": text})
            await fake.wait_for(lambda gate=gate: gate.held, 10, f"the held {method} {where}")
            await proc.kill()
            fake.release_all()
            proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
            log = await replayed_log(db, G, table.game_id)
            new = log[before:]
            # the human's decision is stored once or not at all; when it spent their last ore,
            # the restarted bot lets the AI seat play its turn, so later entries are the AI's
            assert [d.text for d in new if d.player_id == player] in ([], [text]), \
                "a decision was lost or doubled"
            assert all(d.player_id != player for d in new[1:]), "a decision was doubled"
            # stored, not told (the first request held is the answer, sent once the decision
            # is stored: cogs.common.QUICK_S): the restarted bot posts the prompt of the turn
            assert new and new[0].player_id == player and new[0].text == text
            if method is None:
                assert h.original is None or h.original.loading  # the player was not answered
            after = await table.ready()  # a prompt for what is owed now (or the end)
            assert after.version > state.version
            assert table.prompt_for(after.version) is not None or after.ended
            turn = games.get("white-ranium").turn_key
            if not after.ended and turn(G.view(after, None)) == turn(G.view(state, None)):
                assert table.prompt_for(after.version) is prompt, "not the turn's message"
        state = await table.play(easy)
        assert state.ended and len(state.winners) == 1
        await replayed_log(db, G, table.game_id)
    finally:
        await proc.stop()
        await db.close()
    errors = [line for line in proc.output().splitlines()
              if " ERROR " in line or line.startswith("Traceback")]
    assert not errors, "\n".join(errors)


async def test_sigkill_between_two_decisions_of_a_turn(holding_world: Any, tmp_path: Any) -> None:
    """Killed (SIGKILL) while idle in the middle of the human's turn, after everything was told:
    the restarted bot goes on as if it had not stopped. The button on the turn's message posted
    before the kill makes the next decision, the same message is edited (no second message for
    the turn) and the player, pinged when the turn passed to them, is not pinged again."""
    world = holding_world
    fake = world.fake
    log_path = tmp_path / "bot.log"
    db = await Database.open(world.db_path)
    proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
    try:
        table = WhiteRaniumTable(world, db, world.players[:1], bots=1, seed=7)
        await table.setup()
        thread = table.thread

        state = await table.play(easy, stop=continuing(table))
        assert not state.ended, "the game ended before such a turn"
        player = G.owed(state)[0].player
        text = same_turn(state, player)
        assert text is not None
        prompt = table.prompt_for(state.version)
        assert prompt is not None
        await until_told(db, table.game_id, state.version, fake)  # then kill
        await proc.kill()
        proc = await BotProcess(fake, world.db_path, world.guild.id, log_path).start()
        mark = len(fake.requests)
        await table.decide(state, player, text, "button")  # on the message posted before
        after = await table.ready()
        assert G.owed(after)[0].player == player and after.version == state.version + 1
        assert table.prompt_for(after.version) is prompt, "not the turn's message edited"
        assert thread_posts(world, thread, mark) == [], "a second message for the same turn"
        assert str(table.users[player].id) not in pinged(world, thread, mark), "pinged again"
        state = await table.play(easy)
        assert state.ended
        await replayed_log(db, G, table.game_id)
    finally:
        await proc.stop()
        await db.close()
    errors = [line for line in proc.output().splitlines()
              if " ERROR " in line or line.startswith("Traceback")]
    assert not errors, "\n".join(errors)
