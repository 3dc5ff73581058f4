"""Where things go on the round picture (pixels). One fixed layout, about Discord's preview size:
the header across the top, the map with its coordinates on the left, the Performance Management
Board and the supply under the map, one panel per player on the right."""

from __future__ import annotations

from engine.stella_digger.board import COLUMNS

WIDTH = 1200
HEADER_H = 52
MARGIN = 16

SQ = 88  # one map square
GAP = 3  # dark line between squares
COORD = 24  # room for the coordinates on the edges
MAP_X = MARGIN + COORD  # left edge of column A
MAP_Y = HEADER_H + 12  # top edge of row 7
MAP_W = 7 * SQ
MAP_BOTTOM = MAP_Y + 7 * SQ

TABLE_Y = MAP_BOTTOM + COORD + 8  # the strip under the map
TABLE_H = 138
HEIGHT = TABLE_Y + TABLE_H + MARGIN

PANEL_X = MAP_X + MAP_W + 20
PANEL_W = WIDTH - MARGIN - PANEL_X
PANEL_Y = MAP_Y
PLAYER_H = 178
PLAYER_GAP = 8

#: The board-only picture (replay frames): header and map with coordinates.
BOARD_W = MAP_X + MAP_W + MARGIN + COORD // 2
BOARD_H = MAP_BOTTOM + COORD + MARGIN // 2


def square_box(square: str) -> tuple[int, int, int, int]:
    """Pixel box (left, top, right, bottom) of a square, gap lines excluded."""
    col = COLUMNS.index(square[0])
    row = int(square[1:])
    x = MAP_X + col * SQ
    y = MAP_Y + (7 - row) * SQ
    return x + GAP // 2, y + GAP // 2, x + SQ - (GAP - GAP // 2), y + SQ - (GAP - GAP // 2)


def square_centre(square: str) -> tuple[int, int]:
    left, top, right, bottom = square_box(square)
    return (left + right) // 2, (top + bottom) // 2
