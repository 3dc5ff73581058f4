"""The hand picture's fixed 256-colour palette, kept as data (``COLOURS_HEX``).

Mapping a hand to a fixed palette costs about half of choosing its own (render/encode.py
``own_palette``, an octree per picture), and the bytes depend on the view alone. Taking the
palette from swatch hands (every card face, gadget and target tile drawn, ``swatch_hands``) costs
~0.9 s, too long for a render worker's start (the first pictures after a restart wait for it),
so it is taken once here and stored. After changing what a hand can show (colours, cards,
icons), regenerate it: ``python -m render.stella_digger.hand`` rewrites this file's data
(``hand.build_palette``); tests/stella_digger/render/test_hand_palette.py checks that every swatch hand still maps to it closely.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from engine.stella_digger.board import SQUARES, TERRAIN
from engine.stella_digger.components import ALL_GADGETS, CARD_COUNTS, COLOURS

# 256 RGB triples, from ``build()`` (see the module's docstring)
COLOURS_HEX = (
    "9ba3cf585862dcdbe99a9ba51e232a2b5356d5639ca22f56292f545f232da3629adeb0da6233559fd0b6a65256926325"
    "dcab37d29cb4accee52d5ea7718b9a2e6cc75dcd915e48173b88f35f759b8d53d2e85e51298c5cb38b30dab352e9d396"
    "5d398e6991cf10583333d3c6fcd63af2ce5642c47d2aa59c33d17b8434357d46c2559672ae904c30c5b9093985000000"
    "0e121af7f7fb9a5ce43c8afcfe6eb42ebe701c4e9d592d93fe72b616703ea8326c28bc6b34c276090a11ebf1f6f4edf8"
    "2c32444592fde8eaf3408dfd30be72a167e6187241fec43dfe6a5633d1c4272a3811131cfc9bcb71d29eba90eca563f4"
    "7aaefcff76c119335d382556592b45146b3b14452e5c3196b8d3fcfac9e4d8c4f485455623549da32965b4e4cc8a6512"
    "1d509e0967333337472455a2ac38710d4397e6e8ea671b311619241e51a252268c9c60e522794bc3c4c7b6558699a2b7"
    "633b9726ab622d73577653a72e81fc2fc071327be69e2c6439855cfc64ae345995712235fcd7eadae6f74449574b1c8a"
    "5a6278c5b7da565b6a1a2a37d8d9e71a2a41dce6e6adccbb9579bacb89aa6486bc569afc24a15c545b74e7d9e7e6c7d8"
    "d4d6d93763a9757a88c9d4e7fdb9db1a222af1e4ec5d66809749757896c5828999436cad5d468a249759140c1cc9dad4"
    "939aaa8b4ed2874e76ec5ca13175d7db5497cacbd3c3749b914de2c8edd969a5fdb9c8e13c425548c682fda9d38149c8"
    "b1487c2e72d5666a77c89a2ad5cbe4d8f7e7569673478c66547ab5fe8ac3233e69a5c9fd8c45491db9646b7283b4c4de"
    "8b93a7d74745ad43786c45a08ab9fd9a3d3673a98cc3d9cd83d7aab384eb4c5469b7cac4a8bad7b9a7d2a974e7c7a5f0"
    "714ba521242d7cb1fc4b515d6ba385a7e4c3e5d6f84e926de4f5ed4132630915239458dca28ac3d3b7f461cd92815d0e"
    "83b199b8d1c6e1b8cc7c3648ddb4c968429cc7c9e277d4a27c6b41287dfa1846344c73b17847b5fe81be7b8295949db2"
    "2b303c93959bbd6792d9aac2619d7d7bac93926b1403632e805ead4e208c95bca8d298b67e5a0c72757b8d71b693742b"
)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The stored palette as a palette image for ``Image.quantize(palette=...)``."""
    im = Image.new("P", (1, 1))
    im.putpalette(bytes.fromhex(COLOURS_HEX))
    return im


def swatch_hands() -> list[tuple[dict[str, Any], str]]:
    """Hands (view, player) that show everything a hand picture can: every card face, gadget and
    target tile, each seat's colour, crystals held and none, an empty hand."""
    from .swatch import _FACES, swatch_view

    base = swatch_view()
    faces = [sq for sq in SQUARES if TERRAIN[sq] in "abcY"][:len(_FACES)]
    codes = dict(base["map"], **dict(zip(faces, _FACES, strict=True)))
    cards = list(CARD_COUNTS)
    hands = []
    for i, pid in enumerate(base["seats"]):
        held = cards if i == 0 else cards[i::4] if i < 3 else []  # the last seat: no cards
        p = dict(base["players"][pid], hand=held, gadgets=list(ALL_GADGETS) if i == 0 else [],
                 crystals={c: (k + i) % 3 for k, c in enumerate(COLOURS)})
        view = dict(base, viewer=pid, map=codes, target=faces if i == 0 else faces[i:i + 2],
                    players=dict(base["players"], **{pid: p}))
        hands.append((view, pid))
    return hands
