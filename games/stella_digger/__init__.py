"""How the bot presents Stella Digger: its ``/stella`` command group and decision commands,
verb labels, which decision texts are private (they name a card, R2), the rules topics, the
texts of its posts and its pictures."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from texts import N_

from ..base import DecisionCommand, NewOption, OwnGroup, TextsPresentation
from . import events, prompts, texts
from .rules import TOPICS

CARD = re.compile(r"\b(?:blue|green|pink|purple)-[1-4]\b")
CRYSTALS = ("return", "gold", "lose-crystals")


class StellaDigger(TextsPresentation):
    name = "stella-digger"
    title = N_("Stella Digger")  # the English edition's title, the same in every catalog
    emoji = "🪐"
    command = "stella"
    verb_order = ("target", "draw", "mine", "refill", "buy", "drill", "exchange", "pass", "fight",
                  "decline", "lose", "capsule", "gold", "return", "lose-crystals")
    verb_labels = {
        "target": N_("Choose the target…"), "draw": N_("Draw…"), "mine": N_("Mine…"),
        "refill": N_("Refill hand…"), "buy": N_("Buy gadgets…"),
        "drill": N_("Install a Large Drill…"), "exchange": N_("Exchange crystals…"),
        "pass": N_("Pass"), "fight": N_("Fight…"), "decline": N_("Decline"),
        "lose": N_("Choose the card to lose…"), "capsule": N_("Choose a Refining Capsule…"),
        "gold": N_("Choose gold crystals…"), "return": N_("Choose crystals to return…"),
        "lose-crystals": N_("Choose crystals to lose…"),
    }
    texts = texts
    builtin_topics = TOPICS
    picture_topics = frozenset({"legend"})  # the map picture explained

    own_group = OwnGroup(
        "stella", N_("Play Stella Digger"),
        new_options=(NewOption("red_tears", N_("Play with the Red Tears option (tears for cards lost "
                                             "to accidents and monsters)")),),
        decisions=(
            DecisionCommand("target", N_("Choose the target tile (start player)"), ("target",),
                            "square", N_("The square of the target tile")),
            DecisionCommand("draw", N_("Draw a card from a deck"), ("draw",),
                            "deck", N_("The deck to draw from")),
            DecisionCommand("mine", N_("Mine: play a card (with gadgets)"), ("mine",),
                            "play", N_("The card to play, with gadgets")),
            DecisionCommand("refill", N_("Refill your hand, discarding some cards first"), ("refill",),
                            "discard", N_("Cards to discard first (leave empty to discard none)"),
                            empty="refill"),
            DecisionCommand("buy", N_("Buy gadgets, choosing the crystals to pay"), ("buy",),
                            "gadgets", N_("The gadgets and the crystals to pay")),
            DecisionCommand("drill", N_("Install a Large Drill"), ("drill",),
                            "placement", N_("The square, the direction and the crystals to pay")),
            DecisionCommand("exchange", N_("Exchange two crystals of one colour for one"),
                            ("exchange",), "trade", N_("Two of one colour for one of another")),
            DecisionCommand("pass", N_("Pass this round"), ("pass",), empty="pass"),
            DecisionCommand("crystals", N_("Choose crystals: to return, from gold, or to lose"),
                            CRYSTALS, "colours", N_("The crystals' colours")),
            DecisionCommand("lose", N_("Choose the card an accident takes"), ("lose",),
                            "card", N_("The card to lose")),
            DecisionCommand("capsule", N_("Choose the Refining Capsule to use"), ("capsule",),
                            "colour", N_("The capsule's colour")),
            DecisionCommand("fight", N_("Fight the monster with a play, or decline"),
                            ("fight", "decline"), "play", N_("The card to fight with, or decline")),
        ))


    def event_text(self, event: Any) -> str:
        """The engine's event in the language being written (``events.py``)."""
        return events.event_text(event)

    def prompt_text(self, game: Any, state: Any, player: str) -> str:
        """What the owing player must decide, in the language being written (``prompts.py``)."""
        return prompts.prompt_text(game, state, player)

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
