"""Look at any position: ``python -m render scenario FILE.json -o map.png`` renders the state a
scenario file reaches (spectator view) with the pictures of the game its ``"game"`` names
(default stella-digger: ``render/<pkg>/board.py`` ``board_png``); ``python -m render view VIEW.json -o
map.png`` renders a saved view dict (its ``"game"``, same default). ``--board`` draws the map
alone (a replay frame) where the game has one (``board_only_png``)."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from engine import DEFAULT_GAME


def _game_name(doc: Any) -> str:
    return str(doc.get("game") or DEFAULT_GAME) if isinstance(doc, dict) else DEFAULT_GAME


def pictures(name: str) -> ModuleType:
    """``render.<pkg>.board`` of game ``name`` (its board picture); ``UnknownGameName`` listing
    the games, or ``LookupError`` if the game has no pictures yet."""
    from engine import GAMES, unknown_game

    if name not in GAMES:
        raise unknown_game(name)
    try:
        return importlib.import_module(f"render.{name.replace('-', '_')}.board")
    except ModuleNotFoundError:
        raise LookupError(f"{name} has no pictures yet (render/{name.replace('-', '_')}/).") from None


def _scenario_view(doc: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
    """The spectator view of the state the scenario reaches, and its error if it stopped early
    (the view is then of the table just before the illegal action, or None if setup failed)."""
    from engine import game_module, get_game

    name = _game_name(doc)
    state, result = game_module(name, "scenario").scenario_state(doc)
    error = None
    if isinstance(result, dict) and result.get("ok") is False:
        where = f"action {result['index']}" if result.get("index") is not None else "setup"
        error = f"scenario stopped at {where}: {result.get('error')}"
    if state is None:
        return None, error or "scenario reached no table"
    return get_game(name).view(state, None), error


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
    try:
        drawing = pictures(_game_name(doc))
    except (KeyError, LookupError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
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
    if args.board and hasattr(drawing, "board_only_png"):
        data = drawing.board_only_png(view)
    else:
        data = drawing.board_png(view)
    args.output.write_bytes(data)
    print(f"{args.output}: {len(data)} bytes")
    if error:
        print(error + " (the picture shows the table before it)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
