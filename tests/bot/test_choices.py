"""Panels from legal decisions: public buttons never name a card; narrowing reaches every
legal decision through selects of at most 25 options."""

from __future__ import annotations

import engine
from engine.agents import get_agent
from referee.messages import choices, ids

from .conftest import CARD

G = engine.get_game("stella-digger")


def playout_states(seed: int, limit: int = 400):  # type: ignore[no-untyped-def]
    state = G.new_game(["a", "b", "c"], {"red_tears": seed % 2 == 0}, seed=seed)
    agent = get_agent("random", seed=seed)
    for _ in range(limit):
        if state.ended:
            return
        yield state
        to_act = G.to_act(state)
        G.apply(state, to_act.player, agent.choose(G.view(state, to_act.player), G.legal(state)))


def leaves(texts: list[str], lo: int, hi: int, depth: int = 0) -> list[int]:
    assert depth < 12
    opts = choices.options(texts, lo, hi)
    assert 1 <= len(opts) <= choices.MAX_OPTIONS
    found: list[int] = []
    previous = lo
    for opt in opts:
        a, b = ids.parse_range(opt.value, len(texts))
        assert a == previous and b <= hi, "options cover the range in order, without gaps"
        assert len(opt.label) <= 100 and (opt.description is None or len(opt.description) <= 100)
        previous = b
        found += [a] if b - a == 1 else leaves(texts, a, b, depth + 1)
    assert previous == hi
    return found


def test_panels_over_random_games() -> None:
    checked = 0
    for seed in range(4):
        for state in playout_states(seed):
            texts = choices.ordered(G.legal(state))
            panel = choices.turn_panel(7, state.version, "abcdef", texts)
            assert 1 <= len(panel.buttons) <= 25
            for button in panel.buttons:
                assert not CARD.search(button.label) and not CARD.search(button.custom_id)
                parsed = ids.parse(button.custom_id)
                assert isinstance(parsed, ids.TurnId) and parsed.version == state.version
                if parsed.kind == "do":
                    assert parsed.arg in texts
            if len(texts) > 1 or checked < 50:
                assert leaves(texts, 0, len(texts)) == list(range(len(texts)))
                checked += 1
    assert checked > 100


def test_every_verb_is_reachable_from_the_panel() -> None:
    for state in playout_states(11, 150):
        texts = choices.ordered(G.legal(state))
        panel = choices.turn_panel(1, state.version, "abcdef", texts)
        reachable = set()
        for button in panel.buttons:
            parsed = ids.parse(button.custom_id)
            assert isinstance(parsed, ids.TurnId)
            reachable.add(parsed.arg.split(" ")[0])
        assert reachable == {choices.words(t)[0] for t in texts}


def test_narrowing_groups_by_words() -> None:
    texts = sorted([f"buy g{i}/blue pay=blue,blue,{c}" for i in range(6) for c in
                    ("blue", "green", "pink", "purple", "x", "y")], key=choices.words)
    opts = choices.options(texts, 0, len(texts))
    assert len(opts) == 6
    assert all(o.label.endswith("…") and o.description == "6 choices" for o in opts)


def test_ordered_sorts_prefix_groups_together() -> None:
    texts = choices.ordered(["mine blue-1 super=pink", "mine blue-2", "mine blue-1", "pass"])
    assert texts == ["mine blue-1", "mine blue-1 super=pink", "mine blue-2", "pass"]
    assert choices.verb_range(texts, "mine") == (0, 3)
    assert choices.verb_range(texts, "buy") is None


def test_private_decisions_get_a_verb_button() -> None:
    texts = ["decline", "fight pink-4"]
    panel = choices.turn_panel(1, 3, "abcdef", texts)
    labels = [b.label for b in panel.buttons]
    assert labels == ["Fight…", "decline"]


def test_labels_are_asked_only_for_the_decisions_that_get_a_button() -> None:
    asked: list[str] = []

    def label(text: str) -> str:
        asked.append(text)
        return f"Do {text}"

    few = choices.ordered(["mine A1", "mine B2", "pass"])
    panel = choices.turn_panel(1, 3, "abcdef", few, labels=label)
    assert [b.label for b in panel.buttons] == ["Do mine A1", "Do mine B2", "Do pass"]
    assert asked == few
    many = choices.ordered([f"mine {c}{r}" for c in "ABCD" for r in range(1, 5)] + ["pass"])
    asked.clear()
    panel = choices.turn_panel(1, 3, "abcdef", many, labels=label)
    assert [b.label for b in panel.buttons] == ["Mine…", "Do pass"]  # 16 mines: one verb button
    assert asked == ["pass"]
    as_mapping = choices.turn_panel(1, 3, "abcdef", few, labels={"pass": "Pass"})
    assert [b.label for b in as_mapping.buttons] == ["mine A1", "mine B2", "Pass"]


def test_autocomplete_offers_every_verb_and_says_when_more_than_25() -> None:
    """Issue 28: never a cut list that hides a verb silently: past Discord's 25 choices the
    last one says how many more there are (its value the first of them); a typed verb gets its
    arguments, a word being typed the words it begins, case aside."""
    legal = [f"v{i:02d} x" for i in range(30)] + ["go", "go north", "go south"]

    def options(draft: str, part: str | None) -> list[str]:
        typed = draft.split()
        found = [t.split()[len(typed)] for t in legal
                 if t.split()[:len(typed)] == typed and len(t.split()) > len(typed)]
        return [w for w in dict.fromkeys(found) if part is None or w.startswith(part)]

    def whole(text: str) -> bool:
        return text in legal

    verbs = choices.typed_next("", options, whole, order=("go",))
    assert verbs[0] == "go" and len(verbs) == 31 and len(set(verbs)) == 31
    shown = choices.suggestions(verbs, str.upper, "verbs")
    assert len(shown) == choices.MAX_CHOICES and shown[0] == choices.Suggestion("GO", "go")
    assert shown[-1].note and shown[-1].value == verbs[24] and "7 more verbs" in shown[-1].name
    assert choices.typed_next("go", options, whole) == ["go", "go north", "go south"]
    assert choices.typed_next("go ", options, whole) == ["go north", "go south"]
    assert choices.typed_next("go N", options, whole) == ["go north"]
    assert choices.typed_next("V0", options, whole) == [f"v0{i}" for i in range(10)]
    assert choices.typed_next("v05", options, whole) == ["v05 x"]
    assert choices.typed_next("nothing", options, whole) == []
    assert len(choices.suggestions(verbs[:25], str)) == 25  # 25 fit: no note
