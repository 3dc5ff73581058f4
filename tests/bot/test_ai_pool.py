"""The strong AI's worker processes (referee/shared/ai.py): spawned slim, they import what they run
(the engine, ``referee.shared.ai``), never the bot's script, discord or the database."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import engine
from referee.shared.ai import AiRunner
from referee.shared.render_pool import slim_main

REPO = Path(__file__).resolve().parents[2]
BOT_MODULES = {"discord", "db", "cogs", "aiosqlite", "aiohttp", "bot", "games", "render"}
G = engine.get_game("stella-digger")


def _position() -> tuple[dict[str, object], list[object]]:
    state = G.new_game(["a", "b"], {}, seed=9)
    while len(G.legal(state)) < 3:
        G.apply(state, G.to_act(state).player, G.default(state))
    player = G.to_act(state).player
    return G.view(state, player), G.legal(state)


async def test_a_strong_worker_imports_no_bot_code() -> None:
    view, legal = _position()
    runner = AiRunner(1, budget_ms=50)
    try:
        assert await runner.choose("strong", 1, view, legal) in legal
        with slim_main():
            loaded = runner._processes().submit(eval, "sorted(__import__('sys').modules)")
        assert {m.split(".")[0] for m in loaded.result(timeout=120)} & BOT_MODULES == set()
    finally:
        runner.close()


def test_strong_workers_of_a_script_do_not_import_the_script(tmp_path: Path) -> None:
    """``python bot.py``: a spawned child would import bot.py (discord, the database) first."""
    marker = tmp_path / "imported"
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(f"""
        import asyncio, sys
        sys.path.insert(0, {str(REPO)!r})
        if __name__ != "__main__":
            open({str(marker)!r}, "w").write("the worker imported the script")
        import engine
        from referee.shared.ai import AiRunner

        async def main():
            g = engine.get_game("stella-digger")
            state = g.new_game(["a", "b"], {{}}, seed=9)
            while len(g.legal(state)) < 3:
                g.apply(state, g.to_act(state).player, g.default(state))
            runner = AiRunner(1, budget_ms=20)
            legal = g.legal(state)
            print(await runner.choose("strong", 1, g.view(state, g.to_act(state).player), legal)
                  in legal)
            runner.close()

        if __name__ == "__main__":
            asyncio.run(main())
    """))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True,
                         timeout=180)
    assert out.stdout.strip() == "True"
    assert not marker.exists()
