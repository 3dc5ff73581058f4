"""End-to-end tests: the real bot (``bot.RefereeBot``, unmodified) plays whole games against the
fake Discord of ``tests/fakediscord`` on 127.0.0.1, every decision sent as a real interaction.

``world`` builds the server and starts bots, ``driver`` plays games as the users (buttons,
selects, slash commands with autocomplete, ``/stella do``), ``audit`` checks that nothing
private reached a public place, ``proc`` runs ``python bot.py`` as a subprocess.
"""
