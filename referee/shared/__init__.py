"""What every game shares while the bot runs: the ``Context`` (database with its cache, outbox,
settings, clock, engines, AI runner, per-game locks), the picture pool, the AI seats' runner,
which server a request comes from, log fields and the sign of life. Imports
``referee.process`` and ``referee.messages``."""
