"""Pictures of the games, drawn with Pillow from the engine's views only (never from a full
state), so a picture can never show what its viewer may not see.

The shared drawing pieces live here (``theme`` colours, shapes, fonts and text; ``icons``;
``chart`` the score-by-round chart; ``encode`` PNG bytes; ``worker`` the render processes);
each game's pictures live in ``render/<game>/`` (``render.stella_digger``,
``render.mining_colony``, ...), looked up by the game's presentation (games/base.py).

Pure: no discord, no database, no randomness. Static layers and glyphs are cached per process.
"""
