#!/usr/bin/env bash
# Run the whole test suite (set up first if needed). Extra arguments go to pytest.
# -rs: the reason of each skip is printed (e.g. no PostgreSQL server for the tests/db ones).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/pytest ] || ./scripts/setup.sh
# --dist worksteal: a worker that runs out of tests takes half of what the other still has; the
# default (load) hands out large chunks, and one worker was left with the slow e2e tests while
# the other sat idle (replayed on one run's test times: 408 s + 200 s of work -> 302 s + 307 s)
exec .venv/bin/python -m pytest -n 2 --dist worksteal -rs "$@"
