"""Playing White Ranium through the fake Discord as its human players (beside AI seats):
``/game new game=white-ranium``, ``/game join``, ``/game addbot``, ``/game start``, then every
human decision as a real interaction: the turn prompt's one-click button, or its verb button
and the private select narrowed option by option (each option's value a range of the sorted
legal list), or ``/game do`` with the notation. Choices come from ``chooser`` (a seeded
policy on the player's own view); after each decision the driver waits until the bot has
stored it and the next human prompt (or the end) is posted."""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from db import Database
from db import games as games_db
from engine import get_game
from engine.core.rng import Rng, seed_state
from engine.white_ranium import ai
from engine.white_ranium.board import PLACES
from referee.messages.choices import ordered, words
from tests.fakediscord import InteractionHandle
from tests.fakediscord import state as st

from .driver import DONE, option_for, said, select_of, split_id, turn_ids
from .helpers import PATIENCE
from .world import World

G = get_game("white-ranium")
Chooser = Callable[[Any, str, int], str]


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def easy(state: Any, player: str, seed: int) -> str:
    """The easy AI's choice from the player's own view."""
    legal = G.legal(state, player)
    return str(ai.heuristic(G, G.view(state, player), player, legal,
                            Rng(_Seed(seed * 100_003 + state.version))))


def chaser(state: Any, player: str, seed: int) -> str:
    """Steal (once a turn) whenever possible and go after crews that hold ranium, in the first
    eight rounds; else (and then) the easy AI."""
    if state.round > 8:
        return easy(state, player, seed)
    legal = G.legal(state, player)
    steals = [a for a in legal if a.verb == "steal"]
    if steals and not any(text.startswith("steal") for _p, text in state.turn_log):
        return str(steals[0])
    view = G.view(state, player)
    targets = {c["at"] for c in view["crews"].values()
               if c["player"] not in (player, None) and c["ranium"]}
    mine = {c["at"] for c in view["crews"].values() if c["player"] == player}
    if not targets & mine:
        for a in legal:
            if a.verb in ("move", "tunnel") and PLACES[a.place] in targets:
                return str(a)
    return easy(state, player, seed)


class WhiteRaniumTable:
    def __init__(self, world: World, db: Database, humans: Sequence[st.User], bots: int = 0,
                 options: str = "", seed: int = 1) -> None:
        self.world, self.fake, self.db = world, world.fake, db
        self.humans, self.bots, self.options = list(humans), bots, options
        self.rng = random.Random(seed)
        self.seed = seed
        self.game_id = 0
        self.thread: Any = None
        self.users: dict[str, st.User] = {}  # player id -> user
        self.handles: list[InteractionHandle] = []
        self.methods: list[str] = []
        self.decided: list[tuple[str, str]] = []  # (player, text) of the humans

    async def reply(self, h: InteractionHandle) -> str:
        self.handles.append(h)
        return str((await h.reply(10)).content)

    async def setup(self) -> None:
        host, *others = self.humans
        h = await self.fake.send_slash_command(host, self.world.channel, "game new",
                                              {"game": "white-ranium", "options": self.options}
                                              if self.options else {"game": "white-ranium"})
        m = re.search(r"Lobby #(\d+) is open in <#(\d+)>", await self.reply(h))
        assert m, "no lobby"
        self.game_id, self.thread = int(m[1]), self.fake.channels[m[2]]
        for user in others:
            text = await self.reply(await self.fake.send_slash_command(user, self.thread,
                                                                       "game join"))
            assert "You joined" in text, text
        for _ in range(self.bots):
            await self.reply(await self.fake.send_slash_command(host, self.thread, "game addbot",
                                                                {"level": "easy"}))
        text = await self.reply(await self.fake.send_slash_command(host, self.thread,
                                                                   "game start"))
        assert "has started" in text, text
        game = await games_db.get_game(self.db, self.game_id)
        by_id = {int(u.id): u for u in self.humans}
        self.users = {s.player_id: by_id[int(s.user_id)] for s in game.seats
                      if s.user_id is not None and not s.is_ai}

    async def state(self) -> Any:
        return G.load((await games_db.load_snapshot(self.db, self.game_id)).json)

    def prompt_for(self, version: int) -> st.Message | None:
        for msg in reversed(self.thread.messages):
            if msg.deleted or msg.ephemeral:
                continue
            for cid in turn_ids(msg):
                parts = split_id(cid)
                if parts and parts[0] == self.game_id and parts[1] == version:
                    return msg
        return None

    async def ready(self) -> Any:
        """The state once a human owes a decision and its prompt is posted, or the game has
        ended and its final post is out."""
        async def check() -> Any:
            state = await self.state()
            if state.ended:
                done = any("The game is over" in (m.content or "") for m in self.thread.messages)
                return state if done else None
            if self.human_owing(state) and self.prompt_for(state.version):
                return state
            return None

        return await self.fake.wait_until(
            check, PATIENCE, f"game {self.game_id}: a human prompt or the end")

    def human_owing(self, state: Any) -> list[str]:
        return [o.player for o in G.owed(state) if o.player in self.users]

    async def decide(self, state: Any, player: str, text: str, method: str) -> None:
        user = self.users[player]
        if method == "do":
            h = await self.fake.send_slash_command(user, self.thread, "game do", {"action": text})
            msg = await self.reply(h)
            assert h.ephemeral and msg == DONE.format(text), (text, msg)
        else:
            await self.by_button(state, player, user, text)
        self.methods.append(method)
        self.decided.append((player, text))

    async def by_button(self, state: Any, player: str, user: st.User, text: str) -> None:
        prompt = self.prompt_for(state.version)
        assert prompt is not None
        controls = {cid: split_id(cid) for cid in turn_ids(prompt)}
        direct = next((c for c, p in controls.items() if p and p[3] == "do" and p[4] == text),
                      None)
        if direct is not None:
            h = await self.fake.click_button(user, prompt, direct)
            msg = await self.reply(h)
            assert h.ephemeral and msg == said("white-ranium", state, text), (text, msg)
            return
        verb = words(text)[0]
        button = next((c for c, p in controls.items() if p and p[3] == "verb" and p[4] == verb),
                      None)
        assert button is not None, f"no button for {text!r}: {list(controls)}"
        h = await self.fake.click_button(user, prompt, button)
        self.handles.append(h)
        msg = await h.reply(10)
        assert h.ephemeral, msg.content
        texts = ordered(G.legal(state, player))
        index = texts.index(text)
        for _ in range(10):
            if msg.content.startswith("✅"):
                break
            select = select_of(msg)
            assert select is not None, f"expected a private select for {text!r}: {msg.content!r}"
            assert msg.visible_to == user.id
            offered = [tuple(map(int, o["value"].split("-"))) for o in select["options"]]
            assert all(texts[a:b] for a, b in offered)  # every option leads to legal decisions
            old, value = option_for(msg, index)
            hs = await self.fake.choose_select(user, msg, old, [value])
            self.handles.append(hs)
            await hs.response(10)

            def moved(msg: st.Message = msg, old: str = old) -> bool:
                current = select_of(msg)
                return msg.content.startswith("✅") or (current is not None
                                                        and current["custom_id"] != old)

            await self.fake.wait_for(moved, 10, f"the select for {text!r} to move on")
        assert msg.content == said("white-ranium", state, text), (text, msg.content)

    async def play(self, chooser: Chooser = easy, limit: int = 600,
                   stop: Callable[[Any], bool] | None = None,
                   watch: Callable[[Any, str, str, int], Awaitable[None]] | None = None) -> Any:
        """Human decisions (every third by ``/game do``, the others by buttons) until the end
        (or ``stop``); ``watch(state before, player, text, requests before)`` after each. Returns the last
        state."""
        for i in range(limit):
            state = await self.ready()
            if state.ended or (stop is not None and stop(state)):
                return state
            player = self.human_owing(state)[0]
            text = chooser(state, player, self.seed)
            mark = len(self.fake.requests)
            await self.decide(state, player, text, "do" if i % 3 == 2 else "button")
            if watch is not None:
                await watch(state, player, text, mark)
        state = await self.state()
        seed = (await games_db.load_initial(self.db, self.game_id)).seed
        raise AssertionError(
            f"game {self.game_id} (seed {seed}, chooser seed {self.seed}) did not end in {limit} "
            f"human decisions (round {state.round}): White Ranium ends only as R21 says, and "
            f"weak players can stall it for ever; the test must play a seed whose game ends")
