"""dump/load/validate: schema-versioned JSON that reads back equal; bad text, another game and
broken invariants are refused with a sentence (CorruptState)."""

from __future__ import annotations

import json

import pytest

from engine import CorruptState

from ..conftest import G, Table, table


def test_dump_load_round_trip_and_clone() -> None:
    state = G.new_game(["a", "b", "c", "d"], {"cards": "strategy"}, seed=9)
    text = G.dump(state)
    assert G.load(text) == state and G.dump(G.load(text)) == text
    copy = G.clone(state)
    copy.board[0] ^= 1
    assert copy.board != state.board


@pytest.mark.parametrize(("change", "fragment"), [
    (lambda d: d.update(game="stella-digger"), "not White Ranium"),
    (lambda d: d.update(schema=99), "format 99"),
    (lambda d: d.update(supply_ranium=d["supply_ranium"] + 1), "units of White Ranium"),
    (lambda d: d["players"][0].update(markers=2), "markers not conserved"),
    (lambda d: d.update(loaders=[3, 3, 18]), "space loaders"),
    (lambda d: d["board"].__setitem__(0, d["board"][1]), "exactly once"),
    (lambda d: d["players"][0]["pile"].pop(), "symbol cards"),
])
def test_broken_states_are_refused(change: object, fragment: str) -> None:
    t = Table(table(held={"red": 1}))
    doc = json.loads(G.dump(t.state))
    doc["deck"] = True
    doc["board"] = json.loads(G.dump(G.new_game(["a", "b", "c"], {}, 1)))["board"]
    G.load(json.dumps(doc))  # the untouched copy loads
    change(doc)  # type: ignore[operator]
    with pytest.raises(CorruptState, match=fragment):
        G.load(json.dumps(doc))


def test_bad_json_is_refused() -> None:
    with pytest.raises(CorruptState, match="can't be read"):
        G.load("{not json")
