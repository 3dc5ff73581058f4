#!/usr/bin/env bash
# Run the suite (or part of it) N times beside a load and report every failure with its test id
# (issue 32). Options: see scripts/loaded_runs.py, e.g.
#   ./scripts/loaded-runs.sh --runs 5 --burners 2            # the whole suite, -n 2
#   ./scripts/loaded-runs.sh --runs 10 -- tests/e2e -n 2     # a part of it
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/pytest ] || ./scripts/setup.sh
exec .venv/bin/python scripts/loaded_runs.py "$@"
