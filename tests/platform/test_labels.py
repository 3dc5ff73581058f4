"""No notation in anything a player clicks (issue 28): every legal decision met in seeded games
of Stella Digger, Mining Colony and White Ranium reads in words on its button, select option or
autocomplete choice (``Presentation.choice_label``); the notation stays the value, for
``/game do`` and the log."""

from __future__ import annotations

import random
import re

import pytest

import games
from engine import get_game

#: what notation looks like and words never do: ``crystal/purple``, ``bottom=2,7``,
#: ``blue>pink``, a tunnel face ``blue-urdl``
NOTATION = re.compile(r"[a-z]/[a-z]|=|>|\b[a-z]+-[urdl]{1,4}\b")

GAMES = [("stella-digger", 3, {}), ("mining-colony", 2, {}), ("mining-colony", 1, {}),
         ("white-ranium", 2, {"cards": "strategy"}), ("white-ranium", 3, {"cards": "strategy"}),
         ("out-of-mine", 2, {"race": True})]


def labels(name: str, players: int, options: dict, seed: int, steps: int = 400) -> dict[str, str]:
    g, present = get_game(name), games.get(name)
    state = g.new_game(["ann", "bob", "cy"][:players], options, seed)
    pick = random.Random(seed)
    found: dict[str, str] = {}
    for _ in range(steps):
        owed = g.owed(state)
        if not owed:
            break
        legal = g.legal(state, owed[0].player)
        if not legal:
            break
        view = g.view(state, None)
        for action in legal:
            text = str(action)
            found.setdefault(text, present.choice_label(view, text))
        g.apply(state, owed[0].player, pick.choice(legal))
    return found


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_every_decision_reads_in_words(name: str, players: int, options: dict) -> None:
    found = {}
    for seed in (1, 2):
        found.update(labels(name, players, options, seed))
    verbs = {text.split()[0] for text in found}
    assert len(verbs) >= (2 if name == "out-of-mine" else 4), verbs  # most of their verbs
    notation = {text: label for text, label in found.items()  # a dig is built on the
                if not text.startswith("dig") and (label == text or NOTATION.search(label))}
    # workbench, in its own words (tests/out_of_mine/referee: the workbench tests)
    assert notation == {}
