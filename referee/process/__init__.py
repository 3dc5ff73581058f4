"""One bot process's running machinery, below every game: settings (``config``), the event
loop, shards and their launcher, the database lease (``ownership``), backups, the loop-stall
monitor, metrics and their HTTP server, a background task (``background``) and back-off
(``retry``). Imports nothing else of the referee."""
