"""How the bot presents Out of Mine!: through the generic ``/game`` commands (its digs are
built with ``/game draft`` and committed with ``/game confirm``), its decision labels, which
decision texts are private (a dig names tiles, sealed until the reveal, R3), the rules topics
of docs/rules/out-of-mine.md, its texts and its pictures (render/out_of_mine)."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from texts import N_, _

from ..base import TextsPresentation
from . import bench, events, prompts, texts


def secret(card: int | None, dig: str | None) -> str:
    """A private key of Out of Mine!: the card only its owner sees and their sealed commit."""
    return "|".join(part for part in (f"card {card}" if card is not None else "",
                                      f"dig {dig}" if dig is not None else "") if part)


class OutOfMine(TextsPresentation):
    texts = texts
    name = "out-of-mine"
    title = N_("Out of Mine!")  # the published title in every edition
    emoji = "⛏️"
    #: the pictures' marks (render/<pkg>/legend.py) and every tile shape drawn (shapes.py)
    picture_topics = frozenset({"legend", "tile-shapes"})
    legend_text = N_(
        "The marks of a board side: rock brown and hatched, galleries dark; each crystal "
        "colour a pattern and its initial, an element a word on a dark chip (Au, Ag, worm, "
        "rat), an elf a small disc with its colour's capital letter on the edge toward the "
        "rock, a tile cut by the call faded.")
    verb_order = ("side", "open", "dig")
    shared_verbs = frozenset({"side", "open"})  # the same public choices for everyone (R4, R6)
    own_change_answered = True  # the workbench shows the opened card, the reply the commit
    verb_labels = {"side": texts.CHOOSE_SIDE, "open": texts.OPEN_BUTTON, "dig": texts.DIG}


    def event_text(self, event: Any) -> str:
        """The engine's event in the language being written (``events.py``)."""
        return events.text(event)

    def prompt_text(self, game: Any, state: Any, player: str) -> str:
        """What ``player`` must decide, in the language being written (``prompts.py``)."""
        return prompts.prompt_text(game, state, player)

    def topics(self) -> dict[str, str]:
        """The rules file's topics, ``tile-shapes`` said in words beside its picture (its
        table of ASCII shapes does not read in Discord, which shows no tables)."""
        found = super().topics()
        if "tile-shapes" in found:
            found["tile-shapes"] = _(texts.SHAPES_TOPIC)
        return found

    def topic_png(self, key: str) -> bytes | None:
        if key == "tile-shapes":
            return self.pictures("shapes").shapes_png()  # type: ignore[no-any-return]
        return super().topic_png(key)

    def choice_label(self, view: dict[str, Any], text: str) -> str:
        """The open button says what it does (it starts the player's clock, R6); a side
        button names the side of the player's own board (R4: every player owing one clicks
        the same two buttons)."""
        if text == "open":
            return _(texts.OPEN_BUTTON)
        words = text.split()
        if len(words) == 2 and words[0] == "side":
            return _(texts.SIDE_BUTTON).format(side=words[1].upper())
        return text

    def private(self, text: str) -> bool:
        """A side or an open shows nothing hidden; a dig names tiles (sealed, R3)."""
        return text.split()[:1] not in (["side"], ["open"])

    def private_key(self, view: dict[str, Any], player_id: str) -> str:
        """What the player's view shows that the public view does not (R3): with the race
        on, their card after their own ``open`` until the reveal (race off, cards are dealt
        face up: public); their own dig commit until the reveal. "" when nothing (a new
        round, a reveal: no DM, the thread says it all). Their own open and commit are
        answered by the workbench and the commit's reply (``own_change_answered``); a
        timeout's default open and dig for them come by DM."""
        p = (view.get("players") or {}).get(player_id) or {}
        race = (view.get("options") or {}).get("race", True)
        return secret(p.get("card") if race else None, p.get("dig"))

    def private_keys(self, game: Any, state: Any, players: Sequence[str]) -> dict[str, str]:
        """The same keys, read from the state (engine/out_of_mine/view.py ``_player`` for
        its owner: the card once opened, the commit)."""
        seats = {p.id: p for p in state.players}
        race = state.options.race
        out = {}
        for pid in players:
            p = seats.get(pid)
            out[pid] = "" if p is None else secret(p.card if race and p.opened else None, p.dig)
        return out

    def private_news(self, event: Any) -> bool:
        """"Your dig is in" repeats the reply to the player's own commit, "your card" the
        workbench that answers their open: no DM for them (a default's is said in the thread;
        the echo still makes a takeback refuse, R3)."""
        return bool(event.kind not in ("dig", "card"))

    def new_round(self, public_kinds: set[str]) -> bool:
        """A reveal (every board and score) or a new round's start posts the round picture."""
        return bool({"reveal", "round"} & public_kinds)

    def draft_points(self, part: str, words: Sequence[str]) -> list[tuple[str, str]]:
        """Every square a placement of the picked kind covers, to point at."""
        return texts.draft_squares(part, words)

    def draft_ready(self, game: Any, state: Any, player: str, action: Any) -> str:
        """R10: "complete" only for a board whose 20 spaces are covered; otherwise how many
        are empty and what it would score now (the engine's scoring, R11-R13)."""
        from engine.out_of_mine.actions import Dig
        from engine.out_of_mine.scoring import preview

        if not isinstance(action, Dig):
            return super().draft_ready(game, state, player, action)
        return texts.draft_ready(preview(state, player, action),
                                 preview(state, player, action, caller=True),
                                 state.options.race)

    # --- the workbench -------------------------------------------------------------------

    bench_verbs = frozenset({"dig"})

    def bench_hands(self, view: dict[str, Any], player: str, draft: str,
                    words: Sequence[str]) -> list[tuple[str, str, str]]:
        """The shapes of the card's colours still free (kinds apart only with finds on)."""
        return bench.hands(view, player, draft.split()[1:], words)

    def bench_head(self, view: dict[str, Any], player: str) -> str:
        return texts.card_words(view, player)

    def bench_part(self, view: dict[str, Any], hand: str, words: Sequence[str]) -> str | None:
        return bench.part(view, hand, words)

    def bench_png(self, view: dict[str, Any], player: str, draft: str, part: str | None,
                  places: Sequence[str], times: Mapping[str, float], more: int
                  ) -> bytes | None:
        p = (view.get("players") or {}).get(player)
        if p is None or not p.get("card_info") or not p.get("side"):
            return None
        return self.pictures("bench").bench_png(  # type: ignore[no-any-return]
            view, player, draft if draft.startswith("dig") else "dig",
            part.split(":")[0] if part else None, list(places), dict(times), more)

    def bench_grid(self, view: dict[str, Any], player: str, draft: str) -> str | None:
        """The draft as the board's grid: five lines of seven, a letter per tile, ``.`` empty,
        ``#`` rock."""
        p = (view.get("players") or {}).get(player) or {}
        if not p.get("grid") or not p.get("card_info"):
            return None
        return bench.grid_text(p["grid"], draft.split()[1:])

    def bench_typed(self, view: dict[str, Any], player: str, draft: str, typed: str) -> str:
        words = bench.typed_words(typed, draft.split()[1:])
        return " ".join(["dig", *words])

    # --- pictures -------------------------------------------------------------------------

    def board_png(self, view: dict[str, Any]) -> bytes | None:
        """Right after a reveal: every board of that round with its score parts; otherwise
        the boards as they stand (no card or tile before the reveal, R3)."""
        board = self.pictures("board")
        shown = _revealed(view)
        return (board.reveal_png(view, shown) if shown is not None  # type: ignore[no-any-return]
                else board.board_png(view))

    def board_round(self, view: dict[str, Any]) -> Any:
        """Right after a reveal the picture shows the round revealed, not the next one."""
        shown = _revealed(view)
        return view.get("round", 0) if shown is None else shown

    def hand_png(self, view: dict[str, Any], player_id: str) -> bytes | None:
        """The player's own draft picture once they see their card (their commit, if any)."""
        p = (view.get("players") or {}).get(player_id)
        if p is None or not p.get("card_info") or not p.get("side"):
            return None
        return self.pictures("hand").hand_png(  # type: ignore[no-any-return]
            view, player_id, p["dig"] or "dig")

    def draft_png(self, view: dict[str, Any], player_id: str, draft: str) -> bytes | None:
        p = (view.get("players") or {}).get(player_id)
        if p is None or not p.get("card_info") or not p.get("side"):
            return None
        return self.pictures("hand").hand_png(  # type: ignore[no-any-return]
            view, player_id, draft if draft.startswith("dig") else "dig")

    def scores_png(self, view: dict[str, Any], state: Any) -> bytes | None:
        """The last round's reveal above the 7-round score chart."""
        from PIL import Image

        from render.encode import png
        scores_png = self.pictures("scores").scores_png
        chart = Image.open(io.BytesIO(scores_png(view)))
        if not any(p["rounds"] for p in view["players"].values()):
            return scores_png(view)  # type: ignore[no-any-return]
        reveal = Image.open(io.BytesIO(self.pictures("board").reveal_png(view))).convert("RGB")
        # the background as a colour: getpixel of the indexed PNG is a palette index, not RGB
        both = Image.new("RGB", (max(chart.width, reveal.width), chart.height + reveal.height),
                         reveal.getpixel((0, 0)))
        both.paste(reveal, (0, 0))
        both.paste(chart, (0, reveal.height))
        return png(both)


def _revealed(view: dict[str, Any]) -> int | None:
    """The round just revealed while nobody has opened or committed in the next one (the
    reveal is what the table shows then), else None."""
    last = view.get("last_round")
    fresh = last is not None and all(
        not p["committed"] and not p["opened"] for p in view["players"].values())
    return last["round"] if fresh and last else None  # type: ignore[no-any-return]


PRESENTATION = OutOfMine()
