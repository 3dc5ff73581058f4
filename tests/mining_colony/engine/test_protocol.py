"""The protocol: owed decisions (R25), defaults table, prompts, sealed bids, hidden information
in views, notation round trips, option specs, dump/load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import GAMES, CorruptState, GameOver, NotationError, NotYourTurn, get_game
from engine.mining_colony.actions import Play, Refresh

from ..conftest import G, develop_table, play, table

NOTATION = ["play 23 bottom=2,7", "play 23", "refresh bottom=23,2,7", "take 2",
            "place t4-01 B2 90", "put worker/red A1", "put crystal/purple B4 from=staging",
            "stage crystal/purple", "discard ship/red", "discard ship/red from=staging",
            "discard t5-03", "buy pad C1", "build outpost/red B1 via=A1,C1",
            "build station/purple C2 via=B2,D2", "exchange crystal/purple>white",
            "exchange ship/red>blue from=staging", "done"]


def test_discovered_and_registered() -> None:
    assert "mining-colony" in GAMES and get_game("mining-colony") is G


@pytest.mark.parametrize("text", NOTATION)
def test_notation_round_trips(text: str) -> None:
    assert str(G.parse(text)) == text


def test_notation_canonical_forms() -> None:
    assert str(G.parse("build outpost/red B1 via=C1,A1")) == "build outpost/red B1 via=A1,C1"
    assert str(G.parse("place t1-01 B2 180")) == "place t1-01 B2 0"


@pytest.mark.parametrize("text", ["", "fly", "play x", "take 5", "place t6-01 A1 0",
                                  "place t4-01 G1 0", "place t4-01 B2 45", "put gold/red A1",
                                  "buy castle A1", "build tower/red B1",
                                  "exchange crystal/purple>red", "done now",
                                  "discard t5-03 from=staging", "put worker/red A1 from=deck"])
def test_bad_notation_is_refused_with_a_sentence(text: str) -> None:
    with pytest.raises(NotationError) as err:
        G.parse(text)
    assert str(err.value).endswith(".")


def test_option_specs() -> None:  # R21
    specs = G.option_specs
    assert specs["side"].choices == ("standard", "advanced")
    assert specs["difficulty"].minimum == 1 and specs["difficulty"].maximum == 4
    assert specs["difficulty"].solo_only and specs["free_undeveloped"].kind is bool
    state = G.new_game(["a", "b"], {"side": "advanced"}, seed=1)
    assert "C3" in state.players[0].colony.board and "C1" not in state.players[0].colony.board
    with pytest.raises(Exception, match="difficulty"):
        G.new_game(["a"], {"difficulty": 5})


def test_defaults_table() -> None:
    decks = {"a": [30, 5, 17, 1, 2, 3, 4, 6, 7, 8], "b": [9, 10, 11, 12, 13, 14, 15, 16, 18, 19]}
    state = table(["a", "b"], {"decks": decks})
    assert str(G.default(state, "a")) == "play 17 bottom=5,30"  # the middle card
    state = table(["a", "b"], {"round": 10, "decks": {"a": [30, 5], "b": [9, 10, 11]}})
    assert str(G.default(state, "a")) == "play 5 bottom=30"  # of two, the lower
    decks3 = {"a": [30, 1, 2, 20, 21, 22, 23, 24, 25, 26], "b": [9, 3, 4, 27, 28, 29, 31, 32, 33, 34],
              "c": [5, 6, 7, 35, 36, 37, 38, 39, 40, 41]}
    state = table(["a", "b", "c"], {"decks": decks3})
    play(state, ("a", "play 30"), ("b", "play 9"), ("c", "play 7"))
    assert str(G.default(state)) == "take 1"
    play(state, ("a", "take 1"))
    assert str(G.default(state)) == "take 2"  # the lowest zone not yet taken
    state = develop_table()
    assert str(G.default(state)) == "done"


def test_owed_prompt_and_game_over() -> None:  # R25
    state = G.new_game(["a", "b"], seed=3, names={"a": "Ann", "b": "Bob"})
    assert [tuple(o) for o in G.owed(state)] == [("a", "bid"), ("b", "bid")]
    assert all(o.listed for o in G.owed(state))
    assert "Ann" in G.prompt(state) and "Bob" in G.prompt(state)
    play(state, ("a", str(G.default(state, "a"))))
    assert G.legal(state, "a") == [] and G.legal(state, "b")
    with pytest.raises(NotYourTurn):
        G.default(state, "a")
    assert G.to_act(state) == ("b", "bid")
    while G.owed(state):
        who = G.to_act(state)
        G.apply(state, who.player, G.default(state, who.player))
    with pytest.raises(GameOver):
        G.apply(state, "a", "done")
    assert G.prompt(state) == "The game is over."


def test_bids_are_sealed_until_the_reveal() -> None:  # R6, R7, hidden information
    decks = {"a": [30, 5, 17, 1, 2, 3, 4, 6, 7, 8], "b": [9, 10, 11, 12, 13, 14, 15, 16, 18, 19]}
    state = table(["a", "b"], {"decks": decks, "credits": {"a": 1}})
    assert G.sealed(state, "a", G.parse("play 30")) and G.sealed(state, "a", "refresh")
    assert isinstance(G.parse("refresh"), Refresh)
    events = play(state, ("a", "play 30"))
    public = [e for e in events if e.to is None]
    assert public and all("30" not in e.text and 30 not in e.data.values() for e in public)
    for viewer in ("b", None):
        view = G.view(state, viewer)
        assert view["players"]["a"]["bid"] is None and view["players"]["a"]["has_bid"]
        assert view["players"]["a"]["hand"] is None and view["players"]["a"]["deck"] is None
        assert view["players"]["a"]["bottom"] is None
        assert "30" not in json.dumps(view["players"]["a"]["played"])
    own = G.view(state, "a")["players"]["a"]
    assert own["bid"] == 30 and own["bottom"] == [5, 17]
    assert G.view(state, "b")["players"]["b"]["hand"] == [9, 10, 11]
    events = play(state, ("b", "play 9"))
    assert any(e.kind == "reveal" and e.to is None for e in events)
    assert G.view(state, "b")["players"]["a"]["bid"] == 30
    assert not G.sealed(state, "b", G.parse("take 1"))


@pytest.mark.parametrize(("text", "public"), [
    ("play 23 bottom=2,7", "play 23"), ("play 23", "play 23"),
    ("refresh bottom=23,2,7", "refresh"), ("take 2", "take 2"),
    ("place t4-01 B2 90", "place t4-01 B2 90"), ("done", "done")])
def test_others_never_read_where_the_cards_went(text: str, public: str) -> None:
    """Hidden information: which of one's cards lie at the bottom of the deck, in what order,
    is the owner's; the revealed bid's public form drops bottom= (the log keeps it)."""
    assert G.public_text(G.parse(text)) == public


def test_a_refresh_is_public_but_its_cards_are_not() -> None:  # R6, hidden information
    decks = {"a": [30, 5, 17, 1, 2, 3, 4, 6, 7, 8], "b": [9, 10, 11, 12, 13, 14, 15, 16, 18, 19]}
    state = table(["a", "b"], {"decks": decks, "credits": {"a": 1}})
    events = play(state, ("a", "refresh"))
    public = [e for e in events if e.to is None]
    assert [e.kind for e in public] == ["refresh"] and public[0].data == {"player": "a"}
    assert G.view(state, "b")["players"]["a"]["credits"] == 0
    assert G.view(state, "b")["players"]["a"]["refreshed"] == 1


def test_dump_load_and_corrupt_states() -> None:
    state = develop_table(credits=2)
    text = G.dump(state)
    assert G.dump(G.load(text)) == text
    with pytest.raises(CorruptState):
        G.load("{not json")
    broken = json.loads(text)
    broken["supply"]["worker/red"] += 1
    with pytest.raises(CorruptState, match="worker/red"):
        G.load(json.dumps(broken))
    broken = json.loads(text)
    broken["players"][0]["credits"] = -1
    with pytest.raises(CorruptState, match="credits"):
        G.load(json.dumps(broken))


def test_check_returns_the_completed_decision() -> None:
    decks = {"a": [30, 5, 17, 1, 2, 3, 4, 6, 7, 8], "b": [9, 10, 11, 12, 13, 14, 15, 16, 18, 19]}
    state = table(["a", "b"], {"decks": decks})
    assert G.check(state, "a", "play 30") == Play(30, (5, 17))


def test_options_lists_next_words() -> None:
    state = develop_table(credits=1, zone1={"tiles": ["t2-01"], "items": ["worker/red"]})
    verbs = G.options(state, "ann", "")
    assert verbs == ["place", "put", "stage", "discard", "buy", "done"]
    assert "A2" in G.options(state, "ann", "place t2-01")
    assert G.options(state, "ann", "put worker/red") == ["A1"]
    with pytest.raises(Exception, match="completed"):
        G.options(state, "ann", "put ship/red")


def test_scenario_files(tmp_path: Path) -> None:
    from engine.mining_colony.scenario import run_scenario

    here = Path(__file__).parents[1] / "scenarios"
    for path in sorted(here.glob("*.json")):
        doc = json.loads(path.read_text())
        result = run_scenario(doc)
        expect = doc.get("expect", {})
        assert result["ok"] == expect.get("ok", True), (path.name, result.get("error"))
        summary = result.get("summary", {})
        for key, value in expect.get("summary", {}).items():
            got = summary
            for part in key.split("."):
                got = got[part]
            assert got == value, (path.name, key)
        if "error" in expect:
            assert expect["error"] in result["error"] and result["index"] == expect["index"]
