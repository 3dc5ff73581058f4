"""Look at any position: ``python -m render scenario FILE.json -o map.png`` renders the state a
scenario file reaches (spectator view); ``python -m render view VIEW.json -o map.png`` renders a
saved view dict. ``--board`` draws the map alone (a replay frame)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


class ScenarioFailed(Exception):
    """The scenario stopped on an illegal action."""


def _scenario_view(doc: dict[str, Any]) -> dict[str, Any]:
    from engine import get_game
    from engine.stella_digger.scenario import run

    result = run(doc)
    outcome = getattr(result, "result", None) or {}
    if isinstance(outcome, dict) and outcome.get("ok") is False:
        raise ScenarioFailed(f"scenario stopped at action {outcome.get('index')}: {outcome.get('error')}")
    game = get_game(str(doc.get("game") or "stella-digger"))
    return game.view(result.state, None)


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
    try:
        view = _scenario_view(doc) if args.source == "scenario" else doc
    except Exception as exc:  # the scenario's own error, in its words (GameError, bad setup)
        print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
