"""What is told to players after something happens: the ``Notifier`` (thread lines, prompts, DMs),
its memory across restarts, the lobby message and channel announcement, the pictures. Imports
the rooms below it (``process``, ``messages``, ``shared``)."""
