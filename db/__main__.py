"""The database's operator commands.

    python -m db backup DEST [--database PATH]   a consistent copy of the live SQLite file
    python -m db check PATH                       does it open, with every game loadable?

``backup`` copies the SQLite database (``--database``, else ``DATABASE_PATH`` from the
environment, else ``mining-referee.sqlite3``, or an older ``stella.sqlite3``) to DEST with SQLite's online backup, safely while the bot
runs; exit 0, or 1 with one sentence. ``check`` takes a SQLite file or a ``postgresql://`` URL
and prints one line (or the list of what is wrong); exit 0 when every game loads, else 1. A
PostgreSQL database is backed up with ``pg_dump`` (README, "Backups").
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

from db.check import check
from db.storage.backup import backup
from db.storage.sqlite import default_path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m db", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser("backup", help="copy the live SQLite database, consistently")
    copy.add_argument("destination", type=Path)
    copy.add_argument("--database", type=Path,
                      default=Path(os.environ.get("DATABASE_PATH") or default_path()),
                      help="the SQLite file (default: DATABASE_PATH, else mining-referee.sqlite3, "
                           "or stella.sqlite3 where only that one is)")
    look = commands.add_parser("check", help="does a database open, every game loadable?")
    look.add_argument("database", help="a SQLite file or a postgresql:// URL")
    args = parser.parse_args(argv)
    if args.command == "backup":
        try:
            info = backup(args.database, args.destination)
        except Exception as exc:
            print(f"No backup was made: {exc}", file=sys.stderr)
            return 1
        print(f"Backed up {args.database} to {info.path}: {info.games} game(s), "
              f"{info.bytes / 1e6:.1f} MB in {info.seconds:.2f} s.")
        return 0
    report = asyncio.run(check(args.database))
    print(report.text())
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
