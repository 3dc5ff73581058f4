"""Rules topics as Discord shows them: Discord renders no markdown table (issue 28), so every
table of a rules document reaches players as an aligned code block, or as a list when its cells
are sentences (`games.tables`)."""

from __future__ import annotations

import re

import games
from games.base import parse_topics
from games.tables import as_code_blocks

TABLE_RULE = re.compile(r"^\s*\|(\s*:?-+:?\s*\|)+\s*$", re.M)


def test_no_topic_of_any_game_shows_a_markdown_table() -> None:
    seen = 0
    for present in games.all_games():
        for key, text in present.topics().items():
            assert not TABLE_RULE.search(text), f"{present.name} {key}: a markdown table"
            assert text.count("```") % 2 == 0, f"{present.name} {key}: a code block left open"
            seen += "```" in text
    assert seen >= 8  # the card, shape and tile tables of the rules files became code blocks


def test_a_table_becomes_an_aligned_code_block_numbers_right() -> None:
    text = "Cards:\n\n| card | tiles | finds |\n|---:|---:|---|\n| 1 | 5 | `gold+2` |\n| 12 | 10 | `rat-1` |\n\nAfter."
    lines = as_code_blocks(text).splitlines()
    assert lines == ["Cards:", "", "```",
                     "card  tiles  finds",
                     "----  -----  ------",
                     "   1      5  gold+2",
                     "  12     10  rat-1",
                     "```", "", "After."]


def test_a_table_of_sentences_becomes_a_list() -> None:
    text = ("| decision | default |\n|---|---|\n"
            "| `dig` | the player's saved draft if it is legal, otherwise an empty commit |\n"
            "| `open` | `open` |")
    assert as_code_blocks(text).splitlines() == [
        "- **`dig`**: the player's saved draft if it is legal, otherwise an empty commit",
        "- **`open`**: `open`",
    ]


def test_a_topic_cut_to_one_message_keeps_its_code_block_closed() -> None:
    rows = "\n".join(f"| {i} | {'x' * 20} |" for i in range(200))
    topic = parse_topics(f"## Long\n| n | what |\n|---:|---|\n{rows}\n")["long"]
    assert len(topic) <= 1900
    assert topic.count("```") == 2 and topic.endswith("```")


def test_every_game_says_how_to_play_it_on_discord_and_draws_its_legend() -> None:
    """Issue 28: a short topic in plain words on the buttons and commands, and the legend."""
    for present in games.all_games():
        topics = present.topics()
        how = topics.get("how-to-play-on-discord", "")
        assert "/game status" in how or f"/{present.command} status" in how, present.name
        assert "legend" in how and "legend" in topics, present.name
        assert "engine" not in how.lower(), present.name  # players' words, not the code's
