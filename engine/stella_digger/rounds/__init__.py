"""Stella Digger's the round and its order: setup, the steps in order (``flow``, ``steps``), the target, the action chosen, the draws and decks, the end and the scores."""
