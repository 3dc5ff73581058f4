"""How the bot presents Stella Digger: its ``/stella`` command group and decision commands,
verb labels, which decision texts are private (they name a card, R2), the rules topics, the
texts of its posts and its pictures."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..base import TextsPresentation
from . import texts
from .rules import TOPICS

CARD = re.compile(r"\b(?:blue|green|pink|purple)-[1-4]\b")
CRYSTALS = ("return", "gold", "lose-crystals")


class StellaDigger(TextsPresentation):
    name = "stella-digger"
    title = "Stella Digger"
    emoji = "🪐"
    command = "stella"
    verb_order = ("target", "draw", "mine", "refill", "buy", "drill", "exchange", "pass", "fight",
                  "decline", "lose", "capsule", "gold", "return", "lose-crystals")
    verb_labels = {
        "target": "Choose the target…", "draw": "Draw…", "mine": "Mine…", "refill": "Refill hand…",
        "buy": "Buy gadgets…", "drill": "Install a Large Drill…", "exchange": "Exchange crystals…",
        "pass": "Pass", "fight": "Fight…", "decline": "Decline", "lose": "Choose the card to lose…",
        "capsule": "Choose a Refining Capsule…", "gold": "Choose gold crystals…",
        "return": "Choose crystals to return…", "lose-crystals": "Choose crystals to lose…",
    }
    texts = texts
    builtin_topics = TOPICS
    picture_topics = frozenset({"legend"})  # the map picture explained

    def cogs(self) -> list[type]:
        from .commands import Stella

        return [Stella]

    def private(self, text: str) -> bool:
        """Does this decision text name a card (and so a hand's number, R2)?"""
        return bool(CARD.search(text))

    def choice_label(self, view: dict[str, Any], text: str) -> str:
        """A draw's button names its deck as players see it: "Deck 1 (blue on top, 11 left)"."""
        return texts.choice_label(view, text)

    def multi(self, view: dict[str, Any], player: str, verb: str, texts_: Sequence[str]
              ) -> tuple[list[tuple[str, str]], int, int] | None:
        """Refill Hand: the cards to discard first, any of them, in one multi-select."""
        return texts.discard_choice(view, player, verb, texts_)

    def compose(self, verb: str, values: Sequence[str]) -> str:
        if verb == "refill":  # "pink-3#2": the second pink-3 held
            cards = [v.split("#", 1)[0] for v in values]
            return "refill" + (f" discard={','.join(cards)}" if cards else "")
        return super().compose(verb, values)

    def runs(self, view: dict[str, Any], player: str, texts_: Sequence[str]
             ) -> list[tuple[str, tuple[str, ...]]]:
        """Every draw still owed in a row (the opening deal's, a refill's) chosen at once:
        how many from each deck, giving up seeing each top colour before the next draw."""
        return texts.draw_runs(view, player, texts_)

    def private_key(self, view: dict[str, Any], player_id: str) -> str:
        """The sorted hand, comma-separated (as stored with each hand DM since 0002)."""
        return ",".join(sorted((view["players"].get(player_id) or {}).get("hand") or ()))

    def private_keys(self, game: Any, state: Any, players: Sequence[str]) -> dict[str, str]:
        """The same keys, read from the state (a view per player costs a millisecond)."""
        held = {p.id: p.hand for p in state.players}
        return {pid: ",".join(sorted(held.get(pid) or ())) for pid in players}

    # --- pictures: board, hand and replay are the defaults (render/stella_digger/) -----------

    def scores_png(self, view: dict[str, Any], state: Any) -> bytes | None:
        return self.pictures("scores").scores_png(view, list(state.score_history))  # type: ignore[no-any-return]

    def topic_png(self, key: str) -> bytes | None:
        if key != "legend":
            return None
        return self.pictures("legend").legend_png()  # type: ignore[no-any-return]


PRESENTATION = StellaDigger()
