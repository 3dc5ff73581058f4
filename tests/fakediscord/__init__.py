"""A fake Discord (REST + gateway on 127.0.0.1) that a real discord.py bot can be pointed at.

See README.md in this folder. The main names:
`FakeDiscord` (server + driver API), `InteractionHandle`, `point_discord_py_at`,
`running_bot` / `BotRunner`, `drain_discord_tasks`; fixtures live in `fixtures.py`.
"""

from .discordpy import BotRunner, drain_discord_tasks, point_discord_py_at, running_bot
from .faults import Fault
from .interaction import InteractionHandle
from .records import RequestRecord, UploadedFile
from .server import FakeDiscord
from .state import (
    ADMINISTRATOR,
    MANAGE_GUILD,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    User,
)

__all__ = [
    "ADMINISTRATOR",
    "MANAGE_GUILD",
    "Attachment",
    "BotRunner",
    "Channel",
    "FakeDiscord",
    "Fault",
    "Guild",
    "InteractionHandle",
    "Member",
    "Message",
    "RequestRecord",
    "Role",
    "UploadedFile",
    "User",
    "drain_discord_tasks",
    "point_discord_py_at",
    "running_bot",
]
