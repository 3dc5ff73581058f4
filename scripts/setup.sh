#!/usr/bin/env bash
# Create .venv (once) and install the project with its dev tools. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "Python 3.11 or newer is needed (found: $("$PY" --version 2>&1))." >&2; exit 1
fi
[ -x .venv/bin/python ] || { rm -rf .venv; "$PY" -m venv .venv; }  # a broken or dangling .venv is replaced
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[dev]'
