"""Offline demo: a whole game with AI players through the real referee (lobby, start, every
decision committed to a temporary SQLite database, the thread messages printed) without
Discord. Writes the round maps, the final scores and a replay GIF.

    python -m referee.demo [--game G] [--players 3] [--seed 7] [--out demo-out]
                           [--option NAME=VALUE ...] [--locale en|ja|de] [--quiet]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from db import Database
from db import games as games_db
from referee.messages.outbox import Delivery, MemoryOutbox, Post
from referee.process.config import Settings
from referee.service import Referee
from texts import LOCALES

HOST = 1


@dataclass
class ConsoleOutbox(MemoryOutbox):
    """Prints thread messages (and writes them to ``out_dir/thread.txt``) and saves their
    pictures into ``out_dir``."""

    out_dir: Path = Path("demo-out")
    quiet: bool = False
    written: list[Path] = field(default_factory=list)

    async def post(self, thread_id: int, post: Post) -> Delivery:
        delivered = await super().post(thread_id, post)
        if not self.quiet:
            print(_plain(post.text), flush=True)
        with (self.out_dir / "thread.txt").open("a", encoding="utf-8") as thread:
            thread.write(_plain(post.text) + "\n\n")
        for file in post.files:
            path = self.out_dir / f"{len(self.written) + 1:03d}-{file.name}"
            path.write_bytes(file.data)
            self.written.append(path)
            if not self.quiet:
                print(f"   [picture written: {path}]", flush=True)
        return delivered


def _plain(text: str) -> str:
    return re.sub(r"\*\*|<t:(\d+):[fR]>", lambda m: m.group(1) or "", text)


async def run_demo(out_dir: Path, *, players: int = 3, seed: int = 7, level: str = "easy",
                   quiet: bool = False, game_name: str | None = None,
                   options: dict[str, Any] | None = None, locale: str = "en") -> dict[str, Any]:
    """One all-AI game; ``locale``: the game's language (the lobby option ``language``)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "thread.txt").unlink(missing_ok=True)
    out = ConsoleOutbox(out_dir=out_dir, quiet=quiet)
    with tempfile.TemporaryDirectory() as tmp:
        db = await Database.open(Path(tmp) / "demo.sqlite3", synchronous="OFF")
        referee = Referee(db, out, Settings(_env_file=None), unattended=True)  # type: ignore[call-arg]
        try:
            game = await referee.lobby.open(guild_id=1, channel_id=1, host_id=HOST,
                                            host_name="Demo host", game_name=game_name,
                                            options=options, language=locale)
            await referee.lobby.leave(game.id, HOST)
            for _ in range(players):
                await referee.lobby.add_bot(game.id, HOST, level)
            await referee.lobby.start(game.id, HOST, seed=seed)
            await referee.idle()
            game = await games_db.get_game(db, game.id)  # the replay GIF came with the end post
            results = await games_db.get_results(db, game.id)
            decisions = len(await games_db.get_log(db, game.id))
        finally:
            await referee.close()
            await db.close()
    return {"game": game.id, "status": str(game.status), "decisions": decisions,
            "scores": {r.player_id: r.score for r in results},
            "winners": [r.player_id for r in results if r.won],
            "files": [str(p) for p in out.written]}


def playable_games() -> tuple[str, ...]:
    """The games the referee can play: the registered ones (``games/``) the engine has."""
    import games
    from engine import GAMES

    return tuple(g for g in games.names() if g in GAMES)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m referee.demo", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=None, help="the game to play (default: the first "
                        "registered)")
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=Path("demo-out"))
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (repeatable), e.g. flag=true")
    parser.add_argument("--level", default="easy", choices=("random", "easy", "strong"))
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    parser.add_argument("--locale", default="en", choices=LOCALES,
                        help="the game's language: its thread and its pictures")
    args = parser.parse_args(argv)
    playable = playable_games()
    args.game = args.game or playable[0]
    if args.game not in playable:
        print(f"The demo can't play {args.game!r}. The games it plays: {', '.join(playable)}.",
              file=sys.stderr)
        return 2
    from engine import get_game
    from engine.core.game import parse_options

    try:
        options = parse_options(get_game(args.game), args.option)
    except ValueError as exc:
        parser.error(str(exc))
    summary = asyncio.run(run_demo(args.out, players=args.players, seed=args.seed,
                                   level=args.level, quiet=args.quiet, game_name=args.game,
                                   options=options, locale=args.locale))
    print(f"\nGame over after {summary['decisions']} decisions. Scores: {summary['scores']}; "
          f"winner(s): {', '.join(summary['winners']) or 'none'}.")
    print(f"{len(summary['files'])} picture(s) in {args.out}/")
    return 0 if summary["status"] == "finished" else 1


if __name__ == "__main__":
    sys.exit(main())
