"""Command line: ``python -m engine scenario FILE.json`` and ``python -m engine sim ...``.

``scenario`` runs the file with the game its ``"game"`` names (Stella Digger when it names
none: the files written before there were other games); ``sim --game G`` plays random games of
any registered game (the default, stella-digger, keeps its own simulator with agents, plots and
targets: ``engine/sim.py``)."""

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


def game_option(argv: list[str]) -> tuple[str, list[str]]:
    """``--game G`` (or ``--game=G``) taken out of ``argv``: (G or the default, the rest)."""
    rest: list[str] = []
    name = DEFAULT_GAME
    i = 0
    while i < len(argv):
        if argv[i] == "--game" and i + 1 < len(argv):
            name, i = argv[i + 1], i + 2
            continue
        if argv[i].startswith("--game="):
            name = argv[i].split("=", 1)[1]
        else:
            rest.append(argv[i])
        i += 1
    return name, rest


def sim(argv: list[str]) -> int:
    name, rest = game_option(argv)
    if name not in GAMES:
        print(f"There is no game called {name!r}. The games are: {', '.join(GAMES)}.",
              file=sys.stderr)
        return 2
    if "--completable" in rest:  # a game's own completability report (Out of Mine!, C5)
        try:
            report = game_module(name, "completable")
        except ModuleNotFoundError:
            print(f"{name} has no --completable report.", file=sys.stderr)
            return 2
        code: int = report.main(rest)
        return code
    if name == DEFAULT_GAME and "--generic" not in rest:
        from .stella_digger.sim import main as stella_sim

        return stella_sim(rest)
    from .sim_generic import main as generic_sim

    return generic_sim(name, [a for a in rest if a != "--generic"])


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
