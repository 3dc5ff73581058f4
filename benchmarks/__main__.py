"""Benchmarks that print figures: ``python -m benchmarks {engine,render,e2e,limits,machine,draft,transcript,db,solo} [--json]``.

Each suite is a module ``benchmarks/<name>.py`` with ``main(argv: list[str]) -> int``.
Speed targets live here, not in the tests, so the tests stay deterministic.
"""

from __future__ import annotations

import importlib
import sys

SUITES = ("engine", "render", "e2e", "limits", "machine", "draft", "transcript", "db", "solo")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in SUITES:
        print(f"usage: python -m benchmarks {{{','.join(SUITES)}}} [--json] [options]", file=sys.stderr)
        return 2
    module = importlib.import_module(f"benchmarks.{argv[0]}")
    return int(module.main(argv[1:]) or 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
