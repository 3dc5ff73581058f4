"""Look at any position: ``python -m render scenario FILE.json -o map.png`` renders the state a
scenario file reaches (spectator view); ``python -m render view VIEW.json -o map.png`` renders a
saved view dict. ``--board`` draws the map alone (a replay frame)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def _scenario_view(doc: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
    """The spectator view of the state the scenario reaches, and its error if it stopped early
    (the view is then of the table just before the illegal action, or None if setup failed)."""
    from engine import get_game
    from engine.stella_digger.scenario import run

    outcome = run(doc)
    result = getattr(outcome, "result", None) or {}
    error = None
    if isinstance(result, dict) and result.get("ok") is False:
        where = f"action {result['index']}" if result.get("index") is not None else "setup"
        error = f"scenario stopped at {where}: {result.get('error')}"
    if outcome.state is None:
        return None, error or "scenario reached no table"
    game = get_game(str(doc.get("game") or "stella-digger"))
    return game.view(outcome.state, None), error


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__.split("\n")[0])
    parser.add_argument("source", choices=("scenario", "view"), help="what FILE holds")
    parser.add_argument("file", type=Path, help="a scenario file or a view dict (JSON)")
    parser.add_argument("-o", "--output", type=Path, default=Path("map.png"), help="PNG to write")
    parser.add_argument("--board", action="store_true", help="the map alone, without the panels")
    args = parser.parse_args(argv)
    try:
        doc = json.loads(args.file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"can't read {args.file}: {exc}", file=sys.stderr)
        return 2
    error = None
    if args.source == "scenario":
        try:
            view, error = _scenario_view(doc)
        except Exception as exc:  # the engine's own words (GameError, a malformed file)
            view, error = None, f"{type(exc).__name__}: {exc}"
    else:
        view = doc
    if view is None:
        print(error, file=sys.stderr)
        return 1
    if args.board:
        from .encode import png
        from .replay import board_image

        data = png(board_image(view))
    else:
        from . import render_map

        data = render_map(view)
    args.output.write_bytes(data)
    print(f"{args.output}: {len(data)} bytes")
    if error:
        print(error + " (the picture shows the table before it)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
