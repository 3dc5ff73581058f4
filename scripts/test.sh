#!/usr/bin/env bash
# Run the whole test suite (set up first if needed). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/pytest ] || ./scripts/setup.sh
exec .venv/bin/python -m pytest -n 2 "$@"
