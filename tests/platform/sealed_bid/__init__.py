"""A small sealed-bid game that lives only in the tests: it exercises what Stella Digger never
needs (several players owing at once, secret commits revealed together, a decision composed
word by word, a referee-measured clock), so the platform is proved before a real game with
those needs lands. Registered by the tests' fixtures only (``engine.register``,
``games.register``), never in the shipped registry.

Rules: each round every player owes one bid, all at once, in any order. With the option
``timed`` a player first owes ``open`` (their clock starts) and their bid is stamped by the
referee with ``@S`` per coin and ``time=S``. A bid is a set of the player's coins (``bid 1 5``,
``bid`` for none), composed coin by coin (not listed). Bids are secret until the last one is
in; then the highest total wins a point (a tie: nobody), and the coins bid are spent. After
``rounds`` rounds the most points win.
"""

from .game import GAME

NAME = "sealed-bid"
__all__ = ["GAME", "NAME"]
