"""Command line: ``python -m engine scenario FILE.json`` and ``python -m engine sim ...``.

``scenario`` runs the file with the game its ``"game"`` names (Stella Digger when it names
none: the files written before there were other games); ``sim --game G`` is the simulator of
every game (engine/sim.py)."""

from __future__ import annotations

import json
import sys

from . import DEFAULT_GAME, GAMES, UnknownGameName, game_module

USAGE = f"""usage:
  python -m engine scenario FILE.json   run a scenario file (its "game", default {DEFAULT_GAME}),
                                        print the JSON result (exit 1 on the first illegal
                                        decision)
  python -m engine sim [--game G] [--players N] [--games G] [--seed S] [--json] ...
                                        self-play with invariant checks and statistics
  python -m engine sim --game out-of-mine --completable [--sides 1a,7b] [--cards 1,7]
                                        how many (card, side) pairs the AI levels complete,
                                        against the exhaustive search (C5: 789 of 800)
  python -m engine mutate [--game G] [--seeds N] [--show K]
                                        how many single-field mutations of real states each
                                        game's load accepts (engine/core/mutate.py)
games: {', '.join(GAMES)}"""


def scenario(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m engine scenario FILE.json", file=sys.stderr)
        return 2
    try:
        with open(argv[0], encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, json.JSONDecodeError) as exc:
        print(json.dumps({"ok": False, "index": None, "error": f"Can't read {argv[0]}: {exc}"}))
        return 1
    name = doc.get("game", DEFAULT_GAME) if isinstance(doc, dict) else DEFAULT_GAME
    try:
        module = game_module(str(name), "scenario")
    except UnknownGameName as exc:
        print(json.dumps({"ok": False, "index": None, "error": str(exc)}))
        return 1
    result = module.run_scenario(doc)
    print(json.dumps(result, ensure_ascii=False))
    return 0 if result["ok"] else 1


def sim(argv: list[str]) -> int:
    from .sim import main as simulate

    return simulate(argv)


def main(argv: list[str]) -> int:
    if argv[:1] == ["mutate"]:
        from .core.mutate import main as mutate

        return mutate(argv[1:])
    if not argv or argv[0] not in ("scenario", "sim"):
        print(USAGE, file=sys.stderr)
        return 2
    if argv[0] == "scenario":
        return scenario(argv[1:])
    return sim(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
