"""How the bot presents TF22 Mine ("White Ranium"): through the generic ``/game`` commands,
its decision labels (every target a legal one: the engine lists only cards reachable in the
crew's tunnel colour, cards to turn, loaders that may move), which decision texts are private
(a strategy fight card, secret until both fighters have chosen), one message per turn edited
through its ore (``turn_key``), the fight alert pinging the defender, the rules topics of
docs/rules/white-ranium.md, its texts and its pictures (render/white_ranium)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import TextsPresentation, Who
from . import texts


class WhiteRanium(TextsPresentation):
    texts = texts
    name = "white-ranium"
    title = "TF22 Mine (White Ranium)"
    emoji = "⛏️"
    verb_order = ("move", "collect", "deliver", "steal", "rotate", "flip-long", "flip-short",
                  "loader", "tunnel", "transport", "end", "swap", "done", "colour", "fight",
                  "card", "place")
    verb_labels = {
        "move": "Move…", "collect": "Collect", "deliver": "Deliver…", "steal": "Steal…",
        "rotate": "Rotate a card…", "flip-long": "Flip over the long side…",
        "flip-short": "Flip over the short side…", "loader": "Move a space loader…",
        "tunnel": "Secret tunnel (3 ore)…", "transport": "Transporter (2 ore)…",
        "end": "End the turn", "swap": "Swap two ring cards…", "done": "No more swaps",
        "colour": "Choose a crew colour…", "fight": "Choose your fight card…",
        "card": "Play a symbol card…", "place": "Place the White Ranium…",
    }

    def private(self, text: str) -> bool:
        """Only a strategy fight card is secret (until both fighters have chosen)."""
        return text.startswith("fight")

    def private_key(self, view: dict[str, Any], player_id: str) -> str:
        return texts.private_key(view, player_id)

    def new_round(self, public_kinds: set[str]) -> bool:
        """Every turn starts with the map (and the setup's end, when play begins)."""
        return "turn" in public_kinds

    def turn_key(self, view: dict[str, Any]) -> str | None:
        """A turn (four ore, the fights and placements it sets off) is one message; so is
        the setup's swaps."""
        if view["phase"] == "play":
            return f"{view['round']}:{view['turn']}"
        return "swap" if view["phase"] == "swap" else None

    def alerts(self, view: dict[str, Any], events: Sequence[Any], who: Who
               ) -> list[tuple[str, str]]:
        return texts.alerts(view, events, who)

    # --- pictures -------------------------------------------------------------------------

    # board_png is the default (render/white_ranium/board.py)

    def scores_png(self, view: dict[str, Any], state: Any) -> bytes | None:
        """The end: the map with the winner marked."""
        return self.board_png(view)


PRESENTATION = WhiteRanium()
