"""What a message is made of, and the way out: custom ids, the controls of a prompt (pure
specs), names made safe, the words the bot writes, the log as sentences, the catch-up digest,
runs, the public view, the prompt trail, the ``Outbox`` (the referee's only way to Discord) and
the ``Teller`` queue. Imports ``referee.process`` and nothing else of the referee."""
