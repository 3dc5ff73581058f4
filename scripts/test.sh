#!/usr/bin/env bash
# Run the whole test suite (set up first if needed). Extra arguments go to pytest.
# -rs: the reason of each skip is printed (e.g. no PostgreSQL server for the tests/db ones).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/pytest ] || ./scripts/setup.sh
exec .venv/bin/python -m pytest -n 2 -rs "$@"
