"""Every bad input is answered ephemerally (only to whoever sent it) and changes nothing: not the
stored game, not any public message."""

from __future__ import annotations

from tests.fakediscord import messages

from .driver import GameDriver, Policy, split_id, turn_ids
from .helpers import Unchanged, advance_until, bot_message, button_row, owes, refused, select_row
from .world import GAME

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
NOT_A_PLAYER = "You're not playing in this game."
NOT_YOUR_TURN = "It's not your turn"
STALE = "This prompt is out of date"
MALFORMED = "malformed"


async def game_at_action(world, db, stella, players: int = 3) -> GameDriver:
    """A started game (audited) where someone owes a turn action and could mine."""
    await stella()
    driver = GameDriver(world, db, world.players[:players])
    await driver.setup()
    await advance_until(driver, Policy(7, budget=0),
                        lambda s: owes("action")(s) and any(str(a).startswith("mine ") for a in GAME.legal(s)))
    return driver


def others(driver: GameDriver):
    owing, _ = driver.owing()
    return owing, [u for u in driver.users if u is not owing]


async def test_a_stranger_is_refused(world, db, stella):
    driver = await game_at_action(world, db, stella)
    prompt = await driver.prompt()
    stranger, thread = world.stranger, driver.thread
    for cid in turn_ids(prompt):
        before = await Unchanged.take(driver)
        await refused(driver, await driver.click(stranger, prompt, cid), before, NOT_A_PLAYER)
    for command, options in [("stella pass", {}), ("stella do", {"action": "pass"}),
                             ("stella mine", {"play": "blue-1"}), ("stella hand", {})]:
        before = await Unchanged.take(driver)
        await refused(driver, await driver.send(stranger, thread, command, options), before, NOT_A_PLAYER)
    assert await world.fake.autocomplete(stranger, thread, "stella do", focused="action", value="") == []
    # the game goes on with the right player
    await driver.decide("pass")


async def test_a_player_out_of_turn_is_refused(world, db, stella):
    driver = await game_at_action(world, db, stella)
    prompt = await driver.prompt()
    owing, rest = others(driver)
    for user in rest:
        for cid in turn_ids(prompt):
            before = await Unchanged.take(driver)
            await refused(driver, await driver.click(user, prompt, cid), before, NOT_YOUR_TURN)
        before = await Unchanged.take(driver)
        h = await driver.send(user, driver.thread, "stella do", {"action": "pass"})
        await refused(driver, h, before, NOT_YOUR_TURN)
        before = await Unchanged.take(driver)
        await refused(driver, await driver.send(user, driver.thread, "stella pass"), before, NOT_YOUR_TURN)
        assert await world.fake.autocomplete(user, driver.thread, "stella mine", focused="play", value="") == []
    offered = await world.fake.autocomplete(owing, driver.thread, "stella mine", focused="play", value="")
    assert offered and all(c["value"].startswith("mine ") for c in offered)
    await driver.decide("pass")


async def test_an_illegal_decision_is_refused(world, db, stella):
    driver = await game_at_action(world, db, stella)
    owing, player = driver.owing()
    hand = next(p.hand for p in driver.state.players if p.id == player)
    elsewhere = next(f"{c}-{n}" for c in ("blue", "green", "pink", "purple") for n in (1, 2, 3, 4)
                     if f"{c}-{n}" not in hand)
    cases = [
        ("stella do", {"action": "target G7"}, "Right now the decision is 'action'"),
        ("stella do", {"action": "draw 1"}, "Right now the decision is 'action'"),
        ("stella mine", {"play": elsewhere}, ""),
        ("stella drill", {"placement": "G7 up"}, ""),
    ]
    for command, options, phrase in cases:
        before = await Unchanged.take(driver)
        h = await driver.send(owing, driver.thread, command, options)
        text = await refused(driver, h, before, phrase)
        assert "Something went wrong" not in text, text
    await driver.decide("pass")


async def test_a_malformed_option_is_refused(world, db, stella):
    driver = await game_at_action(world, db, stella)
    owing, _ = driver.owing()
    thread = driver.thread
    for command, options, phrase in [
        ("stella do", {"action": "!!!"}, "I don't know the decision"),
        ("stella do", {"action": "mine blue-9"}, "is not a drill card"),
        ("stella mine", {"play": "blue-9"}, "is not a drill card"),
        ("stella draw", {"deck": "9"}, ""),
        ("stella do", {"action": "x" * 500}, ""),
    ]:
        before = await Unchanged.take(driver)
        text = await refused(driver, await driver.send(owing, thread, command, options), before, phrase)
        assert "Something went wrong" not in text, text
    # controls the bot never made: malformed custom ids and select values
    prompt = await driver.prompt()
    gid, version, tag, _kind, _arg = split_id(turn_ids(prompt)[0])
    forged = bot_message(world, thread, "forged controls", [
        button_row(f"sd:{gid}:lobby:explode", f"sd:{gid}:{version}:{tag}:do:pass;drop",
                   f"sd:{gid}:{version}:{tag}:teleport:pass", "sd:", f"sd:{gid}:{version}:ZZZ:do:pass"),
        select_row(f"sd:{gid}:{version}:{tag}:pick:0-2", ["banana", "5-2", "0-9999"]),
    ])
    for cid in [c["custom_id"] for c in forged.buttons]:
        before = await Unchanged.take(driver)
        await refused(driver, await driver.click(owing, forged, cid), before, MALFORMED)
    for value in ["banana", "5-2", "0-9999"]:
        before = await Unchanged.take(driver)
        h = await world.fake.choose_select(owing, forged, f"sd:{gid}:{version}:{tag}:pick:0-2", [value])
        await refused(driver, h, before, MALFORMED)
    messages.delete(world.fake, forged)
    await driver.decide("pass")


async def test_an_unknown_game_is_refused(world, db, stella):
    driver = await game_at_action(world, db, stella, players=2)
    stranger, channel = world.stranger, world.channel
    for command, options in [("stella status", {}), ("stella join", {}), ("stella pass", {}),
                             ("stella log", {}), ("stella start", {})]:
        before = await Unchanged.take(driver)
        await refused(driver, await driver.send(stranger, channel, command, options), before,
                      "no Stella Digger game here")
    before = await Unchanged.take(driver)
    h = await driver.send(world.moderator, channel, "stella-admin abort", {"game": 987654321})
    await refused(driver, h, before, "There is no game #987654321")
    forged = bot_message(world, channel, "an old game", [
        button_row("sd:987654321:0:abcdef:do:pass", "sd:987654321:lobby:join", "sd:987654321:3:abcdef:verb:mine")])
    for cid in [c["custom_id"] for c in forged.buttons]:
        before = await Unchanged.take(driver)
        await refused(driver, await driver.click(driver.users[0], forged, cid), before, "There is no game #987654321")


async def test_a_stale_control_is_refused(world, db, stella):
    driver = await game_at_action(world, db, stella)
    owing, _ = driver.owing()
    old_prompt = await driver.prompt()
    # a private select opened on this prompt, then the decision is made another way
    mine = next(cid for cid in turn_ids(old_prompt) if split_id(cid)[3:] == ("verb", "mine"))
    h = await driver.click(owing, old_prompt, mine)
    select_msg = await h.reply()
    select = next(c for c in select_msg.walk_components() if c.get("type") == 3)
    await driver.decide("pass", method="do")
    for user in [owing, *driver.users]:
        for cid in turn_ids(old_prompt):
            before = await Unchanged.take(driver)
            await refused(driver, await driver.click(user, old_prompt, cid), before, STALE)
    before = await Unchanged.take(driver)
    h = await world.fake.choose_select(owing, select_msg, select["custom_id"], [select["options"][0]["value"]])
    await refused(driver, h, before, STALE)
    await driver.decide(None, policy=Policy(3))


async def test_lobby_mistakes_are_refused(world, db, stella):
    await stella()
    driver = GameDriver(world, db, world.players[:3])
    await driver.open()
    host, second, third = driver.users
    lobby = driver.lobby_message
    gid = driver.game_id
    cases = [
        (host, f"sd:{gid}:lobby:start", "needs 2 to 4 players"),
        (host, f"sd:{gid}:lobby:join", "already have a seat"),
        (second, f"sd:{gid}:lobby:leave", "don't have a seat"),
    ]
    for user, cid, phrase in cases:
        before = await Unchanged.take(driver)
        await refused(driver, await driver.click(user, lobby, cid), before, phrase)
    await driver.join_all()
    before = await Unchanged.take(driver)
    await refused(driver, await driver.click(third, lobby, f"sd:{gid}:lobby:start"), before, "Only the host")
    before = await Unchanged.take(driver)
    await refused(driver, await driver.send(second, driver.thread, "stella start"), before, "Only the host")
    before = await Unchanged.take(driver)
    await refused(driver, await driver.send(world.stranger, driver.thread, "stella addbot", {"level": "easy"}),
                  before, "Only the host")
    await driver.start(via="command")
    # the lobby message kept its buttons (started by command): they say the lobby is closed
    for user, action in [(world.stranger, "join"), (second, "leave"), (host, "start")]:
        if lobby.component(f"sd:{gid}:lobby:{action}") is None:
            continue
        before = await Unchanged.take(driver)
        await refused(driver, await driver.click(user, lobby, f"sd:{gid}:lobby:{action}"), before, "lobby is closed")
