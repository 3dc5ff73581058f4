"""Words wrapped into a picture's lines (``render.theme.wrap``, the legends' keys): at spaces,
and in Japanese between any two characters, since Japanese writes no spaces (issue 30)."""

from __future__ import annotations

from render import theme as t

JAPANESE = "採掘フェーズで、各プレイヤーは順番にゾーンを1つ選びます。選ばなかったゾーンは捨てられます。"


def test_japanese_without_spaces_wraps_within_the_width_and_loses_nothing() -> None:
    lines = t.wrap(JAPANESE, 200, 15)
    assert len(lines) >= 3
    assert "".join(lines) == JAPANESE
    assert all(t.text_width(line, 15) <= 200 for line in lines[:-1])


def test_no_line_starts_with_a_closing_mark_or_a_small_kana() -> None:
    for width in range(60, 260, 7):
        for line in t.wrap(JAPANESE, width, 15)[1:]:
            assert line[0] not in "、。ーっゃゅょ", (width, line)


def test_english_wraps_at_spaces_only() -> None:
    text = "Under the board: the structures built and the squares still undeveloped."
    lines = t.wrap(text, 200, 15)
    assert " ".join(lines) == text and len(lines) > 1
    assert all(t.text_width(line, 15) <= 200 for line in lines)
    assert t.wrap("Unbreakableword", 10, 15) == ["Unbreakableword"]


def test_a_closing_mark_that_would_overflow_takes_the_character_before_it_along() -> None:
    text = "大文字入りの小さな円（岩側の縁）：" * 3 + "ベースに送られた強奪者）。"
    for width in range(60, 260, 7):
        lines = t.wrap(text, width, 15)
        assert "".join(lines) == text
        assert all(t.text_width(line, 15) <= width for line in lines if len(line) > 3), width
        assert not any(line[0] in "、。）：" for line in lines), (width, lines)
