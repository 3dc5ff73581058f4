"""White Ranium's secrets through the fake Discord: with the strategy cards each fighter
chooses a symbol card in secret (R15). A whole 2-player game of two humans who steal whenever
they can: from a fighter's commit to the reveal, no request the bot sends anywhere but to that
fighter (thread posts and edits, the other's DMs and private replies, pictures) names the
committed card, and the public hands still show it (the view keeps it in hand). Every steal
pings the defender and nobody else."""

from __future__ import annotations

import json
import re
from typing import Any

from render.white_ranium import words

from .audit import PrivacyAudit
from .helpers import settle
from .test_white_ranium import fixed_seed
from .white_ranium import G, WhiteRaniumTable, chaser

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
#: a strategy hand as the public posts list it (its cards in notation or in words: "red 4")
HAND = re.compile(r"hand (?:[a-z]+[- ][2-6](?:, )?)+")


async def test_strategy_fight_cards_stay_secret_until_the_reveal(world: Any, db: Any,
                                                                 stella: Any,
                                                                 monkeypatch: Any) -> None:
    fixed_seed(world, 11)
    await stella()
    fake = world.fake
    table = WhiteRaniumTable(world, db, world.players[:2], 0, "cards=strategy", 11)
    await table.setup()
    audit = PrivacyAudit(world)
    seen = {"commits": 0, "audited": 0, "pings": 0}
    pending: dict[str, tuple[str, int]] = {}  # secret card -> (its owner's user id, from request)

    def check(upto: int) -> None:
        for card, (owner, start) in pending.items():
            for rec in fake.requests[start:upto]:
                where = audit.destination(rec)
                if where.kind == "none" or (where.kind != "public" and where.user_id == owner):
                    continue
                body = HAND.sub("", json.dumps(rec.json, ensure_ascii=False)
                                if rec.json is not None else "")
                names = body + " ".join(f.filename for f in rec.files)
                for shown in (card, words.card(card)):  # notation, or in players' words
                    assert shown not in names, f"{card} leaked before the reveal: " \
                        f"{rec.method} {rec.path}: {body[:300]}"
                seen["audited"] += 1

    async def watch(before: Any, player: str, text: str, mark: int) -> None:
        await settle(world)  # what the decision tells goes out after its reply (referee.messages.tell)
        state = await table.state()
        check(mark)  # up to this decision (a second commit reveals both)
        if text.startswith("fight "):
            seen["commits"] += 1
            if state.stack and state.stack[-1].kind == "fight":  # the other hasn't chosen yet
                card = text.split()[1]
                pending[card] = (table.users[player].id, mark)
                await table.ready()  # the other fighter's prompt is out
                check(len(fake.requests))
                view = G.view(state, None)
                assert card in view["players"][player]["hand"]  # still "in hand" to others
            else:
                pending.clear()  # both in: revealed together
                assert any("revealed" in (m.content or "") for m in table.thread.messages)
        if text.startswith("steal "):
            colour = text.split()[1]
            defender = next(p for p in before.players
                            if any(c.colour == colour for c in before.crews_of(
                                before.players.index(p))))
            if defender.id in table.users:
                uid = table.users[defender.id].id
                posts = [r for r in fake.requests if r.method == "POST"
                         and "is attacked" in json.dumps(r.json or {}, ensure_ascii=False)]
                assert posts, "no alert for the defender"
                pinged = [str(u) for u in posts[-1].json["allowed_mentions"]["users"]]
                assert pinged == [str(uid)], pinged  # the defender, only the defender
                seen["pings"] += 1

    state = await table.play(chaser, watch=watch)
    assert state.ended
    assert seen["commits"] >= 2 and seen["audited"] > 0 and seen["pings"] >= 1, seen
