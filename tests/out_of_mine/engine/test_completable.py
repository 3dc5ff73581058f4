"""``python -m engine sim --game out-of-mine --completable``: the strong level completes every
(card, side) pair the exhaustive search can cover (C5's 789 of 800), and the report says which
it misses. The sides checked here hold all 11 pairs C5 lists as impossible."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.__main__ import main
from engine.out_of_mine import ai, completable

SIDES = ["3b", "7b", "9b", "10b"]
IMPOSSIBLE = {"1@3b", "1@10b", "2@9b", "7@7b", "7@9b", "8@7b", "9@7b", "10@7b", "19@7b",
              "20@7b", "12@9b"}  # C5


def test_strong_completes_every_completable_pair_of_these_sides() -> None:  # C5, R10
    out = completable.report(SIDES)
    assert out["pairs"] == 160 and set(out["impossible"]) == IMPOSSIBLE
    assert out["completable"] == 149 == out["strong_complete"] and out["strong_missed"] == []
    assert out["easy_complete"] < out["strong_complete"]  # easy: greedy, a small search
    assert out["stated"] == [789, 800]


def test_the_command_prints_the_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--game", "out-of-mine", "--completable", "--sides", "7b",
                 "--cards", "1,7,8", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["pairs"], out["completable"], out["strong_complete"]) == (3, 1, 1)
    assert main(["sim", "--game", "out-of-mine", "--completable", "--sides", "1a"]) == 0
    text = capsys.readouterr().out
    assert "40 (card, side) pairs: 40 completable" in text and "strong missed 0" in text


def test_a_missed_pair_is_listed_and_fails(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    def weak(side: str, card: int, options: dict[str, bool], rng: Any) -> Any:
        return ai.heuristic_dig(side, card, options, rng, budget=1)

    monkeypatch.setattr(ai, "strong_dig", weak)
    assert main(["sim", "--game", "out-of-mine", "--completable", "--sides", "7b"]) == 1
    assert "strong missed" in capsys.readouterr().out
    assert completable.report(["7b"])["strong_missed"]


def test_a_game_without_the_report_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--game", "white-ranium", "--completable"]) == 2
    assert "no --completable report" in capsys.readouterr().err
