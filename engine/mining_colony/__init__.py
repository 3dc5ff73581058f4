"""Mining Colony (Steve Finn, Dr. Finn's Games): the pure rules engine (shared/rules/mining-colony.md)."""
