"""Refill Hand's discards chosen in one private multi-select through the fake Discord: the
verb button opens a select of the owing player's hand (only they see it), any number of cards
picked at once make the decision, logged in the notation."""

from __future__ import annotations

from tests.fakediscord import state as st

from .driver import GameDriver, Policy, split_id
from .helpers import advance_until, owes
from .world import GAME

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]


def refill_with_two(state) -> bool:  # type: ignore[no-untyped-def]
    if not owes("action")(state):
        return False
    to_act = GAME.to_act(state)
    hand = next(p.hand for p in state.players if p.id == to_act.player)
    return len(hand) >= 2 and any(str(a).startswith("refill discard=") for a in GAME.legal(state))


async def test_discards_in_one_multi_select(world, db, stella):  # type: ignore[no-untyped-def]
    await stella()
    driver = GameDriver(world, db, world.players[:2])
    await driver.setup()
    await advance_until(driver, Policy(3, budget=0), refill_with_two)
    user, player = driver.owing()
    hand = sorted(next(p.hand for p in driver.state.players if p.id == player))
    text = str(GAME.parse(f"refill discard={hand[0]},{hand[1]}"))
    played = await driver.decide(text, method="button")
    assert len(played.handles) == 2  # the verb button, then one pick of several cards
    msg = await played.handles[0].reply()
    assert msg.ephemeral and msg.visible_to == user.id
    selects = [c for version in [*msg.history, msg.snapshot()]
               for c in st.walk_components(version["components"]) if c.get("type") == 3]
    assert selects and split_id(selects[0]["custom_id"])[3] == "multi"
    assert sorted(o["value"].split("#")[0] for o in selects[0]["options"]) == hand
    assert selects[0]["min_values"] == 0 and selects[0]["max_values"] == len(hand)
    log = await driver.log()
    assert log[-1].text == text and log[-1].player_id == player
