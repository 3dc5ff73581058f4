"""``panels.rows`` (the controls' JSON the outbox sends) is exactly what discord.py makes of
``panels.build_view`` for the same panel: every panel a prompt of any game shows in random
play, with its run select, a pick select, the lobby's buttons, and too many rows refused."""

from __future__ import annotations

import dataclasses

import pytest

import engine
import games
from cogs.discordpy.panels import build_view, rows
from engine import GAMES, game_module
from engine.core.rng import Rng, seed_state
from referee.desks.lobby import lobby_panel
from referee.messages import choices
from referee.messages.choices import Button, Option, Panel, Select


class _Holder:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


def _panels(name: str, seed: int, steps: int = 60) -> list[Panel]:
    """The turn panels (as ``Notifier.prompt`` builds them) of a random game's first states."""
    g, present, ai = engine.get_game(name), games.get(name), game_module(name, "ai")
    ids = [f"p{i}" for i in range(max(g.min_players, 3))]
    state = g.new_game(ids, {}, seed)
    rng = Rng(_Holder(seed))
    out: list[Panel] = []
    for _ in range(steps):
        owed = g.owed(state)
        if not owed:
            break
        listed = sorted({t for o in owed if o.listed for t in choices.ordered(g.legal(state, o.player))},
                        key=choices.words)
        view = g.view(state, None)
        panel = choices.turn_panel(7, state.version, "abcdef", listed, present,
                                   direct=len(owed) == 1,
                                   labels={t: present.choice_label(view, t) for t in listed})
        runs = present.runs(view, owed[0].player, listed) if listed else []
        select = choices.run_select(7, state.version, "abcdef", choices.words(listed[0])[0],
                                    runs, "…or decide the next ones at once") if listed else None
        out.append(panel if select is None else dataclasses.replace(panel, select=select))
        player = owed[rng.below(len(owed))].player
        g.apply(state, player, ai.random_decision(g, state, player, rng))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_every_prompt_panel_of_random_play_is_sent_as_discord_py_would(name: str) -> None:
    panels = [p for seed in (1, 2) for p in _panels(name, seed)]
    assert any(p.buttons for p in panels)
    for panel in panels:
        assert rows(panel) == build_view(panel).to_components()


def test_selects_lobby_buttons_and_descriptions_are_sent_as_discord_py_would() -> None:
    texts = [f"take {i}" for i in range(60)]
    pick = choices.pick_select(7, 3, "abcdef", texts, 0, len(texts))
    multi = Select("sd:7:3:abcdef:multi:x", "Choose two", (Option("A", "a", "first"),
                                                            Option("B", "b", "")), 1, 2)
    for panel in (Panel(select=pick), Panel(selects=(pick, multi)), lobby_panel(7),
                  Panel(buttons=tuple(Button(f"b{i}", f"sd:7:3:abcdef:verb:v{i}", "primary")
                                      for i in range(12)), select=multi)):
        assert rows(panel) == build_view(panel).to_components()


def test_a_panel_of_more_than_five_rows_is_refused_as_build_view_refuses_it() -> None:
    buttons = tuple(Button(f"b{i}", f"sd:7:3:abcdef:verb:v{i}") for i in range(25))
    select = Select("sd:7:3:abcdef:multi:x", "Choose", (Option("A", "a"),))
    with pytest.raises(ValueError):
        build_view(Panel(buttons=buttons, select=select))
    with pytest.raises(ValueError):
        rows(Panel(buttons=buttons, select=select))
