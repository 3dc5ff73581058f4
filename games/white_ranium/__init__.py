"""How the bot presents TF22 Mine ("White Ranium"): through the generic ``/game`` commands,
its decision labels (every target a legal one: the engine lists only cards reachable in the
crew's tunnel colour, cards to turn, loaders that may move), which decision texts are private
(a strategy fight card, secret until both fighters have chosen), one message per turn edited
through its ore (``turn_key``), the fight alert pinging the defender, the rules topics of
docs/rules/white-ranium.md, its texts and its pictures (render/white_ranium)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from texts import N_, _

from ..base import TextsPresentation, Who
from . import events, labels, prompts, texts

TITLE = N_("TF22 Mine (White Ranium)")


class WhiteRanium(TextsPresentation):
    texts = texts
    name = "white-ranium"
    #: the published title, said in the language being written ("TF22 Mine (Weißes Ranium)")
    title = property(lambda self: _(TITLE))  # type: ignore[assignment]
    emoji = "⛏️"
    picture_topics = frozenset({"legend"})  # the pictures' marks (render/<pkg>/legend.py)
    legend_text = N_(
        "The marks of the mine picture: each card's tunnels in their colour with the colour's"
        " letter on the hub, its other face as a corner glyph, its symbol on a lilac chip; a "
        "crew is a pawn, White Ranium an octagon, a base camp a ring, a space loader a yellow"
        " chip on the rim; numbered arrows are the turn's moves along the tunnels (dashed: a "
        "jump).")
    verb_order = ("move", "collect", "deliver", "steal", "rotate", "flip-long", "flip-short",
                  "loader", "tunnel", "transport", "end", "swap", "done", "colour", "fight",
                  "card", "place")
    verb_labels = {
        "move": N_("Move…"), "collect": N_("Collect"), "deliver": N_("Deliver…"), "steal": N_("Steal…"),
        "rotate": N_("Rotate a card…"), "flip-long": N_("Flip over the long side…"),
        "flip-short": N_("Flip over the short side…"), "loader": N_("Move a space loader…"),
        "tunnel": N_("Secret tunnel (3 ore)…"), "transport": N_("Transporter (2 ore)…"),
        "end": N_("End the turn"), "swap": N_("Swap two ring cards…"), "done": N_("No more swaps"),
        "colour": N_("Choose a crew colour…"), "fight": N_("Choose your fight card…"),
        "card": N_("Play a symbol card…"), "place": N_("Place the White Ranium…"),
    }


    def event_text(self, event: Any) -> str:
        """The engine's event in the language being written (``events.py``)."""
        return events.sentence(event)

    def prompt_text(self, game: Any, state: Any, player: str) -> str:
        """What ``player`` must decide, in the language being written (``prompts.py``)."""
        return prompts.prompt_text(state, player)

    def hand_text(self, view: dict[str, Any], player_id: str, game_id: int) -> str:
        return texts.hand_text(view, player_id, game_id, self.cmd("do"))

    def private(self, text: str) -> bool:
        """Only a strategy fight card is secret (until both fighters have chosen)."""
        return text.startswith("fight")

    def private_key(self, view: dict[str, Any], player_id: str) -> str:
        return texts.private_key(view, player_id)

    def private_keys(self, game: Any, state: Any, players: Sequence[str]) -> dict[str, str]:
        """The same keys, read from the state (``texts.private_key`` of
        engine/white_ranium/view.py's fight: each player's own committed fight cards)."""
        return texts.private_keys(state, players)

    def new_round(self, public_kinds: set[str]) -> bool:
        """Every turn starts with the map (and the setup's end, when play begins)."""
        return "turn" in public_kinds

    def choice_label(self, view: dict[str, Any], text: str) -> str:
        """A decision in words: "Turn the card on C2 around", "Steal from the blue crew"
        (``labels.py``); the notation stays the value."""
        return labels.choice_label(view, text)

    def numbered(self, texts: Sequence[str]) -> list[str] | None:
        """A verb's choices of a place (move, tunnel, rotate, place ...), one decision a place,
        picked by the number ``places_png`` draws on the map: "7: Move to C5"; None else."""
        if labels.targets(list(texts)) is None:
            return None
        phase = {"phase": "play"}
        return [labels.numbered_target(i + 1, phase, t) for i, t in enumerate(texts)]

    def numbered_placeholder(self) -> str:
        return _(labels.PICK_NUMBER)

    def places_png(self, view: dict[str, Any], player_id: str, texts: Sequence[str]
                   ) -> bytes | None:
        """The mine with the choices numbered on their cards (render/white_ranium/targets.py);
        the mine holds nothing hidden."""
        places = labels.targets(list(texts))
        if not places:
            return None
        title = labels.targets_title(self.label(texts[0].split()[0]), len(places))
        return self.pictures("targets").targets_png(  # type: ignore[no-any-return]
            view, places, title)

    def round_picture(self, view: dict[str, Any]) -> bool:
        """The map once a table round (issue 28: 29 pictures among 37 messages before): at the
        start player's turn, and when play begins; every other turn's post is its summary, the
        map now one ``/game status`` away."""
        return view.get("phase") != "play" or view.get("turn") == view.get("start_player")

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
