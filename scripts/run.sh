#!/usr/bin/env bash
# Set up (once) and run the Discord bot. Without a token it says how to get one and exits 2.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || ./scripts/setup.sh
if ! .venv/bin/python -c 'import discord, asyncpg, pydantic_settings, PIL' 2>/dev/null; then
  ./scripts/setup.sh
fi
exec .venv/bin/python bot.py "$@"
