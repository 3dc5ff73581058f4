"""The workbench: a player's draft of an unlisted decision (a game's ``bench_verbs``: an Out of
Mine! dig) on one private message, edited in place as it grows. Its picture (the game's
``bench_png``) numbers the placements of what is in hand as its select numbers them; its
controls take a thing in hand, point at a square (its placements first), place one by its
number (the thing stays in hand), take back, clear, type the whole draft in a modal (the
game's ``bench_grid``/``bench_typed``) and confirm. Every control's custom id carries the
state version (a stale one is refused, ``check_prompt``), four hex digits of the draft it was
drawn for (a click on an older drawing is answered with the workbench as it stands, nothing
changed) and what is in hand, so clicks keep working after a restart. A part of ``Sessions``
(mixed in like ``Drafts``, whose ``set_draft``, ``confirm`` and ``discard`` it uses).

Nothing of it is public: it is the player's own view, sent only to them."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from db import owed as owed_db
from engine import GameError
from referee.deciding.drafts import Drafts
from referee.errors import Malformed, Refusal, WrongPhase
from referee.messages import choices, ids
from referee.messages.outbox import File
from referee.messages.refusals import refusal_words
from referee.telling import images
from texts import N_, _

NUMBERED = choices.MAX_OPTIONS  # placements numbered and offered at once


@dataclass(frozen=True, slots=True)
class Modal:
    """A modal of one paragraph input (its custom id is ``GRID_INPUT``)."""

    custom_id: str
    title: str
    label: str
    value: str
    max_length: int = 200


GRID_INPUT = "grid"


@dataclass(frozen=True, slots=True)
class Bench:
    """A workbench as it is to be shown: its words, controls, picture; or a modal to open."""

    text: str
    panel: choices.Panel | None = None
    picture: File | None = None
    modal: Modal | None = None
    ready: str = ""  # what the draft would score (the game's ``draft_ready``)


def fingerprint(draft: str) -> str:
    return hashlib.sha1(draft.encode("utf-8")).hexdigest()[:4]


OLD = N_("This workbench was drawn for an older draft (it changed since): here it is as it "
         "stands. Nothing changed.")


class Workbench(Drafts):
    """The workbench desk of ``Sessions``."""

    async def bench(self, game_id: int, user_id: int, hand: str | None = None,
                    note: str = "") -> Bench:
        """The user's workbench now, ``hand`` in hand (``note`` above it)."""
        table, player, owed = await self._owing(game_id, user_id)
        present = self.ctx.present(table.game)
        if owed.decision not in present.bench_verbs:
            raise WrongPhase(_("You have nothing to build on a workbench now: use the prompt's "
                               "buttons. Nothing changed."))
        saved = await owed_db.get_draft(self.ctx.db, game_id, player)
        draft = saved.text if saved is not None else owed.decision
        marks = dict(saved.marks) if saved is not None else {}
        g = self.g(table.game)
        view = g.view(table.state, player)
        every = g.options(table.state, player, draft)
        hands = present.bench_hands(view, player, draft, every)
        part = present.bench_part(view, hand, every) if hand else None
        if part is None:
            hand = None
        places = g.options(table.state, player, draft, part=part) if part else []
        shown = places[:NUMBERED]
        try:
            ready = present.draft_ready(g, table.state, player,
                                        await self.measured(table, player, draft, marks=marks))
        except GameError as exc:
            ready = _("Not a legal decision yet: {why}").format(why=refusal_words(str(exc)))
        fp = fingerprint(draft)
        v, tag = table.version, table.tag
        base = hand.partition(":")[0] if hand else None

        def cid(action: str, held: str | None = None) -> str | None:
            return ids.turn_id(game_id, v, tag, "bench", f"{action} {fp}" + (
                f" {held}" if held else ""))

        buttons = [choices.Button(label, c, style) for label, c, style in (
            (_("↩ Take back"), cid("back", base) if len(draft.split()) > 1 else None, "secondary"),
            (_("Clear"), cid("clear") if len(draft.split()) > 1 else None, "danger"),
            (_("⌨ Type the board"), cid("grid", base) if present.bench_grid(view, player, draft)
             is not None else None, "secondary"),
            (choices.cut(_("✅ Confirm · {scores}").format(scores=_score_words(ready))),
             cid("confirm"), "success"),
        ) if c is not None]
        selects = []
        take = cid("hand")
        if take is not None and hands:
            selects.append(choices.Select(take, _("Take a tile in hand…"), tuple(
                choices.Option(choices.cut(label), value, choices.cut(desc) if desc else None)
                for label, value, desc in hands[:choices.MAX_OPTIONS]
                if ids.VALUE.fullmatch(value))))
        put = cid("add", hand) if hand else None
        if put is not None and shown:
            selects.append(choices.Select(put, choices.cut(
                _("Place {tile}: pick its number (1-{n})…").format(tile=_named(hands, base),
                                                                   n=len(shown))),
                tuple(choices.Option(str(i + 1), w, choices.cut(w.partition(":")[2]))
                      for i, w in enumerate(shown))))
        point = cid("point", base) if base else None
        if point is not None and part:
            squares = [sq for _label, sq in present.draft_points(part.partition(":")[0], places)]
            options = tuple(choices.Option(_("on {square}").format(square=sq.rpartition(':')[2]),
                                           f"{base}:{sq.rpartition(':')[2]}")
                            for sq in squares[:choices.MAX_OPTIONS])
            if options:
                selects.append(choices.Select(point, _("Point at a square: the placements on it "
                                                       "first…"), options))
        picture = await images.bench_png(present, view, player, draft, part, shown,
                                         {w: marks[w] for w in draft.split()[1:] if w in marks},
                                         len(places) - len(shown), game_id)
        if hand and shown:
            held = (_("In hand: **{tile}**: pick its number under the picture ({n} of {total} "
                      "places); it stays in hand.") if len(places) <= len(shown) else
                    _("In hand: **{tile}**: pick its number under the picture ({n} of {total} "
                      "places, point at a square for the others); it stays in hand.")).format(
                tile=_named(hands, base), n=len(shown), total=len(places))
        else:
            held = _("Take a tile in hand with the menu: its places are then drawn numbered.")
        text = "\n".join(x for x in (
            _(note) if note else note,
            _("🛠️ **Your workbench** (only you see it): `{draft}`").format(draft=draft),
            present.bench_head(view, player), ready, held) if x)
        return Bench(text, choices.Panel(buttons=tuple(buttons), selects=tuple(selects[:4])),
                     picture, ready=ready)

    async def bench_after(self, game_id: int, user_id: int, done: str) -> Bench | None:
        """After the user's decision ``done`` (an open): their workbench if they now owe a
        decision built on one, else None."""
        if not self.ctx.present(await self.get_game(game_id)).bench_verbs:
            return None  # a game without a workbench: nothing more to look at
        try:
            return await self.bench(game_id, user_id,
                                    note=_("✅ Done: `{decision}`.").format(decision=done))
        except (Refusal, GameError):
            return None

    async def said_in_public(self, game_id: int, done: str) -> bool:
        """Is ``done`` (a decision just made by a click) of one of the game's
        ``shared_verbs``, which the thread says for all (a side)? Its click needs no private
        answer then."""
        game = await self.get_game(game_id)
        return done.split(" ", 1)[0] in self.ctx.present(game).shared_verbs

    async def bench_click(self, game_id: int, user_id: int, version: int, tag: str,
                          arg: str, values: list[str]) -> Bench:
        """A workbench control (``arg``: ``ACTION FP [HAND]``, the select's ``values``): the
        workbench as it is after it (a confirm: the commit's words, no controls)."""
        m = ids.BENCH.fullmatch(arg)
        if m is None:
            raise Malformed(_(ids.BAD))
        action, fp, hand = m["action"], m["fp"], m["hand"]
        value = values[0] if len(values) == 1 and ids.VALUE.fullmatch(values[0]) else None
        if action in ("hand", "add", "point") and value is None:
            raise Malformed(_("Pick exactly one option. Nothing changed."))
        table, _texts = await self.owed_texts(game_id, user_id, version, tag)
        if action == "open":
            return await self.bench(game_id, user_id)
        if fingerprint(await self._draft_text(table, user_id)) != fp:
            return await self.bench(game_id, user_id, hand, note=OLD)
        if action in ("hand", "point"):  # a kind taken in hand, a square pointed at
            return await self.bench(game_id, user_id, value)
        if action == "grid":
            return await self._grid(game_id, user_id, table, hand)
        if action == "confirm":
            before = await self.bench(game_id, user_id)
            done = await self.confirm(game_id, user_id)
            return Bench(_("✅ Committed: `{decision}`").format(decision=done) + f"\n{before.ready}",
                         None, before.picture)
        edit = {"add": f"+{value}", "back": "-", "clear": None}.get(action, "")
        if edit == "":
            raise Malformed(_(ids.BAD))
        try:
            if edit is None:
                await self.discard(game_id, user_id)
            else:
                await self.set_draft(game_id, user_id, edit)
        except (GameError, Malformed, WrongPhase) as exc:
            return await self.bench(game_id, user_id, hand, note=f"⚠️ {refusal_words(str(exc))}")
        return await self.bench(game_id, user_id, (hand or "").partition(":")[0] or None)

    async def _draft_text(self, table: Any, user_id: int) -> str:
        """The user's saved draft, or the verb they owe when they have none."""
        seat = table.game.seat_of_user(user_id)
        player = seat.player_id if seat is not None else ""
        saved = await owed_db.get_draft(self.ctx.db, table.game.id, player)
        if saved is not None:
            return str(saved.text)
        owed = next((o for o in self.g(table.game).owed(table.state) if o.player == player),
                    None)
        return owed.decision if owed is not None else ""

    async def _grid(self, game_id: int, user_id: int, table: Any, hand: str | None) -> Bench:
        """The modal to type the whole draft in, prefilled with the draft as it stands."""
        player = table.game.seat_of_user(user_id).player_id
        draft = await self._draft_text(table, user_id)
        present = self.ctx.present(table.game)
        grid = present.bench_grid(self.g(table.game).view(table.state, player), player, draft)
        cid = ids.turn_id(game_id, table.version, table.tag, "bench",
                          f"typed {fingerprint(draft)}" + (f" {hand}" if hand else ""))
        if grid is None or cid is None:
            raise WrongPhase(_("This decision can't be typed as a whole here. Nothing changed."))
        return Bench("", modal=Modal(cid, _("Type your board"),
                                     _("Row 5 first: a letter per tile, . empty"), grid))

    async def bench_typed(self, game_id: int, user_id: int, version: int, tag: str, arg: str,
                          typed: str) -> Bench:
        """The modal's text: the whole draft, checked as a whole (the draft's sentences); the
        words it adds get the time of the submission. A refused text changes nothing and is
        said above the workbench."""
        m = ids.BENCH.fullmatch(arg)
        if m is None or m["action"] != "typed":
            raise Malformed(_(ids.BAD))
        table, _texts = await self.owed_texts(game_id, user_id, version, tag)
        seat = table.game.seat_of_user(user_id)
        assert seat is not None
        draft = await self._draft_text(table, user_id)
        present = self.ctx.present(table.game)
        view = self.g(table.game).view(table.state, seat.player_id)
        try:
            text = present.bench_typed(view, seat.player_id, draft, typed[:1000])
            await self.set_draft(game_id, user_id, text)
        except (GameError, Malformed, WrongPhase) as exc:
            return await self.bench(game_id, user_id, m["hand"], note=f"⚠️ {refusal_words(str(exc))}")
        return await self.bench(game_id, user_id, m["hand"])


def _named(hands: list[tuple[str, str, str]], hand: str | None) -> str:
    return next((label for label, value, _ in hands if value == hand), hand or "")


def _score_words(ready: str) -> str:
    """The scores ``ready`` names (``**7**``) as a button's words: "scores 7", or with the
    race "scores 12 if it calls, else 10"."""
    found = ready.split("**")[1::2]
    if not found:
        return _("commit")
    if len(found) > 1 and ("if it calls" in ready or _("if it calls") in ready):
        return _("scores {score} if it calls, else {other}").format(score=found[0], other=found[1])
    return _("scores {score}").format(score=found[0])
