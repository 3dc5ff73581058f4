"""discord.py beyond the slash commands: the ``Outbox`` that sends through a discord.py client
(``outbox``), the discord.ui components of a prompt's pure specs (``panels``), the HTTP client's
tuning (``http``) and what the operator is told (``operator``: invite URL, start-up errors)."""
