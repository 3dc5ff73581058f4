"""No picture shows hand numbers to anyone else (R2): states that differ only in another
player's hand numbers give byte-identical pictures."""

from __future__ import annotations

from engine.stella_digger.components import CARD_COLOUR, CARD_NUMBER
from render.stella_digger.board import board_png
from render.stella_digger.hand import hand_png
from render.stella_digger.replay import board_image, replay_gif

from .games import GAME, play


def _renumbered(cards: list[str]) -> list[str]:
    """The same colours with other numbers (1->2->3->4->1)."""
    return [f"{CARD_COLOUR[c]}-{CARD_NUMBER[c] % 4 + 1}" for c in cards]


def _pair() -> tuple[object, object, str, str]:
    """A seeded mid-game state and a copy where another player's hand has other numbers."""
    state, _ = play(3, 1, steps=30)
    viewer = state.players[0].id
    seat = next(i for i, p in enumerate(state.players) if i and p.hand)  # someone else with cards
    alt = GAME.clone(state)
    alt.players[seat].hand = _renumbered(alt.players[seat].hand)
    assert alt.players[seat].hand != state.players[seat].hand
    return state, alt, viewer, state.players[seat].id


def test_pictures_ignore_another_players_hand_numbers() -> None:
    state, alt, viewer, other = _pair()
    for who in (None, viewer):
        a, b = GAME.view(state, who), GAME.view(alt, who)
        assert board_png(a) == board_png(b)
        assert board_image(a).tobytes() == board_image(b).tobytes()
        assert replay_gif([a]) == replay_gif([b])
    assert hand_png(GAME.view(state, viewer), viewer) == hand_png(GAME.view(alt, viewer), viewer)
    # the owner's own hand picture does change: the renumbering is real
    assert hand_png(GAME.view(state, other), other) != hand_png(GAME.view(alt, other), other)


def test_map_never_draws_hands_even_when_the_view_has_them() -> None:
    """``summary`` holds every hand and the face-down tiles; the map draws none of it."""
    state, alt, viewer, _ = _pair()
    spectator = board_png(GAME.view(state, None))
    assert board_png(GAME.summary(state)) == spectator
    assert board_png(GAME.summary(alt)) == spectator
    assert board_png(GAME.view(state, viewer)) == spectator
