"""The scenario files under scenarios/ (the notation document's format plus an ``expect`` key):
the rulebook's worked examples, the notation document's example, and one table per ruling that
can be checked without code (``python -m engine scenario FILE.json``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import SCENARIOS, check_expect, check_scenario


def test_notation_document_example_scenario() -> None:
    """stella-digger-notation.md, Scenario files: notation_example.json"""
    check_scenario("notation_example")


def test_r10_drill_refused_where_a_tip_aims() -> None:
    """R10: r10_drill_refused_where_a_tip_aims.json"""
    check_scenario("r10_drill_refused_where_a_tip_aims")


def test_r10_large_drills() -> None:
    """R10, R5: r10_large_drills.json"""
    check_scenario("r10_large_drills")


def test_r10_short_supply_takes_from_the_richest() -> None:
    """R10, R1: r10_short_supply_takes_from_the_richest.json"""
    check_scenario("r10_short_supply_takes_from_the_richest")


def test_r13_one_and_four_swap() -> None:
    """R13: r13_one_and_four_swap.json"""
    check_scenario("r13_one_and_four_swap")


def test_r14_blockade() -> None:
    """R14, R5: r14_blockade.json"""
    check_scenario("r14_blockade")


def test_r14_no_winner_when_accidents_take_every_card() -> None:
    """R14, R12: r14_no_winner_when_accidents_take_every_card.json"""
    check_scenario("r14_no_winner_when_accidents_take_every_card")


def test_r15_performance_check() -> None:
    """R15: r15_performance_check.json"""
    check_scenario("r15_performance_check")


def test_r16_connected_arrows_turn_and_chain() -> None:
    """R16, R6: r16_connected_arrows_turn_and_chain.json"""
    check_scenario("r16_connected_arrows_turn_and_chain")


def test_r17_monster_fight() -> None:
    """R17, R16: r17_monster_fight.json"""
    check_scenario("r17_monster_fight")


def test_r18_core_mined_ends_the_game() -> None:
    """R18, R5: r18_core_mined_ends_the_game.json"""
    check_scenario("r18_core_mined_ends_the_game")


def test_r18_last_3vp_tile_ends_the_game() -> None:
    """R18, R15: r18_last_3vp_tile_ends_the_game.json"""
    check_scenario("r18_last_3vp_tile_ends_the_game")


def test_r18_no_target_ends_the_game() -> None:
    """R5, R18, R14: r18_no_target_ends_the_game.json"""
    check_scenario("r18_no_target_ends_the_game")


def test_r19_scoring() -> None:
    """R19: r19_scoring.json"""
    check_scenario("r19_scoring")


def test_r20_red_tears_elimination() -> None:
    """R20: r20_red_tears_elimination.json"""
    check_scenario("r20_red_tears_elimination")


def test_r5_marker_cannot_pass_through_a_tile() -> None:
    """R5: r5_marker_cannot_pass_through_a_tile.json"""
    check_scenario("r5_marker_cannot_pass_through_a_tile")


def test_r6_connected_group_is_one_target() -> None:
    """R6, R13, R15: r6_connected_group_is_one_target.json"""
    check_scenario("r6_connected_group_is_one_target")


def test_r9_alarm_when_a_deck_empties() -> None:
    """R9, R12: r9_alarm_when_a_deck_empties.json"""
    check_scenario("r9_alarm_when_a_deck_empties")


def test_r9_rebuild_then_accident_reset() -> None:
    """R9, R12, R14: r9_rebuild_then_accident_reset.json"""
    check_scenario("r9_rebuild_then_accident_reset")


def test_rulebook_accident_takes_one_of_two_enhanced_power_cards() -> None:
    """Rulebook, Gadget Interactions During Accidents (Enhanced Power); R12: rulebook_accident_enhanced_power_example.json"""
    check_scenario("rulebook_accident_enhanced_power_example")


def test_rulebook_accident_takes_a_card_changed_to_its_colour() -> None:
    """Rulebook, Gadget Interactions During Accidents (Super Drill); R12: rulebook_accident_super_drill_example.json"""
    check_scenario("rulebook_accident_super_drill_example")


def test_rulebook_enhanced_power_adds_a_second_card() -> None:
    """Rulebook, Enhanced Power; R8: rulebook_enhanced_power_example.json"""
    check_scenario("rulebook_enhanced_power_example")


def test_rulebook_purple_example_one_and_four_swap_with_gadgets() -> None:
    """Rulebook, Mining Completion example; R8, R13: rulebook_purple_example.json"""
    check_scenario("rulebook_purple_example")


def test_rulebook_refining_capsule_gives_an_extra_crystal() -> None:
    """Rulebook, Refining Capsule; R13: rulebook_refining_capsule_example.json"""
    check_scenario("rulebook_refining_capsule_example")


def test_rulebook_super_drill_changes_colour() -> None:
    """Rulebook, Super Drill; R8: rulebook_super_drill_example.json"""
    check_scenario("rulebook_super_drill_example")


def test_rulebook_support_drones_raise_both_limits() -> None:
    """Rulebook, Support Drone; R11: rulebook_support_drone_example.json"""
    check_scenario("rulebook_support_drone_example")


def test_rulebook_highest_matching_card_wins() -> None:
    """Rulebook, Mining tutorial and Acquire Mining Tile; R13: rulebook_tutorial_matching_colour_wins.json"""
    check_scenario("rulebook_tutorial_matching_colour_wins")


def test_rulebook_no_match_highest_number_wins_tie_to_closest() -> None:
    """Rulebook, Mining tutorial (no card matches); R13, R1: rulebook_tutorial_no_match_highest_wins.json"""
    check_scenario("rulebook_tutorial_no_match_highest_wins")

def test_every_scenario_file_has_its_own_test() -> None:
    here = Path(__file__).read_text(encoding="utf-8")
    files = sorted(p.stem for p in SCENARIOS.glob("*.json"))
    assert files
    assert [f for f in files if f'check_scenario("{f}")' not in here] == []


def test_the_harness_reports_a_wrong_expectation() -> None:
    result = {"ok": True, "summary": {"players": {"ann": {"crystals": {"blue": 1}}},
                                      "discard": ["blue-1"]},
              "events": [{"text": "ann wins A2 with 4."}]}
    check_expect(result, {"summary.players.ann.crystals.blue": 1, "summary.discard~": ["blue-1"],
                          "events~": ["wins A2"], "events!~": ["loses"]})
    for wrong in ({"summary.players.ann.crystals.blue": 2}, {"summary.players.bob": 1},
                  {"summary.discard~": ["pink-1"]}, {"events~": ["bob wins"]},
                  {"events!~": ["ann wins"]}, {"error~": "x"}):
        with pytest.raises(AssertionError):
            check_expect(result, wrong)


def test_the_scenario_command_prints_the_result_and_exits_1_on_an_illegal_decision() -> None:
    root = Path(__file__).resolve().parents[3]
    for name, code in (("r13_one_and_four_swap", 0), ("r5_marker_cannot_pass_through_a_tile", 1)):
        run = subprocess.run([sys.executable, "-m", "engine", "scenario",
                              str(SCENARIOS / f"{name}.json")],
                             cwd=root, capture_output=True, text=True, check=False)
        assert run.returncode == code, run.stderr
        result = json.loads(run.stdout)
        doc = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
        check_expect(result, doc["expect"])
