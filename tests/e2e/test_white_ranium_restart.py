"""``python bot.py`` killed (SIGKILL) in the middle of a White Ranium turn: the human has spent
some of their ore and sends the next action; the fake holds the bot's edit of the turn's
message (the decision is stored, nothing is told yet), or the interaction's callback (nothing
is stored yet), and the process is killed while it waits. Started again on the same database,
no decision is lost or applied twice, the turn goes on from a new prompt, and the game is
played to its end."""

from __future__ import annotations

from typing import Any

from db import Database
from engine import get_game

from .helpers import replayed_log
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
        for method, where in (("PATCH", f"/channels/{thread.id}/messages/*"), (None, "**")):
            state = await table.play(easy, stop=mid_turn(table))
            assert not state.ended, "the game ended before a turn was cut"
            player = G.owed(state)[0].player
            text = easy(state, player, table.seed)
            before = len(await replayed_log(db, G, table.game_id))
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
        state = await table.play(easy)
        assert state.ended and len(state.winners) == 1
        await replayed_log(db, G, table.game_id)
    finally:
        await proc.stop()
        await db.close()
    errors = [line for line in proc.output().splitlines()
              if " ERROR " in line or line.startswith("Traceback")]
    assert not errors, "\n".join(errors)
