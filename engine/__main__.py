"""Command line: ``python -m engine scenario FILE.json`` and ``python -m engine sim ...``."""

from __future__ import annotations

import json
import sys

USAGE = """usage:
  python -m engine scenario FILE.json   run a scenario file, print the JSON result (exit 1 on
                                        the first illegal decision)
  python -m engine sim [--players N] [--games G] [--seed S] [--agents a,b,..] [--json]
                                        self-play with invariant checks and statistics"""


def scenario(argv: list[str]) -> int:
    from .stella_digger.scenario import run

    if len(argv) != 1:
        print("usage: python -m engine scenario FILE.json", file=sys.stderr)
        return 2
    try:
        with open(argv[0], encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, json.JSONDecodeError) as exc:
        print(json.dumps({"ok": False, "index": None, "error": f"Can't read {argv[0]}: {exc}"}))
        return 1
    result = run(doc).result
    print(json.dumps(result, ensure_ascii=False))
    return 0 if result["ok"] else 1


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("scenario", "sim"):
        print(USAGE, file=sys.stderr)
        return 2
    if argv[0] == "scenario":
        return scenario(argv[1:])
    from .sim import main as sim_main

    return sim_main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
