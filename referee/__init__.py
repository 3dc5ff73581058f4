"""The service layer between Discord and the engine + database.

Discord glue (``cogs/``, ``bot.py``) parses an interaction, calls one coroutine here and replies.
Everything a game needs beyond the pure rules lives here: per-game locking, load/apply/persist
(``sessions``), lobbies (``lobby``), moderator actions (``moderation``), turn timers (``timers``),
what goes to the thread and what goes by DM (``notify``, ``texts``), button/select panels
(``choices`` pure, ``panels`` discord.ui), AI seats (``ai``) and the offline ``demo``.

The referee talks to Discord only through an ``Outbox`` (``outbox``), so it runs and is tested
without Discord.
"""
