"""Pictures of a game, drawn with Pillow from the engine's views only (never from a full state),
so a picture can never show a hand's numbers to someone who may not see them (R2).

Each function takes view dicts (docs/engine-api.md) and returns encoded bytes:

- ``render_map(view)``: the round picture (map, decks, forecast, supply, a panel per player), PNG.
- ``render_hand(view, player)``: ``player``'s cards, from ``player``'s own view, PNG.
- ``render_scores(final_view, history)``: R19 breakdown and the score-by-round chart, PNG.
- ``render_replay(views)``: the map through the game, animated GIF.

Pure: no discord, no database, no randomness. Static layers and glyphs are cached per process.
"""

from __future__ import annotations

from .hand import render_hand
from .map import render_map
from .replay import render_replay
from .scores import render_scores

__all__ = ["render_hand", "render_map", "render_replay", "render_scores"]
