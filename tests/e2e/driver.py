"""Playing a game through the fake Discord as its players.

``GameDriver`` opens a lobby with ``/stella new``, seats the players (the lobby's Join button or
``/stella join``), starts, and then sends every decision as a real interaction:

* ``"button"``: the public turn prompt's button; a verb button opens a private select, which is
  narrowed option by option (each option's value is a range of the sorted legal list) until the
  decision is made;
* ``"command"``: the decision kind's own command (``/stella mine``, ``/stella crystals``, ...),
  its argument picked from the bot's autocomplete, sometimes without the verb (the bot completes
  it);
* ``"do"``: ``/stella do`` with the notation.

The driver keeps its own engine replica of the game: before each decision it checks that the
bot's database holds exactly the replica's state, and after it that the bot applied exactly that
one decision (no decision lost, none applied twice).
"""

from __future__ import annotations

import collections
import copy
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import games
from benchmarks.transcript_count import edited_messages
from cogs.common import done_line
from db import Database, Decision, Game, GameStatus
from db import games as games_db
from engine import get_game
from referee.messages.choices import ordered, words
from tests.fakediscord import FakeDiscord, InteractionHandle
from tests.fakediscord import state as st
from tests.fakediscord.discordpy import drain_discord_tasks
from texts import _ as in_catalog
from texts import using as speaking

from .audit import PrivacyAudit
from .world import GAME, World

DONE = "✅ Done: `{}`"  # in English (``GameDriver.done``: in the players' language)

METHODS = ("button", "command", "do")
# decision verb -> (slash command, its option); None: the command takes no option
COMMANDS: dict[str, tuple[str, str | None]] = {
    "target": ("stella target", "square"),
    "draw": ("stella draw", "deck"),
    "mine": ("stella mine", "play"),
    "refill": ("stella refill", "discard"),
    "buy": ("stella buy", "gadgets"),
    "drill": ("stella drill", "placement"),
    "exchange": ("stella exchange", "trade"),
    "pass": ("stella pass", None),
    "return": ("stella crystals", "colours"),
    "gold": ("stella crystals", "colours"),
    "lose-crystals": ("stella crystals", "colours"),
    "lose": ("stella lose", "card"),
    "capsule": ("stella capsule", "colour"),
    "fight": ("stella fight", "play"),
    "decline": ("stella fight", "play"),
}
# How often the policy picks each action verb while it still plays freely.
WEIGHTS = {"mine": 6.0, "refill": 1.0, "buy": 3.0, "drill": 3.0, "exchange": 1.0, "pass": 1.0}


def turn_ids(message: st.Message) -> list[str]:
    return [c["custom_id"] for c in message.walk_components() if str(c.get("custom_id", "")).startswith("sd:")]


def split_id(custom_id: str) -> tuple[int, int, str, str, str] | None:
    """(game, version, tag, kind, arg) of a turn control's custom id."""
    parts = custom_id.split(":", 5)
    if len(parts) != 6 or not parts[2].isdigit():
        return None
    return int(parts[1]), int(parts[2]), parts[3], parts[4], parts[5]


def select_of(message: st.Message) -> dict[str, Any] | None:
    return next((c for c in message.walk_components() if c.get("type") == 3), None)


def selects_of(message: st.Message) -> list[dict[str, Any]]:
    """Every select of a message (a long pick is a few selects side by side, one pick)."""
    return [c for c in message.walk_components() if c.get("type") == 3]


def option_for(message: st.Message, index: int) -> tuple[str, str]:
    """The select and the option (its value a range ``lo-hi`` of the sorted legal list) that
    lead to decision ``index``: (custom id, value)."""
    for select in selects_of(message):
        for o in select["options"]:
            lo, hi = map(int, o["value"].split("-"))
            if lo <= index < hi:
                return select["custom_id"], o["value"]
    raise AssertionError(f"no option leads to decision {index}: {message.content!r}")


def said(game: str, state: Any, text: str) -> str:
    """The private answer to a click that decides ``text`` at ``state``: the decision in its
    button's words (issue 28), or its notation where the game has none."""
    view = get_game(game).view(state, None)
    return done_line(text, games.get(game).choice_label(view, text))


@dataclass
class Policy:
    """Deterministic choices: a seeded, weighted mix of every kind of decision for the first
    ``budget`` decisions, then the R21 default (passes and blockades end the game soon)."""

    seed: int
    budget: int = 40
    made: int = 0

    def choose(self, state: Any) -> str:
        rng = random.Random(self.seed * 100_003 + int(state.version))
        self.made += 1
        if self.made > self.budget:
            return str(GAME.default(state))
        by_verb: dict[str, list[str]] = collections.defaultdict(list)
        for text in ordered(GAME.legal(state)):
            by_verb[words(text)[0]].append(text)
        verbs = sorted(by_verb)
        verb = rng.choices(verbs, [WEIGHTS.get(v, 1.0) for v in verbs])[0]
        return rng.choice(by_verb[verb])


@dataclass
class Played:
    """One decision the driver sent: who, what, how, and the interactions it took."""

    user: st.User
    text: str
    method: str
    handles: list[InteractionHandle] = field(default_factory=list)


class GameDriver:
    def __init__(self, world: World, db: Database, users: Sequence[st.User], *, audit: bool = True,
                 methods: Sequence[str] = ("button", "button", "command", "button", "do")) -> None:
        self.world = world
        self.fake: FakeDiscord = world.fake
        self.db = db
        self.users = list(users)
        self.methods = list(methods)
        self.game_id: int | None = None
        self.thread: st.Channel | None = None
        self.state: Any = None
        self.game: Game | None = None
        self.played: list[Played] = []
        self.audit = PrivacyAudit(world) if audit else None
        self.interactions: list[InteractionHandle] = []
        #: the players' language (their client's: ``User.locale``): what their private
        #: answers are expected in
        self.reader = "en"

    def says(self, msgid: str, content: str) -> bool:
        """Does ``content`` hold the catalog text ``msgid`` in the players' language (any
        value in its placeholders)?"""
        with speaking(self.reader):
            said_ = in_catalog(msgid)
        pattern = ".+?".join(re.escape(part) for part in re.split(r"\{[^{}]*\}", said_))
        return re.search(pattern, content) is not None

    def done(self, text: str) -> str:
        """The private answer to a decision typed as ``text``, in the players' language."""
        with speaking(self.reader):
            return done_line(text)

    # --- lobby -----------------------------------------------------------------------------

    async def open(self, host: st.User | None = None, **options: Any) -> st.Channel:
        host = host or self.users[0]
        h = await self.send(host, self.world.channel, "stella new", options)
        msg = await h.reply()
        assert h.ephemeral, msg
        m = re.search(r"#(\d+)\D[^<]*<#(\d+)>", msg.content)  # "Lobby #N is open in <#T>", any language
        assert m, msg.content
        self.game_id = int(m[1])
        self.thread = self.fake.channels[m[2]]
        assert self.thread.is_thread and self.thread.type == st.PUBLIC_THREAD
        assert self.thread.parent_id == self.world.channel.id
        if self.audit is not None:
            self.audit.follow(self.game_id, self.thread)
        return self.thread

    @property
    def lobby_message(self) -> st.Message:
        assert self.thread is not None and self.game_id is not None
        wanted = f"sd:{self.game_id}:lobby:join"
        return next(m for m in self.thread.messages if m.component(wanted) is not None)

    async def join_all(self) -> None:
        """Every other player takes a seat: by the Join button or by /stella join, in turn."""
        assert self.thread is not None
        for i, user in enumerate(self.users[1:]):
            if i % 2 == 0:
                h = await self.fake.click_button(user, self.lobby_message, f"sd:{self.game_id}:lobby:join")
                self.interactions.append(h)
                await h.wait_followups(1)
                assert h.followups[0].ephemeral and self.says(
                    "You joined game #{game}.", h.followups[0].content), h.followups[0].content
            else:
                h = await self.send(user, self.thread, "stella join")
                msg = await h.reply()
                assert h.ephemeral and self.says("You joined game #{game} ({seated}/{most}).",
                                                 msg.content), msg.content
        game = await games_db.get_game(self.db, self.game_id or 0)
        assert [s.user_id for s in game.seats] == [int(u.id) for u in self.users]

    async def start(self, via: str = "button") -> None:
        host = self.users[0]
        assert self.thread is not None
        if via == "button":
            h = await self.fake.click_button(host, self.lobby_message, f"sd:{self.game_id}:lobby:start")
            self.interactions.append(h)
            await h.wait_followups(1)
            assert self.says("Game #{game} has started.", h.followups[0].content)
        else:
            h = await self.send(host, self.thread, "stella start")
            assert "has started" in (await h.reply()).content
        await self.sync()
        if self.audit is not None:
            self.audit.check(self.state, [], seats=self.seats())

    async def setup(self, *, start_via: str = "button", **options: Any) -> None:
        if self.audit is not None and "language" in options:  # its public pictures' language
            self.audit.language = options["language"]
        await self.open(**options)
        await self.join_all()
        await self.start(start_via)

    # --- state -----------------------------------------------------------------------------

    async def stored(self) -> tuple[Game, Any, str]:
        assert self.game_id is not None
        game = await games_db.get_game(self.db, self.game_id)
        snap = await games_db.load_snapshot(self.db, self.game_id)
        return game, GAME.load(snap.json), snap.json

    async def sync(self) -> Any:
        """Take the bot's stored state as the replica (after start, or after a restart)."""
        self.game, self.state, _ = await self.stored()
        return self.state

    async def log(self) -> list[Decision]:
        assert self.game_id is not None
        return await games_db.get_log(self.db, self.game_id)

    def seats(self) -> dict[str, str]:
        assert self.game is not None
        return {str(s.user_id): s.player_id for s in self.game.seats if s.user_id is not None}

    def user_of(self, player_id: str) -> st.User:
        assert self.game is not None
        seat = self.game.seat_of_player(player_id)
        assert seat is not None and seat.user_id is not None, f"{player_id} is not a human seat"
        return self.world.user(seat.user_id)

    def owing(self) -> tuple[st.User, str]:
        to_act = GAME.to_act(self.state)
        assert to_act is not None, "the game is over"
        return self.user_of(to_act.player), to_act.player

    # --- the turn prompt -------------------------------------------------------------------

    def prompt_for(self, version: int) -> st.Message | None:
        """The latest public message whose controls are for this version of the game."""
        assert self.thread is not None
        for msg in reversed(self.thread.messages):
            if msg.deleted or msg.ephemeral:
                continue
            for cid in turn_ids(msg):
                parts = split_id(cid)
                if parts and parts[0] == self.game_id and parts[1] == version:
                    return msg
        return None

    async def prompt(self, version: int | None = None) -> st.Message:
        version = self.state.version if version is None else version
        return await self.fake.wait_for(lambda: self.prompt_for(version), 10,
                                        f"the turn prompt of game {self.game_id} v{version}")

    # --- sending ---------------------------------------------------------------------------

    async def send(self, user: st.User, channel: st.Channel, command: str,
                   options: dict[str, Any] | None = None) -> InteractionHandle:
        h = await self.fake.send_slash_command(user, channel, command, options or {})
        self.interactions.append(h)
        return h

    async def click(self, user: st.User, message: st.Message, custom_id: str) -> InteractionHandle:
        h = await self.fake.click_button(user, message, custom_id)
        self.interactions.append(h)
        return h

    async def select(self, user: st.User, message: st.Message, custom_id: str, value: str) -> InteractionHandle:
        h = await self.fake.choose_select(user, message, custom_id, [value])
        self.interactions.append(h)
        return h

    async def select_many(self, user: st.User, message: st.Message, custom_id: str,
                          values: list[str]) -> InteractionHandle:
        h = await self.fake.choose_select(user, message, custom_id, values)
        self.interactions.append(h)
        return h

    async def by_button(self, user: st.User, text: str) -> list[InteractionHandle]:
        """The prompt's button for this decision, or its verb's button and the private select."""
        prompt = await self.prompt()
        controls = {cid: split_id(cid) for cid in turn_ids(prompt)}
        direct = next((cid for cid, p in controls.items() if p and p[3] == "do" and p[4] == text), None)
        if direct is not None:
            h = await self.click(user, prompt, direct)
            msg = await h.reply(10)
            with speaking(self.reader):
                expected = said(GAME.name, self.state, text)
            assert h.ephemeral and msg.content == expected, (text, msg.content)
            return [h]
        verb = words(text)[0]
        button = next((cid for cid, p in controls.items() if p and p[3] == "verb" and p[4] == verb), None)
        assert button is not None, f"no button for {text!r} on the prompt: {list(controls)}"
        h = await self.click(user, prompt, button)
        msg = await h.reply(10)
        assert h.ephemeral, msg.content
        return [h, *await self.navigate(user, msg, text)]

    async def navigate(self, user: st.User, msg: st.Message, text: str) -> list[InteractionHandle]:
        """Narrow a private select (``msg``) down to the decision ``text`` and make it."""
        handles: list[InteractionHandle] = []
        texts = ordered(GAME.legal(self.state))
        index = texts.index(text)
        for _ in range(10):
            if msg.content.startswith("✅"):
                break
            select = select_of(msg)
            assert select is not None, f"expected a private select for {text!r}: {msg.content!r}"
            assert msg.visible_to == user.id
            parts = split_id(select["custom_id"])
            if parts is not None and parts[3] == "multi":  # a set picked at once (the discards)
                _, _, rest = text.partition("=")
                picked = []  # a card discarded twice: its second option ("pink-3#2")
                for card in (v for v in rest.split(",") if v):
                    copy = picked.count(card) + sum(p.startswith(card + "#") for p in picked)
                    picked.append(card if not copy else f"{card}#{copy + 1}")
                many = await self.select_many(user, msg, select["custom_id"], picked)
                handles.append(many)
                await many.response(10)
                await self.fake.wait_for(
                    lambda many=many: msg.content.startswith("✅") or bool(many.followups),
                    10, f"the multi-select for {text!r}")
                assert not many.followups, [m.content for m in many.followups]
                break
            old_id, value = option_for(msg, index)
            hs = await self.select(user, msg, old_id, value)
            handles.append(hs)
            await hs.response(10)

            def moved(msg: st.Message = msg, old_id: str = old_id, hs: InteractionHandle = hs) -> bool:
                current = select_of(msg)
                return (msg.content.startswith("✅") or bool(hs.followups)
                        or (current is not None and current["custom_id"] != old_id))

            await self.fake.wait_for(moved, 10, f"the select for {text!r} to move on")
            assert not hs.followups, [m.content for m in hs.followups]
        with speaking(self.reader):
            expected = said(GAME.name, self.state, text)
        assert msg.content == expected, (text, msg.content)
        assert msg.visible_to == user.id and msg.ephemeral
        return handles

    async def by_command(self, user: st.User, text: str, *, bare: bool = False) -> list[InteractionHandle]:
        """The decision kind's own command, its value taken from the bot's autocomplete."""
        assert self.thread is not None
        verb = words(text)[0]
        command, option = COMMANDS[verb]
        options: dict[str, Any] = {}
        if option is not None and text != "refill":
            choices = await self.fake.autocomplete(user, self.thread, command, focused=option, value=text)
            if len(text) <= 100:
                assert text in [c["value"] for c in choices], (text, choices)
            value = text
            if bare and text.startswith(verb + " ") and verb not in ("decline",):
                value = text[len(verb) + 1:]  # "/stella mine play: blue-4": the bot adds the verb
            options[option] = value
        h = await self.send(user, self.thread, command, options)
        msg = await h.reply(10)
        assert h.ephemeral and msg.content == self.done(text), (text, msg.content)
        return [h]

    async def by_do(self, user: st.User, text: str) -> list[InteractionHandle]:
        assert self.thread is not None
        h = await self.send(user, self.thread, "stella do", {"action": text})
        msg = await h.reply(10)
        assert h.ephemeral and msg.content == self.done(text), (text, msg.content)
        return [h]

    # --- deciding --------------------------------------------------------------------------

    async def decide(self, text: str | None = None, *, method: str | None = None,
                     policy: Policy | None = None) -> Played:
        """Make the owed decision (``text``, or the policy's) as an interaction and check that
        the bot applied exactly it."""
        game, stored, stored_text = await self.stored()
        assert stored_text == GAME.dump(self.state), "the bot's stored state differs from the replica"
        user, player = self.owing()
        if text is None:
            text = (policy or Policy(0)).choose(self.state)
        n = len(self.played)
        since, logged = len(self.fake.requests), len(await self.log())
        method = method or self.methods[n % len(self.methods)]
        if method == "command":
            handles = await self.by_command(user, text, bare=n % 2 == 1)
        elif method == "do":
            handles = await self.by_do(user, text)
        else:
            handles = await self.by_button(user, text)
        played = Played(user, text, method, handles)
        self.played.append(played)
        await self.applied(player, text)
        if self.in_process():  # all it told went out: each message edited once a decision
            made = max(1, len(await self.log()) - logged)  # with the AI seats' after it
            again = {m: k for m, k in edited_messages(self.fake, since).items() if k > made}
            assert not again, [(self.fake.messages[m].content or "")[:60] if m in self.fake.messages
                               else m for m in again]
        return played

    def in_process(self) -> bool:
        """Is every bot of the world in this process (``told`` waits for what it tells)?"""
        return bool(self.world.bots) and all(bot.referee is not None and not bot.is_closed()
                                             for bot in self.world.bots)

    async def applied(self, player: str, text: str) -> list[Any]:
        """The bot applied ``text`` for ``player`` once: replay it on the replica and compare."""
        before = copy.deepcopy(self.state)
        events = GAME.apply(self.state, player, text)
        await self.told()
        self.game, _stored, stored_text = await self.stored()
        log = await self.log()
        assert log and log[-1].text == text and log[-1].player_id == player, (text, log[-1:])
        assert log[-1].version == self.state.version and log[-1].prev_version == before.version
        assert stored_text == GAME.dump(self.state), f"after {text!r} the stored state differs"
        if self.audit is not None:
            self.audit.check(self.state, events, before, text, self.seats())
        return events

    async def told(self) -> None:
        """Wait until an in-process bot has told everything (the thread and the hands are
        told after the player's reply: ``referee.messages.tell``); a subprocess bot is waited for by
        what the test looks for next (``prompt``, ``fake.wait_for``)."""
        await drain_discord_tasks()
        for bot in self.world.bots:
            if bot.referee is not None and not bot.is_closed():
                await bot.referee.idle()

    async def play(self, policy: Policy, *, max_decisions: int = 1000, stop_at: int | None = None) -> None:
        """Decide until the game ends (or ``stop_at`` decisions were made in total)."""
        for _ in range(max_decisions):
            if self.state.ended or (stop_at is not None and len(self.played) >= stop_at):
                return
            await self.decide(policy=policy)
        raise AssertionError(f"the game did not end within {max_decisions} decisions")

    # --- the end ---------------------------------------------------------------------------

    async def check_final(self) -> None:
        """Finished in the database with the engine's scores; the final post says so."""
        assert self.state.ended and self.game_id is not None and self.thread is not None
        game = await games_db.get_game(self.db, self.game_id)
        assert game.status == GameStatus.FINISHED
        scores = GAME.scores(self.state)
        results = await games_db.get_results(self.db, self.game_id)
        by_player = {r.player_id: r for r in results}
        assert sorted(by_player) == sorted(p.id for p in self.state.players)
        for p in self.state.players:
            seat = game.seat_of_player(p.id)
            result = by_player[p.id]
            assert seat is not None and result.user_id == seat.user_id
            assert result.score == scores[p.id]["total"]
            assert result.won == (p.id in self.state.winners)
        thread = self.thread

        def finals() -> list[st.Message]:
            # "🏁 **The game is over**" in the game's language (``texts``)
            return [m for m in thread.public_messages if m.content.startswith("🏁 **")]

        await self.fake.wait_for(finals, 10, "the final post (told after the last reply)")
        await self.told()
        final = finals()
        assert len(final) == 1, [m.content[:80] for m in final]
        text = final[0].content
        for p in self.state.players:
            assert f"**{scores[p.id]['total']}**" in text, (p.id, text)
        assert final[0].attachments and final[0].attachments[0].filename.endswith("-scores.png")
        # No prompt after the end, and the last prompt's controls are refused as out of date.
        assert self.prompt_for(self.state.version) is None


async def answer(h: InteractionHandle, timeout: float = 10) -> st.Message:
    """The message the bot answered an interaction with: its reply, or (after a deferred
    update, as for lobby buttons and selects) its first follow-up."""
    await h.response(timeout)
    if h.callback_type in (4, 5):
        return await h.reply(timeout)
    return (await h.wait_followups(1, timeout))[0]


def interactions_ok(handles: Iterable[InteractionHandle]) -> None:
    """Every interaction was answered once, in time, and only the expected ways."""
    for h in handles:
        assert h.responded, f"{h!r} was never answered"
        assert h.latency is not None and h.latency < 3.0, f"{h!r} answered after {h.latency:.2f}s"
