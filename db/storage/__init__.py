"""How games are stored, under the topics of ``db``: the `Database` handle and its
transactions (`core`: `Core`, `Tx`, `Backend`, the one observed write path), the two backends
(`sqlite`, `postgres` with `postgres_url` and `dialect`), the schema's migrations (`migrate`,
``migrations/``), the SQLite file's copy (`backup`) and the lease that makes one process the
database's writer (`lease`, `process_id`).

It imports nothing of ``db`` but the shared vocabulary (`db.errors`, `db.models`): the topics
(``db.games``, ``db.lobby``...) are functions over a `core.Core` built on it
(``tests/test_architecture.py``)."""
