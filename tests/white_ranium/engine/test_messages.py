"""What a refused decision tells a player is a sentence without rule numbers (the rulings are
cited in code comments, not in text players read)."""

from __future__ import annotations

import re

from engine import IllegalDecision
from engine.core.rng import Rng, seed_state
from engine.white_ranium.ai import random_decision

from ..conftest import G

RULE = re.compile(r"\bR\d+\b")  # places A1-F6 name no R
TRIES = ["steal red", "steal blue", "steal white", "steal yellow", "collect", "deliver A6 2",
         "deliver F1 1", "tunnel C4", "transport E5", "move A1", "move F6", "loader 1 forward",
         "swap C3 B2", "swap A1 B2", "colour white", "fight red-2", "card blue-3", "place D2",
         "end", "done"]


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def test_refusals_name_no_rule_numbers() -> None:
    refused = 0
    for players, cards in ((2, "strategy"), (3, "standard"), (4, "luck")):
        state = G.new_game([f"p{i}" for i in range(players)], {"cards": cards}, players)
        rng = Rng(_Holder(players))
        for k in range(600):
            owed = G.owed(state)
            if not owed:
                break
            if k % 7 == 0:
                for text in TRIES:
                    try:
                        G.check(state, owed[0].player, text)
                    except IllegalDecision as exc:
                        refused += 1
                        assert not RULE.search(str(exc)), str(exc)
            who = owed[rng.below(len(owed))].player
            G.apply(state, who, random_decision(G, state, who, rng))
    assert refused > 100
