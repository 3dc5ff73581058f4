"""Playing Mining Colony through the fake Discord as its players do, and checking what the bot
showed (the e2e tests of test_mining_colony.py).

``ColonyTable`` opens a lobby with ``/game new``, seats players (``/game join``) and AI seats
(``/game addbot``), starts it, then makes every decision a human seat owes with a real
interaction: the prompt's verb button and the private selects narrowing it to one decision,
or ``/game do`` with a value from the bot's autocomplete. ``audit`` checks the privacy of
everything the bot posted (no bid before its reveal, no order of the cards slid under a deck,
no hand outside its owner's DMs, public pictures drawn from the spectator's view only).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from db import games as games_db
from engine import get_game
from games import get
from referee.messages.choices import ordered, words
from tests.fakediscord import state as st

from .audit import same_picture
from .driver import DONE, said, select_of, selects_of, split_id
from .helpers import PATIENCE
from .world import World

G = get_game("mining-colony")
PRESENT = get("mining-colony")
HAND = re.compile(r"Your hand in game #\d+ \(round \d+\): \*\*(.*?)\*\*")


@dataclass
class ColonyTable:
    world: World
    db: Any
    humans: list[st.User]
    bots: int = 0
    options: str = ""
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    game_id: int = 0
    thread: st.Channel | None = None
    users: dict[str, st.User] = field(default_factory=dict)  # player id -> user
    made: list[tuple[str, str, str]] = field(default_factory=list)  # (player, text, method)
    sealed_seen: list[tuple[str, str]] = field(default_factory=list)  # bids checked before reveal

    # --- the lobby --------------------------------------------------------------------------

    async def start(self) -> None:
        fake = self.world.fake
        host = self.humans[0]
        opts = {"game": "mining-colony"}
        if self.options:
            opts["options"] = self.options
        h = await fake.send_slash_command(host, self.world.channel, "game new", opts)
        m = re.search(r"Lobby #(\d+) is open in <#(\d+)>", (await h.reply(10)).content)
        assert m and h.ephemeral
        self.game_id, self.thread = int(m[1]), fake.channels[m[2]]
        for user in self.humans[1:]:
            h = await fake.send_slash_command(user, self.thread, "game join")
            assert "You joined" in (await h.reply(10)).content
        for _ in range(self.bots):
            h = await fake.send_slash_command(host, self.thread, "game addbot")
            await h.reply(10)
        h = await fake.send_slash_command(host, self.thread, "game start")
        assert "has started" in (await h.reply(10)).content
        game = await games_db.get_game(self.db, self.game_id)
        by_id = {u.id: u for u in self.humans}
        self.users = {s.player_id: by_id[str(s.user_id)] for s in game.seats if not s.is_ai}

    async def state(self) -> Any:
        return G.load((await games_db.load_snapshot(self.db, self.game_id)).json)

    async def status(self) -> str:
        return str((await games_db.get_game(self.db, self.game_id)).status)

    # --- deciding -----------------------------------------------------------------------------

    async def owing(self, timeout: float = PATIENCE) -> tuple[Any, list[str]]:
        """The state and the human seats owing now, once the bot has settled (AI seats have
        played and the prompt for this version is posted); [] when the game is over. Checked
        again at each change of the fake (and every 50 ms)."""
        async def settled() -> tuple[Any, list[str]] | None:
            state = await self.state()
            everyone = [o.player for o in G.owed(state)]
            owed = [p for p in everyone if p in self.users]
            if state.ended and await self.status() != "running":
                return state, []
            # the AI seats answer first: their seeds follow the version, so the game's path
            # stays the same from run to run (a human's prompt would stay good anyway:
            # referee.deciding.stale, tests/bot/test_owed_prompts.py)
            if owed and owed == everyone and self.prompt_for(state.version) is not None:
                return state, owed
            return None

        try:
            return await self.world.fake.wait_until(settled, timeout, "a human seat's prompt")
        except TimeoutError:
            state = await self.state()
            raise TimeoutError(f"nobody human owes at version {state.version} "
                               f"(owed: {G.owed(state)})") from None

    def prompt_for(self, version: int) -> st.Message | None:
        assert self.thread is not None
        for msg in reversed(self.thread.messages):
            if msg.ephemeral or msg.deleted:
                continue
            for c in msg.walk_components():
                parts = split_id(str(c.get("custom_id", "")))
                if parts is not None and parts[0] == self.game_id and parts[1] == version:
                    return msg
        return None

    def choose(self, state: Any, player: str) -> str:
        """A seeded choice among the legal decisions: a verb first (``done`` less often), then
        one of its decisions."""
        texts = ordered(G.legal(state, player))
        verbs = sorted({words(t)[0] for t in texts})
        if len(verbs) > 1 and "done" in verbs and self.rng.random() < 0.8:
            verbs.remove("done")
        verb = self.rng.choice(verbs)
        return self.rng.choice([t for t in texts if words(t)[0] == verb])

    async def by_button(self, user: st.User, state: Any, player: str) -> str:
        """The prompt's verb button, then the private selects, an option at a time, until one
        decision is made; returns it."""
        fake = self.world.fake
        prompt = self.prompt_for(state.version)
        assert prompt is not None
        texts = ordered(G.legal(state, player))
        controls = [str(c["custom_id"]) for c in prompt.walk_components()
                    if split_id(str(c.get("custom_id", ""))) is not None]
        mine = {words(t)[0] for t in texts}  # a bid prompt has the verbs of every bidder
        verbs = sorted({cid.rsplit(":", 1)[1] for cid in controls if ":verb:" in cid} & mine)
        directs = [cid for cid in controls if ":do:" in cid and cid.split(":do:", 1)[1] in texts]
        if directs and (not verbs or self.rng.random() < 0.5):
            cid = self.rng.choice(directs)
            h = await fake.click_button(user, prompt, cid)
            text = cid.split(":do:", 1)[1]
            reply = await h.reply(10)
            assert reply.content == said("mining-colony", state, text) and reply.ephemeral
            return text
        assert verbs, [c for c in controls]
        verb = self.rng.choice([v for v in verbs if v != "done"] or verbs)
        h = await fake.click_button(user, prompt, next(c for c in controls
                                                       if c.endswith(f":verb:{verb}")))
        msg = await h.reply(10)
        assert msg.ephemeral and msg.visible_to == user.id
        for _ in range(10):
            if msg.content.startswith("✅"):
                break
            select = self.rng.choice(selects_of(msg) or [None])  # one of a few side by side
            assert select is not None, msg.content
            value = self.rng.choice(select["options"])["value"]
            old = select["custom_id"]
            hs = await fake.choose_select(user, msg, old, [value])
            await hs.response(10)
            await fake.wait_for(lambda m=msg, old=old, hs=hs: hs.followups or m.content.startswith(
                "✅") or (select_of(m) is not None and select_of(m)["custom_id"] != old), 10,
                "the private select to move on")
            # nothing but the chooser's new hand (docs/limits.md, "Hands in the answer")
            assert not [f for f in hs.followups if not HAND.search(f.content or "")], \
                [f.content for f in hs.followups]
        done = [t for t in texts if msg.content == said("mining-colony", state, t)]
        assert len(done) == 1 and msg.visible_to == user.id, msg.content  # its words name it
        return done[0]

    async def by_do(self, user: st.User, state: Any, player: str) -> str:
        """``/game do`` with a decision the bot's autocomplete offers."""
        fake = self.world.fake
        assert self.thread is not None
        text = self.choose(state, player)
        offered = await fake.autocomplete(user, self.thread, "game do", "action", value=text)
        assert text in [c["value"] for c in offered], (text, offered)
        h = await fake.send_slash_command(user, self.thread, "game do", {"action": text})
        reply = await h.reply(10)
        assert h.ephemeral and reply.content == DONE.format(text), reply.content
        return text

    async def decide(self, player: str, state: Any, method: str) -> str:
        user = self.users[player]
        text = await (self.by_button if method == "button" else self.by_do)(user, state, player)
        self.made.append((player, text, method))
        return text

    async def play(self, methods: tuple[str, ...] = ("button", "do"), stop: Any = None,
                   limit: int = 3000) -> None:
        """Every decision a human seat owes until the game ends (or ``stop(state)``), each a
        real interaction; right after a sealed bid, the audit of what others can see."""
        for _ in range(limit):
            state, owed = await self.owing()
            if not owed or (stop is not None and stop(state)):
                return
            player = owed[0]
            before = {m.id for m in self.world.fake.messages.values()}
            text = await self.decide(player, state, self.rng.choice(methods))
            if text.startswith(("play", "refresh")):
                await self.sealed_check(player, text, before)
        state = await self.state()
        raise AssertionError(f"game {self.game_id} did not end in {limit} human decisions "
                             f"(round {state.round})")

    # --- privacy ----------------------------------------------------------------------------

    async def sealed_check(self, player: str, text: str, before: set[str]) -> None:
        """Until the reveal, nobody but ``player`` sees the bid (R6): not the thread, not the
        other players' messages, not any public message since."""
        state = await self.state()
        if state.phase != "bid":
            return  # the last bid: revealed at once
        fake = self.world.fake
        user = self.users[player]
        seen = [m for m in fake.public_messages() if m.id not in before]
        for other in self.humans:
            if other is not user:
                seen += [m for m in fake.messages_seen_by(other) if m.id not in before]
        shown = "\n".join(fake.texts_of(seen))
        assert text not in shown and "bottom=" not in shown, (text, shown)
        self.sealed_seen.append((player, text))


def audit(world: World, table: ColonyTable, log: list[Any], initial: str) -> dict[str, int]:
    """(Drawing every reached state's board takes seconds of CPU: run it off the event loop,
    which the in-process bot shares, with ``asyncio.to_thread``.) After a game: nothing public ever named where cards went under a deck or a hand; every
    hand shown privately (a DM, or the answer to the player's own decision) is the recipient's
    own cards; every public picture is the spectator's picture of a
    state the game reached (the round board) or the final chart."""
    fake = world.fake
    public = fake.public_messages(world.guild)
    texts = fake.texts_of(public)
    assert not any("bottom=" in t for t in texts), "a public message names a deck bottom"
    hands = [t for t in texts if HAND.search(t)]
    assert not hands, f"a hand in a public message: {hands[:2]}"
    # the cards in DMs and private answers belong to the recipient's own set (sets are
    # disjoint by seat, C3); a private answer is seen by its player alone
    state = G.load(initial)
    sets = {p.id: set(p.deck + p.hand) for p in state.players}
    dms = 0
    for player, user in table.users.items():
        own = fake.dms(user)
        for m in fake.messages_seen_by(user):
            if m.author is not fake.bot_user or not (m in own or m.ephemeral):
                continue
            assert not m.ephemeral or m.visible_to == user.id
            for found in HAND.findall(m.content or ""):
                cards = {int(c) for c in found.split(", ") if c.isdigit()}
                assert cards <= sets[player], (player, cards)
                dms += 1
    # every public picture: a board of a reached state's spectator view, or the final chart
    allowed: set[bytes] = set()
    state = G.load(initial)
    seen_views: set[str] = set()

    def add(s: Any) -> None:
        view = G.view(s, None)
        key = repr(view)
        if key not in seen_views:
            seen_views.add(key)
            allowed.add(PRESENT.board_png(view) or b"")

    add(state)
    for d in log:
        G.apply(state, d.player_id, d.text)
        add(state)
    final = PRESENT.scores_png(G.view(state, None), state)
    pictures = 0
    for m in public:
        for a in m.attachments:
            if a.filename.endswith(".png"):
                assert (a.data in allowed or same_picture(a.data, final)
                        or any(same_picture(a.data, x) for x in allowed)), \
                    f"{a.filename}: not a public picture"
                pictures += 1
    return {"hands": dms, "pictures": pictures}
