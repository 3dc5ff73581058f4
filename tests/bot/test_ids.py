import pytest

from referee.errors import Malformed
from referee.messages import ids


def test_turn_id_round_trip() -> None:
    text = ids.turn_id(12, 57, "a1b2c3", "do", "target B1")
    assert text == "sd:12:57:a1b2c3:do:target B1"
    parsed = ids.parse(text)
    assert parsed == ids.TurnId(12, 57, "a1b2c3", "do", "target B1")


def test_lobby_id_round_trip() -> None:
    text = ids.lobby_id(3, "join")
    assert ids.parse(text) == ids.LobbyId(3, "join")


@pytest.mark.parametrize("bad", [
    "", "sd:", "sd:0:1:abcdef:do:pass", "sd:1:01:abcdef:do:pass", "sd:1:1:ABCDEF:do:pass",
    "sd:1:1:abcde:do:pass", "sd:1:1:abcdef:hack:pass", "sd:1:1:abcdef:do:", "sd:1:1:abcdef:do:pass;",
    "sd:1:lobby:kick", "sd:x:1:abcdef:do:pass", "sd:1:1:abcdef:pick:5-5", "sd:1:1:abcdef:pick:7-3",
    "sd:1:1:abcdef:verb:Mine", "sd:1:1:abcdef:do:pass\n", "xx:1:1:abcdef:do:pass",
    "sd:1:1:abcdef:do:" + "a" * 95,
])
def test_malformed_ids_are_refused(bad: str) -> None:
    with pytest.raises(Malformed):
        ids.parse(bad)


def test_too_long_ids_are_not_made() -> None:
    assert ids.turn_id(1, 1, "abcdef", "do", "buy " + "x/y " * 30) is None


def test_range() -> None:
    assert ids.parse_range("3-7", 7) == (3, 7)
    for bad in ("3-8", "7-3", "a-b", "-1-2", "3-3", ""):
        with pytest.raises(Malformed):
            ids.parse_range(bad, 7)


def test_state_tag_is_six_hex_digits_and_changes_with_the_state() -> None:
    assert len(ids.state_tag("{}")) == 6
    assert ids.state_tag('{"a": 1}') != ids.state_tag('{"a": 2}')
