"""The referee's fixtures for this game's referee tests: the ones of tests/bot/conftest.py (a
referee on a temporary database, its outbox and its clock), imported so pytest finds them here."""

from tests.bot.conftest import clock, db, db_path, out, referee  # noqa: F401  (fixtures)
