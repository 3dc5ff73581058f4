"""Counting what a game sent through the fake Discord (``python -m benchmarks transcript``):
public messages, edits, pictures, turn prompts, pings, DMs per player, and the transcript text.

A ping is a user mention (``<@id>``) in a message the bot created whose ``allowed_mentions``
lets it through (no ``allowed_mentions``: Discord pings every mention); an edit never pings.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

MENTION = re.compile(r"<@!?(\d+)>")
ASKED = re.compile(r"➡️ <@!?(\d+)>")  # a prompt's line asking that player
TURN_ID = re.compile(r"^sd:(\d+):\d+:")
AUTOCOMPLETE = 4  # an interaction's type: typing in an option, not a decision
CREATE_ROUTES = ("/channels/{channel_id}/messages", "/webhooks/{app_id}/{token}")  # as the fake names them


@dataclass
class Counts:
    public: int = 0  # messages anyone on the server can see (thread + channel)
    thread: int = 0
    channel: int = 0
    edits: int = 0  # of public messages
    prompts: int = 0  # public messages with turn controls
    prompt_pings: int = 0  # turn prompts that pinged someone
    controls_left: int = 0  # public messages still carrying turn controls at the end
    pictures: int = 0  # pictures in public messages (each file name of a message once)
    pings: dict[str, int] = field(default_factory=dict)  # player name -> times pinged
    dms: dict[str, int] = field(default_factory=dict)  # player name -> DMs
    dms_only_not_your_turn: int = 0  # DMs whose news is only "not your turn"
    private: dict[str, int] = field(default_factory=dict)  # player name -> private replies
    interactions: dict[str, int] = field(default_factory=dict)  # name -> commands and clicks
    boards: list[tuple[int, int, int]] = field(default_factory=list)  # (clicks, tiles, kinds)
    turns_passed: dict[str, int] = field(default_factory=dict)  # runs of decisions per player
    opening_prompts: dict[str, int] = field(default_factory=dict)  # before their 2nd turn
    repeat_edits: int = 0  # edits of a message already edited for the same decision
    repeated: list[str] = field(default_factory=list)  # the first words of those messages
    decisions: int = 0
    human_decisions: int = 0
    status: str = ""

    @property
    def ping_total(self) -> int:
        return sum(self.pings.values())

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["ping_total"] = self.ping_total
        out["thread_per_decision"] = round(self.thread / max(1, self.decisions), 3)
        return out


def edited_messages(fake: Any, since: int) -> dict[str, int]:
    """The messages edited by the requests from ``since`` on (a channel's ``PATCH`` or an
    interaction's webhook, ``@original`` named as the message it stands for): id -> edits."""
    edits: dict[str, int] = {}
    for r in fake.requests[since:]:
        parts = r.path.split("/")
        if r.method != "PATCH" or len(parts) < 6 or parts[-2] != "messages" or (
                r.status or 200) >= 300:
            continue
        target = parts[-1]
        if target == "@original":
            h = fake.interactions.get(parts[3])
            target = str(h.original_id) if h is not None and h.original_id else r.path
        edits[target] = edits.get(target, 0) + 1
    return edits


def pinged(body: Any) -> set[int]:
    """The users a created message pings."""
    if not isinstance(body, dict):
        return set()
    content = str(body.get("content") or "")
    mentioned = {int(x) for x in MENTION.findall(content)}
    allowed = body.get("allowed_mentions")
    if allowed is None:
        return mentioned
    if "users" in (allowed.get("parse") or []):
        return mentioned
    return mentioned & {int(u) for u in allowed.get("users") or []}


def versions(message: Any) -> list[dict[str, Any]]:
    """Every version of a message (its edits' earlier states, then now)."""
    return [*message.history, message.snapshot()]


def controls(message: Any) -> list[str]:
    """The custom ids any version of the message had."""
    from tests.fakediscord import state as st

    return [str(c.get("custom_id", "")) for v in versions(message)
            for c in st.walk_components(v["components"])]


def is_prompt(message: Any, game_id: int) -> bool:
    """Did the message ever carry this game's turn controls (a prompt, maybe edited down)?"""
    for cid in controls(message):
        m = TURN_ID.match(cid)
        if m and int(m[1]) == game_id:
            return True
    return False


def count(fake: Any, guild: Any, game_id: int, names: dict[int, str], *, decisions: int,
          human_decisions: int, status: str, log: list[Any] | None = None,
          players: dict[str, str] | None = None) -> Counts:
    from tests.fakediscord import state as st

    c = Counts(decisions=decisions, human_decisions=human_decisions, status=status)
    c.pings = {n: 0 for n in names.values()}
    public = [m for m in fake.public_messages(guild) if m.author is fake.bot_user]
    for m in public:
        c.public += 1
        if fake.channels[m.channel_id].is_thread:
            c.thread += 1
        else:
            c.channel += 1
        c.edits += len(m.history)
        c.pictures += len({name for v in versions(m) for name in v.get("attachments") or ()})
        if is_prompt(m, game_id):
            c.prompts += 1
        if any(TURN_ID.match(str(x.get("custom_id", ""))) for x in m.walk_components()):
            c.controls_left += 1
    prompt_texts = {v["content"] for m in public if is_prompt(m, game_id) for v in versions(m)}
    for r in fake.requests:
        if r.method != "POST" or r.route not in CREATE_ROUTES or (r.status or 0) >= 400:
            continue
        body = r.json if isinstance(r.json, dict) else {}
        if r.route == CREATE_ROUTES[0]:
            channel = fake.channels.get(r.path.split("/")[2])
            if channel is None or channel.type == st.DM:
                continue
        if (body.get("flags") or 0) & 64:
            continue  # ephemeral
        who = pinged(body)
        for uid in who:
            if uid in names:
                c.pings[names[uid]] += 1
        if who and body.get("content") in prompt_texts:
            c.prompt_pings += 1
    for uid, name in names.items():
        dms = fake.dms(fake.users[str(uid)])
        c.dms[name] = len(dms)
        c.dms_only_not_your_turn += only_not_your_turn([m.content or "" for m in dms])
        c.private[name] = sum(1 for m in fake.messages.values()
                              if m.ephemeral and m.visible_to == str(uid))
        c.interactions[name] = sum(1 for h in fake.interactions.values()
                                   if int(h.user.id) == uid and h.type != AUTOCOMPLETE)
    players = players or {}
    log = log or []
    c.turns_passed = {n: 0 for n in names.values()}
    for pid in runs(log):
        if pid in players:
            c.turns_passed[players[pid]] += 1
    opening = opening_length(log)
    c.opening_prompts = {n: 0 for n in names.values()}
    for m in public:
        version = prompt_version(m, game_id)
        if version is None or version >= opening:
            continue
        for uid in {int(x) for v in versions(m) for x in ASKED.findall(v["content"] or "")}:
            if uid in names:
                c.opening_prompts[names[uid]] += 1
    return c


def only_not_your_turn(texts: list[str]) -> int:
    """The DMs (texts, in order) whose only news is "Not your turn": the last line says so
    and the rest repeats the DM before word for word."""
    found, before = 0, None
    for text in texts:
        lines = text.strip().splitlines()
        rest = "\n".join(lines[:-1])
        if lines and lines[-1].startswith("Not your turn") and rest == before:
            found += 1
        before = rest
    return found


def opening_length(log: list[Any]) -> int:
    """How many decisions the opening has: the leading decisions whose verb is one of the
    first two decisions' verbs (Stella Digger: the target and the deal's draws)."""
    verbs = {d.text.split()[0] for d in log[:2]}
    n = 0
    for d in log:
        if d.text.split()[0] not in verbs:
            break
        n += 1
    return n


def prompt_version(message: Any, game_id: int) -> int | None:
    """The first state version the message asked about (a prompt edited in place asks on)."""
    for cid in controls(message):
        parts = cid.split(":")
        if len(parts) > 2 and parts[0] == "sd" and parts[1] == str(game_id) and parts[2].isdigit():
            return int(parts[2])
    return None


def runs(log: list[Any]) -> list[str]:
    """The player of each run of consecutive decisions (a turn passed to them)."""
    out: list[str] = []
    for d in log:
        if not out or out[-1] != d.player_id:
            out.append(d.player_id)
    return out


def render(message: Any) -> str:
    """One message as a player reads it: its text, then its controls."""
    return render_version(message.snapshot())


def render_version(version: dict[str, Any]) -> str:
    from tests.fakediscord import state as st

    lines = [version.get("content") or ""]
    if version.get("attachments"):
        lines.append("[files: " + ", ".join(version["attachments"]) + "]")
    for c in st.walk_components(version.get("components") or []):
        if c.get("type") == 2:
            lines.append(f"[button: {c.get('label') or c.get('emoji', {}).get('name', '')}]"
                         + (" (disabled)" if c.get("disabled") else ""))
        elif c.get("type") == 3:
            opts = "; ".join(str(o.get("label")) for o in c.get("options", []))
            lines.append(f"[select {c.get('placeholder') or ''}: {opts}]")
    return "\n".join(x for x in lines if x)


def transcript(fake: Any, guild: Any, users: list[Any]) -> str:
    """Every public message as it reads at the end, then each player's DMs, in order."""
    out = ["=== public (thread and channel) ==="]
    for m in sorted((m for m in fake.public_messages(guild) if m.author is fake.bot_user),
                    key=lambda m: int(m.id)):
        where = "thread" if fake.channels[m.channel_id].is_thread else "channel"
        if m.history:
            for i, v in enumerate(m.history):
                out.append(f"--- {where} {m.id} version {i + 1} (later edited)\n{render_version(v)}")
            out.append(f"--- {where} {m.id} as it reads at the end\n{render(m)}")
        else:
            out.append(f"--- {where} {m.id}\n{render(m)}")
    for user in users:
        out.append(f"=== DMs to {user.username} ===")
        for m in fake.dms(user):
            out.append(f"--- dm {m.id}\n{render(m)}")
    return "\n".join(out) + "\n"
