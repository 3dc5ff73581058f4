"""The command-line tools for every game: scenario/sim/render/benchmarks/demo dispatch on the
game's name, old files without ``"game"`` are Stella Digger's, unknown games are named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.engine import generic as bench_generic
from engine import GAMES, UnknownGameName, game_module, get_game
from engine.__main__ import main as engine_main
from engine.core.game import parse_options
from engine.sim import game_option
from engine.sim import run as sim_run
from referee.demo import main as demo_main
from render.__main__ import main as render_main

SCENARIOS = Path(__file__).parents[1] / "stella_digger" / "scenarios"
EXAMPLE = SCENARIOS / "notation_example.json"


def test_unknown_game_names_the_games() -> None:
    with pytest.raises(UnknownGameName, match="The games are: .*stella-digger"):
        get_game("chess")
    with pytest.raises(KeyError):  # still a KeyError for older callers
        game_module("chess", "scenario")


def test_engine_scenario_defaults_to_stella_for_old_files(tmp_path: Path, capsys) -> None:
    doc = json.loads(EXAMPLE.read_text())
    doc.pop("game", None)
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc))
    assert engine_main(["scenario", str(old)]) == 0
    without = json.loads(capsys.readouterr().out)
    assert engine_main(["scenario", str(EXAMPLE)]) == 0
    assert json.loads(capsys.readouterr().out) == without and without["ok"]


def test_engine_scenario_unknown_game(tmp_path: Path, capsys) -> None:
    path = tmp_path / "go.json"
    path.write_text(json.dumps({"game": "go", "actions": []}))
    assert engine_main(["scenario", str(path)]) == 1
    result = json.loads(capsys.readouterr().out)
    assert not result["ok"] and "The games are" in result["error"] and "stella-digger" in result["error"]


def test_game_option_is_taken_out() -> None:
    assert game_option(["--players", "3", "--game", "x"]) == ("x", ["--players", "3"])
    assert game_option(["--game=y"]) == ("y", [])
    assert game_option([])[0] == "stella-digger"


def test_sim_unknown_game(capsys) -> None:
    assert engine_main(["sim", "--game", "chess"]) == 2
    assert "stella-digger" in capsys.readouterr().err


@pytest.mark.parametrize("name", GAMES)
def test_generic_sim_plays_every_game_to_its_end(name: str) -> None:
    game = get_game(name)
    report = sim_run(name, game.min_players, 2, 11)
    assert report["ended"] == 2 and report["invariant_violations"] == []
    assert report["decisions_per_game"] > 0


def test_generic_sim_stella_options_and_checks() -> None:
    game = get_game("stella-digger")
    assert parse_options(game, ["red_tears=true"]) == {"red_tears": True}
    with pytest.raises(ValueError, match="has no option 'speed'"):
        parse_options(game, ["speed=2"])
    report = sim_run("stella-digger", 2, 1, 3, {"red_tears": True})
    assert report["games"] == 1 and not report["invariant_violations"]


def test_engine_sim_generic_path(capsys) -> None:
    assert engine_main(["sim", "--game", "stella-digger", "--generic", "--games", "1",
                        "--players", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "stella-digger"


def test_benchmark_any_game() -> None:
    report = bench_generic("stella-digger", 2, 2, 1, 1)
    assert report["game"] == "stella-digger" and report["games_per_second"] > 0
    assert report["state_json_bytes"] > 0 and report["decisions_per_game"] > 0


def test_render_dispatches_on_the_game(tmp_path: Path, capsys) -> None:
    out = tmp_path / "x.png"
    assert render_main(["scenario", str(EXAMPLE), "-o", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    bad = tmp_path / "go.json"
    bad.write_text(json.dumps({"game": "go"}))
    assert render_main(["scenario", str(bad), "-o", str(out)]) == 2
    assert "The games are" in capsys.readouterr().err


def test_demo_refuses_an_unknown_game(capsys) -> None:
    assert demo_main(["--game", "chess", "--quiet"]) == 2
    assert "stella-digger" in capsys.readouterr().err
