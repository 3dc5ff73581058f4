"""How the bot presents Mining Colony: through the generic ``/game`` commands. Bids are private
(a verb button opens the player's own select of cards and under-the-deck orders; the thread says
who has bid, never what, until every bid is in, R6); a development turn is one small decision at
a time (place a tile: the tile, then one pick of its legal placements by the number the private
picture shows them with, render/mining_colony/placements.py; put, stage,
discard, buy, build, exchange, done), each through the prompt's buttons, `/game do` or a
`/game draft` with a private preview of the colony. Rules topics are the sections of
docs/rules/mining-colony.md; pictures are render/mining_colony."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from texts import N_, _

from ..base import TextsPresentation
from . import events, labels, prompts, texts
from .preview import previewed


class MiningColony(TextsPresentation):
    texts = texts
    name = "mining-colony"
    title = N_("Mining Colony")  # the game's name: the same in every language
    emoji = "🪐"
    picture_topics = frozenset({"legend"})  # the pictures' marks (render/<pkg>/legend.py)
    legend_text = N_(
        "The marks of the pictures: every colour a fill and a letter, every kind of thing its"
        " own shape (diamond crystal, circle worker, triangle ship, house outpost, hexagon "
        "science station); on the colony board, dark squares undeveloped, brown developed, "
        "grey-green starting spaces, a dome arc, a landing pad H, letter squares storage "
        "units, a light inner frame a build-over token.")
    summary_tells = frozenset({"bid"})  # the round post's lines say who has bid (R6)
    verb_order = ("play", "refresh", "take", "place", "put", "stage", "discard", "buy", "build",
                  "exchange", "done")
    verb_labels = {"play": N_("Play a card…"), "refresh": N_("Refresh (1 credit)…"),
                   "take": N_("Take a zone…"), "place": N_("Place a tile…"),
                   "put": N_("Put an item…"), "stage": N_("Stage an item…"),
                   "discard": N_("Discard…"), "buy": N_("Buy a token…"), "build": N_("Build…"),
                   "exchange": N_("Exchange…"), "done": N_("Done")}


    def event_text(self, event: Any) -> str:
        """The engine's event in the language being written (games/mining_colony/events.py)."""
        return events.event_text(event)

    def prompt_text(self, game: Any, state: Any, player: str) -> str:
        """What a player must decide, in the language being written (``prompts.py``)."""
        return prompts.prompt_text(game, state, player)

    def private(self, text: str) -> bool:
        """A bid or a refresh names cards of the hand (sealed, R6); every other decision is
        about public things (zones, the colony, staging)."""
        return text.split()[:1] in (["play"], ["refresh"])

    def private_key(self, view: dict[str, Any], player_id: str) -> str:
        """A new private message when the hand, the bid or the cards under the deck change."""
        p = (view.get("players") or {}).get(player_id) or {}
        return f"{view.get('round')}|{p.get('hand')}|{p.get('bid')}|{p.get('bottom')}"

    def private_keys(self, game: Any, state: Any, players: Sequence[str]) -> dict[str, str]:
        """The same keys, read from the state (engine/mining_colony/view.py's ``_player`` for
        its owner: the sorted hand, the bid, the cards they put under the deck)."""
        seats = {p.id: p for p in state.players}
        out = {}
        for pid in players:
            p = seats.get(pid)
            if p is None:
                out[pid] = f"{state.round}|None|None|None"
                continue
            bottom = p.deck[len(p.deck) - p.seen:] if p.seen else []
            out[pid] = f"{state.round}|{sorted(p.hand)}|{p.bid}|{bottom}"
        return out

    def new_round(self, public_kinds: set[str]) -> bool:
        """Discover starts a round: post the summary and the board."""
        return "discover" in public_kinds

    def choice_label(self, view: dict[str, Any], text: str) -> str:
        """A decision in words: "Zone 2: tile t5-02, red worker", "Staged purple crystal on
        C1" (``labels.py``); the notation stays the value."""
        return labels.choice_label(view, text)

    def turn_key(self, view: dict[str, Any]) -> str | None:
        """A development turn (many small steps of one player, R9) is one thread message,
        edited step by step."""
        to_act = view.get("to_act") or {}
        if view.get("step") == "develop" and to_act.get("player"):
            return f"{view['round']}:{to_act['player']}"
        return None

    # --- pictures -------------------------------------------------------------------------

    # board_png and scores_png are the defaults (render/mining_colony/board.py, scores.py)

    def hand_png(self, view: dict[str, Any], player_id: str) -> bytes | None:
        """The private DM is text only: the player's panel (render/mining_colony/hand.py) comes
        with each step of their development turn (``after_png``) and with their drafts."""
        return None

    def after_png(self, view: dict[str, Any], player_id: str) -> bytes | None:
        """During the player's own development turn, their colony after each step."""
        to_act = view.get("to_act") or {}
        if view.get("step") != "develop" or to_act.get("player") != player_id:
            return None
        return self.pictures("hand").hand_png(view, player_id)  # type: ignore[no-any-return]

    def numbered(self, texts: Sequence[str]) -> list[str] | None:
        """One tile's placements (after the tile is chosen: ``place TILE SQUARE TURN``, one
        tile) picked by the number the picture shows (``places_png``): "7: on C3, turned
        90°"; None for anything else."""
        tiles = {t.split()[1] for t in texts if t.startswith("place ") and len(t.split()) >= 4}
        if len(tiles) != 1 or not all(t.startswith("place ") for t in texts):
            return None
        return [labels.numbered_place(i + 1, text) for i, text in enumerate(texts)]

    def numbered_placeholder(self) -> str:
        return _(labels.PICK_NUMBER)

    def places_png(self, view: dict[str, Any], player_id: str, texts: Sequence[str]
                   ) -> bytes | None:
        """The player's panel and the numbered placements (render/mining_colony/
        placements.py), from their own view."""
        if player_id not in (view.get("players") or {}) or not texts:
            return None
        tile = texts[0].split()[1]
        return self.pictures("placements").placements_png(  # type: ignore[no-any-return]
            view, player_id, list(texts), labels.places_title(tile, len(texts)))

    def draft_png(self, view: dict[str, Any], player_id: str, draft: str) -> bytes | None:
        """The player's colony with the draft drawn in (a tile in its rotation, an item, a
        token, a structure), for their eyes only."""
        if player_id not in (view.get("players") or {}):
            return None
        return self.pictures("hand").hand_png(  # type: ignore[no-any-return]
            previewed(view, player_id, draft), player_id)


PRESENTATION = MiningColony()
