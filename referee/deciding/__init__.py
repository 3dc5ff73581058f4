"""A decision's path: load, apply, persist under the game's lock (``sessions``), whether the
request committed, whether a clicked control is stale, and games on hold. Imports the rooms
below it (``process``, ``messages``, ``shared``, ``telling``)."""
