"""Private stays private: every request the bot sent, checked against what was public then.

After each decision the driver calls ``PrivacyAudit.check`` with the game's state. Every REST
request the bot made since the last check is sorted by where it went:

* **public** (a guild channel, the game's thread, a non-ephemeral interaction reply, a thread
  name): every card (``blue-3``) named anywhere in the request body (content, embeds,
  components with their custom ids) must already be public knowledge: on the spectator view,
  in a decision's notation or a public event. Pictures must be the spectator view's: a round map
  must be byte for byte ``render_board.board_png(g.view(state, None))``, the final chart
  ``render_scores.scores_png`` of it; any other file (a hand picture...) is a leak.
* **private** (an ephemeral reply, autocomplete choices, a DM): it may name public cards and the
  recipient's own cards only, and a DM goes only to a seated player, with their own hand (text
  and picture).
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageChops, ImageSequence

import games
import texts
from render.stella_digger import board as render_board
from render.stella_digger import hand as render_hand
from render.stella_digger import replay as render_replay
from render.stella_digger import scores as render_scores
from tests.fakediscord import state as st

from .world import GAME

if TYPE_CHECKING:
    from tests.fakediscord.records import RequestRecord

    from .world import World

CARD = re.compile(r"\b(?:blue|green|pink|purple)-[1-4]\b")
HAND_LINE = re.compile(r"Your hand in game #(\d+) \((\d+)/\d+\): \*\*(.*?)\*\*")
TURN_DM = re.compile(r"➡️ Your turn in [^\n]+ #\d+: https://discord\.com/channels/\d+/\d+")
#: the hand line's catalog text (``games/stella_digger/texts.py``): a DM in another language
HAND_MSGID = "Your hand in game #{game} ({size}/{limit}): **{hand}**"
_GROUPS = {"game": r"(\d+)", "size": r"(\d+)", "limit": r"\d+", "hand": r"(.*?)"}


def hand_line(lang: str) -> tuple[re.Pattern[str], str]:
    """``HAND_LINE`` as the hand DM writes it in ``lang`` (its groups: game, size, hand), and
    the words for an empty hand."""
    with texts.using(lang):
        said, empty = texts._(HAND_MSGID), texts._("no cards")
    parts = re.split(r"\{(\w+)\}", said)
    pattern = "".join(_GROUPS[p] if i % 2 else re.escape(p) for i, p in enumerate(parts))
    return re.compile(pattern), empty
MAP_FILE = re.compile(r"game(\d+)-round(\d+)\.png")
SCORES_FILE = re.compile(r"game(\d+)-scores\.png")
HAND_FILE = re.compile(r"game(\d+)-hand\.png")
REPLAY_FILE = re.compile(r"game(\d+)-replay\.gif")
EPHEMERAL = 1 << 6


# Fixed examples in the engine's help texts ("write a colour and a number 1-4, like blue-4."),
# not cards of this game.
EXAMPLES = re.compile(r"like '?(?:[a-z-]+ )?blue-4'?|like '?lose blue-2'?")


def cards(text: str) -> set[str]:
    return set(CARD.findall(EXAMPLES.sub("", text)))


def hands(state: Any) -> dict[str, list[str]]:
    return {p.id: sorted(p.hand) for p in state.players}


@dataclass
class Destination:
    kind: str  # "public" | "private" | "dm" | "none"
    user_id: str | None = None
    echo: frozenset[str] = frozenset()  # cards the user typed or picked in this interaction


@dataclass
class PrivacyAudit:
    world: World
    pos: int = 0
    public_cards: set[str] = field(default_factory=set)
    threads: dict[str, int] = field(default_factory=dict)  # thread id -> game id
    players: dict[str, str] = field(default_factory=dict)  # user id -> player id
    counts: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    frames: list[dict[str, Any]] = field(default_factory=list)  # the replay's spectator views
    #: the game's language: its public pictures are drawn in it (docs/i18n.md)
    language: str = "en"
    #: the languages a private picture may be in: its player's (the fake's interactions are
    #: ``en-US``), or the game's before they first interacted
    readers: tuple[str, ...] = ("en",)

    def follow(self, game_id: int, thread: st.Channel) -> None:
        self.threads[thread.id] = game_id

    # --- where a request went ----------------------------------------------------------------

    def destination(self, rec: RequestRecord) -> Destination:
        fake = self.world.fake
        parts = rec.path.strip("/").split("/")
        if rec.method not in ("POST", "PATCH", "PUT"):
            return Destination("none")
        if parts[0] == "channels" and len(parts) >= 3:
            channel = fake.channels.get(parts[1])
            if parts[2] == "threads" or parts[-1] == "threads":
                return Destination("public")
            if parts[2] != "messages" or channel is None:
                return Destination("none")
            if channel.type == st.DM:
                return Destination("dm", channel.recipient_id)
            return Destination("public")
        if parts[0] == "interactions" and len(parts) == 4:
            h = fake.interactions.get(parts[2])
            body = rec.json or {}
            kind, data = body.get("type"), body.get("data") or {}
            if h is None:
                return Destination("none")
            echo = frozenset(cards(json.dumps(h.payload.get("data"))))
            if kind in (6, 7):
                source = h.source_message
                return Destination("private" if source is not None and source.ephemeral else "public",
                                   h.user.id, echo)
            if kind in (4, 5):
                return Destination("private" if int(data.get("flags") or 0) & EPHEMERAL else "public",
                                   h.user.id, echo)
            return Destination("private", h.user.id, echo)  # autocomplete choices, modals
        if parts[0] == "webhooks" and len(parts) >= 3:
            h = fake.interactions.get(parts[2])
            if h is None:
                return Destination("none")
            echo = frozenset(cards(json.dumps(h.payload.get("data"))))
            message_id = (rec.response or {}).get("id") if isinstance(rec.response, dict) else None
            msg = fake.messages.get(str(message_id)) if message_id else None
            if msg is None and len(parts) == 5:
                msg = h.original if parts[4] == "@original" else fake.messages.get(parts[4])
            if msg is not None:
                return Destination("private" if msg.ephemeral else "public", h.user.id, echo)
            flags = int((rec.json or {}).get("flags") or 0)
            return Destination("private" if flags & EPHEMERAL else "public", h.user.id, echo)
        return Destination("none")

    # --- the check ---------------------------------------------------------------------------

    def learn(self, state: Any, events: list[Any], decision: str | None = None) -> None:
        """What became public: the spectator view, public events, the decision's notation."""
        self.public_cards |= cards(json.dumps(GAME.view(state, None)))
        for event in events:
            if event.to is None:
                self.public_cards |= cards(event.text)
        if decision:
            self.public_cards |= cards(decision)

    def check(self, state: Any, events: list[Any], before: Any = None, decision: str | None = None,
              seats: dict[str, str] | None = None) -> None:
        """Check every request since the last call against ``state`` (the game now);
        ``seats`` maps user ids to the player ids they play."""
        self.learn(state, events, decision)
        if not self.frames or before is not None and games.get(GAME.name).replay_frame(before, state):
            self.frames.append(GAME.view(state, None))
        self.players.update(seats or {})
        now = hands(state)
        then = hands(before) if before is not None else now
        requests = self.world.fake.requests[self.pos:]
        self.pos += len(requests)
        for rec in requests:
            where = self.destination(rec)
            if where.kind == "none":
                continue
            self.counts[where.kind] += 1
            body = json.dumps(rec.json, ensure_ascii=False) if rec.json is not None else ""
            named = cards(body + " " + " ".join(f.filename for f in rec.files))
            if where.kind == "public":
                leaked = named - self.public_cards
                if leaked:
                    self.problems.append(f"{rec.method} {rec.path} named private card(s) {sorted(leaked)}: {body[:300]}")
                self.public_files(rec, state)
            else:
                player = self.player_of(where.user_id, state)
                own = set(now.get(player, [])) | set(then.get(player, [])) if player else set()
                leaked = named - self.public_cards - own - where.echo
                if leaked:
                    self.problems.append(f"{where.kind} to {where.user_id}: {rec.method} {rec.path} named "
                                         f"someone else's card(s) {sorted(leaked)}: {body[:300]}")
                if where.kind == "dm":
                    self.dm(rec, where.user_id, player, state, before)
                self.private_files(rec, player, state, before)
        assert not self.problems, "\n".join(self.problems)

    def player_of(self, user_id: str | None, state: Any) -> str | None:
        """The seat a user plays (from the seats the driver passed), if any."""
        player = self.players.get(str(user_id))
        return player if player in {p.id for p in state.players} else None

    def dm(self, rec: RequestRecord, user_id: str | None, player: str | None, state: Any, before: Any) -> None:
        content = (rec.json or {}).get("content") or ""
        if player is None:
            self.problems.append(f"a DM went to {user_id}, who has no seat: {content[:200]}")
            return
        if TURN_DM.fullmatch(content):  # the opted-in "your turn" DM: a link, nothing private
            self.counts["dm-turn"] += 1
            return
        self.counts["dm-hand"] += 1
        for lang in dict.fromkeys((*self.readers, self.language)):  # the member's, the game's
            line, empty = hand_line(lang)
            m = line.search(content)
            if m is not None:
                break
        if m is None:
            self.problems.append(f"a DM to {user_id} without the hand line: {content[:200]}")
            return
        shown = sorted(x.strip() for x in re.split(r"[,、]", m[3])) if m[3] != empty else []
        allowed = [sorted(p.hand) for s in (state, before) if s is not None for p in s.players if p.id == player]
        if shown not in allowed:
            self.problems.append(f"the DM to {user_id} shows the hand {shown}, not theirs {allowed}")

    def public_files(self, rec: RequestRecord, state: Any) -> None:
        with texts.using(self.language):  # a public picture: the game's language
            self._public_files(rec, state)

    def _public_files(self, rec: RequestRecord, state: Any) -> None:
        for f in rec.files:
            if MAP_FILE.fullmatch(f.filename):
                self.counts["public-map"] += 1
                expected = render_board.board_png(GAME.view(state, None))
                if not same_picture(f.data, expected):
                    self.problems.append(f"{f.filename} is not the spectator view's map of v{state.version} "
                                         f"({how_pictures_differ(f.data, expected)})")
            elif SCORES_FILE.fullmatch(f.filename):
                self.counts["public-scores"] += 1
                expected = render_scores.scores_png(GAME.view(state, None), list(state.score_history))
                if not same_picture(f.data, expected):
                    self.problems.append(f"{f.filename} is not the spectator view's score chart of "
                                         f"v{state.version} ({how_pictures_differ(f.data, expected)}; "
                                         f"scores by round {state.score_history})")
            elif REPLAY_FILE.fullmatch(f.filename):
                self.counts["public-replay"] += 1
                if not same_picture(f.data, render_replay.replay_gif(self.frames)):
                    self.problems.append(f"{f.filename} is not the spectator views' replay")
            else:
                self.problems.append(f"an unexpected file went public: {f.filename} ({rec.method} {rec.path})")

    def private_files(self, rec: RequestRecord, player: str | None, state: Any, before: Any) -> None:
        for f in rec.files:
            if HAND_FILE.fullmatch(f.filename):
                self.counts["private-hand-picture"] += 1
                ok = player is not None and any(
                    same_picture(f.data, self._in(lang, render_hand.hand_png, GAME.view(s, player),
                                                  player))
                    for s in (state, before) if s is not None
                    for lang in dict.fromkeys((*self.readers, self.language)))
                if not ok:
                    self.problems.append(f"{f.filename} sent to {player} is not their own hand")
            elif MAP_FILE.fullmatch(f.filename) and not any(same_picture(
                    f.data, self._in(lang, render_board.board_png, GAME.view(state, None)))
                    for lang in dict.fromkeys((*self.readers, self.language))):
                self.problems.append(f"a private {f.filename} is not the spectator map")

    @staticmethod
    def _in(lang: str, draw: Any, *args: Any) -> Any:
        with texts.using(lang):
            return draw(*args)


def assert_everything_public_is_public(world: World, drivers: list[Any]) -> None:
    """After the games: nothing public shows a hand, every public file is a map or a score
    chart, every DM went to a seated player and showed only their own game's hand."""
    fake = world.fake
    known: set[str] = set()
    for d in drivers:
        assert d.audit is not None
        known |= d.audit.public_cards
    texts = fake.public_texts(world.guild)
    assert not [t for t in texts if HAND_LINE.search(t) or "Your hand in game" in t]
    assert not set().union(*(cards(t) for t in texts)) - known
    for msg in fake.public_messages(world.guild):
        for att in msg.attachments:
            assert re.fullmatch(r"game\d+-((round\d+|scores)\.png|replay\.gif)", att.filename), \
                att.filename
    seated = {uid: d.game_id for d in drivers for uid in d.seats()}
    for channel in fake.channels.values():
        if channel.type != 1:
            continue
        for msg in channel.messages:
            if msg.author is not fake.bot_user:
                continue
            assert channel.recipient_id in seated, f"a DM to {channel.recipient_id}, who has no seat"
            if TURN_DM.fullmatch(msg.content or ""):  # "your turn": nothing private
                continue
            m = HAND_LINE.search(msg.content)
            assert m and int(m[1]) == seated[channel.recipient_id], msg.content


def same_picture(sent: bytes, expected: bytes) -> bool:
    """Does ``sent`` show what ``expected`` shows: the same size and the same colour at every
    pixel of every frame? A picture is checked by what it shows, not by its encoding (a PNG's
    palette order or deflate choices, which nothing promises stay the same)."""
    if sent == expected:
        return True
    try:
        a, b = Image.open(io.BytesIO(sent)), Image.open(io.BytesIO(expected))
        frames_a = [f.convert("RGBA") for f in ImageSequence.Iterator(a)]
        frames_b = [f.convert("RGBA") for f in ImageSequence.Iterator(b)]
    except (OSError, ValueError):
        return False
    return len(frames_a) == len(frames_b) and all(
        x.size == y.size and x.tobytes() == y.tobytes() for x, y in zip(frames_a, frames_b, strict=True))


def how_pictures_differ(sent: bytes, expected: bytes) -> str:
    """For a failure message: sizes, and where the decoded pixels differ (the same pixels with
    other bytes is an encoding difference, not another picture)."""
    a, b = (Image.open(io.BytesIO(x)).convert("RGB") for x in (sent, expected))
    if a.size != b.size:
        return f"sent {a.size[0]}x{a.size[1]} ({len(sent)} bytes), expected {b.size[0]}x{b.size[1]}"
    box = ImageChops.difference(a, b).getbbox()
    where = f"pixels differ within {box}" if box else "the same pixels, other bytes"
    return f"{where}; {len(sent)} bytes sent, {len(expected)} expected"
