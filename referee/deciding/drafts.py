"""Drafts: a decision built piece by piece in private (``/game draft``), checked by the engine
as it grows, its words timed on the player's clock, then confirmed or discarded; and the
autocomplete of a decision typed word by word. A part of ``Sessions`` (``referee.deciding
.sessions``, which mixes it in): it uses the table loading, the holds and ``decide`` there."""

from __future__ import annotations

import collections
import dataclasses
from typing import Any

from db import owed as owed_db
from engine import GameError, IllegalDecision, NotYourTurn
from referee.deciding.holds import Holds
from referee.deciding.table import Table
from referee.errors import Malformed, NotAPlayer, UnknownGame, WrongPhase
from referee.messages import choices, ids
from referee.messages.outbox import File
from referee.messages.refusals import refusal_words
from referee.shared import cache as cached
from referee.shared.context import Context
from referee.telling import images
from texts import _, ngettext, number

ADD, TAKE = "+", "-"  # a draft edit: add words to the saved draft, take one back
#: the longest draft kept: five times the longest decision of any game (an Out of Mine! dig of
#: ten tiles with its times is about 200 characters); the text typed is refused beyond it
DRAFT_MAX_CHARS = 1000
#: draft steps one player may make in a minute (a person places about a tile a second at most)
DRAFT_STEPS_PER_MINUTE = 60


def edited(text: str, saved: str | None, verb: str) -> str:
    """The draft ``text`` asks for: itself, or an edit of the ``saved`` one (``+WORDS`` adds
    them, after ``verb`` when nothing is saved; ``-WORD`` takes that word out, ``-`` the last);
    WrongPhase (nothing changed) when there is nothing to take back."""
    if text.startswith(ADD):
        return f"{saved or verb} {text[1:].strip()}".strip()
    if not text.startswith(TAKE):
        return text
    words = (saved or "").split()
    word = text[1:].strip()
    if len(words) < 2:
        raise WrongPhase(_("Your draft has nothing to take back. Nothing changed."))
    if not word:
        return " ".join(words[:-1])
    if word not in words[1:]:
        raise WrongPhase(_("`{word}` is not in your draft. Nothing changed.").format(word=word))
    at = len(words) - 1 - words[::-1].index(word)
    return " ".join(words[:at] + words[at + 1:])


def too_long() -> str:
    return _("A draft holds at most {n} characters. Nothing changed.").format(
        n=number(DRAFT_MAX_CHARS))


class Drafts:
    """The draft desk of ``Sessions`` (which sets these and defines ``running``, ``g``,
    ``get_game`` and ``decide``)."""

    ctx: Context
    holds: Holds
    draft_steps_per_minute: int
    _draft_steps: dict[int, collections.deque[float]]

    async def _owing(self, game_id: int, user_id: int) -> tuple[Table, str, Any]:
        """The running table, the user's player id and what they owe now (refused if nothing)."""
        table = await self.running(game_id)
        seat = table.game.seat_of_user(user_id)
        if seat is None:
            raise NotAPlayer()
        await self.holds.check_open(table.game)  # a gone thread, a moderator's pause: refused
        g = self.g(table.game)
        owed = next((o for o in g.owed(table.state) if o.player == seat.player_id), None)
        if owed is None:
            g.check(table.state, seat.player_id, "pass")  # raises the engine's explanation
            raise NotYourTurn(_("You owe no decision now."))
        return table, seat.player_id, owed

    async def draft(self, game_id: int, user_id: int, text: str) -> str:
        """Set the user's private draft to ``text`` (the decision typed so far, its verb
        first), checked by the engine as it grows; the words placed since the last draft get
        the time on the player's clock. ``+WORDS`` adds words to the saved draft (to the owed
        decision's verb if there is none), ``-WORD`` takes that word back out and ``-`` the last
        one. Returns what to show them (privately)."""
        table, text, ready, nxt = await self.set_draft(game_id, user_id, text)
        present = self.ctx.present(table.game)
        shown = ", ".join(nxt[:20]) + (" …" if len(nxt) > 20 else "")
        return (_("📝 Your draft (only you see it): `{draft}`").format(draft=text or _("(empty)"))
                + f"\n{ready}\n"
                + (_("Next words: {words}").format(words=shown) + "\n" if nxt else "")
                + _("`{draft}` with `+WORD` adds a word, `-WORD` takes one back; `{confirm}` "
                    "commits it, `{discard}` drops it.").format(
                        draft=present.cmd("draft"), confirm=present.cmd("confirm"),
                        discard=present.cmd("discard")))

    async def set_draft(self, game_id: int, user_id: int, text: str
                        ) -> tuple[Table, str, str, list[str]]:
        """``draft``'s work: the table, the draft saved, what it is told (``draft_ready``) and
        its legal next words."""
        if len(text) > DRAFT_MAX_CHARS:
            raise Malformed(too_long())
        async with self.ctx.lock(game_id):
            table, player, owed = await self._owing(game_id, user_id)
            g = self.g(table.game)
            self._draft_pace(user_id)
            old = await owed_db.get_draft(self.ctx.db, game_id, player)
            text = edited(" ".join(text.split()), old.text if old is not None else None,
                          owed.decision)
            if len(text) > DRAFT_MAX_CHARS:
                raise Malformed(too_long())
            nxt = g.options(table.state, player, text)  # IllegalDecision names the fault
            timers = {t.player_id: t for t in await cached.owed_timers(self.ctx, game_id)}
            clock_at = timers[player].clock_at if player in timers else None
            since = 0.0 if clock_at is None else max(0.0, self.ctx.clock() - clock_at)
            kept = dict(old.marks) if old is not None else {}
            words = text.split()[1:]
            marks = {w: kept.get(w, round(since, 1)) for w in words}
            try:
                checked = await self.measured(table, player, text, marks=marks)
                ready = self.ctx.present(table.game).draft_ready(g, table.state, player,
                                                                 checked)
            except GameError as exc:
                if not nxt:  # no next word and not complete: it leads nowhere, whatever the
                    # decision's kind (a listed one's options only filter its legal list)
                    raise IllegalDecision(_("`{draft}` can't be completed into a legal decision "
                                            "now: {why} Nothing changed.").format(
                                                draft=text, why=refusal_words(str(exc)))) from None
                ready = _("Not complete yet: {why}").format(why=exc)
            await owed_db.save_draft(self.ctx.db, game_id, player, table.version, text, marks,
                                         now=self.ctx.now())
            self._draft_steps.setdefault(user_id, collections.deque()).append(self.ctx.clock())
        return table, text, ready, nxt

    def _draft_pace(self, user_id: int) -> None:
        """Refused (nothing changed) once ``user_id`` saved ``draft_steps_per_minute`` draft
        steps in the last minute; only saved steps count."""
        now = self.ctx.clock()
        if len(self._draft_steps) > 10_000:  # forget who has not drafted for a minute
            for user in [u for u, q in self._draft_steps.items() if not q or q[-1] <= now - 60]:
                del self._draft_steps[user]
        steps = self._draft_steps.get(user_id)
        while steps and steps[0] <= now - 60:
            steps.popleft()
        if steps is not None and len(steps) >= self.draft_steps_per_minute:
            wait = max(1, int(steps[0] + 60 - now + 0.999))
            raise WrongPhase(ngettext(
                "You changed your draft {n} times in the last minute: wait {wait} s before the "
                "next change. Nothing changed.",
                "You changed your draft {n} times in the last minute: wait {wait} s before the "
                "next change. Nothing changed.", len(steps)).format(n=len(steps), wait=wait))

    async def draft_panel(self, game_id: int, user_id: int) -> choices.Panel | None:
        """The controls under the user's draft: a select of the parts of the next word (the
        game's presentation groups the legal next words, a tile kind of the card, say) and a
        button to take back each of its words (None: nothing to offer)."""
        table, player, owed = await self._owing(game_id, user_id)
        draft = await owed_db.get_draft(self.ctx.db, game_id, player)
        if draft is None:
            return None
        parts: list[tuple[str, str]] = []
        if not owed.listed:
            g = self.g(table.game)
            try:
                words = g.options(table.state, player, draft.text)
            except GameError:
                words = []
            parts = [(label, part) for label, part, _ in self.ctx.present(table.game)
                     .bench_hands(g.view(table.state, player), player, draft.text, words)]
        return choices.draft_panel(game_id, table.version, table.tag, draft.text, parts)

    async def draft_part(self, game_id: int, user_id: int, part: str
                         ) -> tuple[str, choices.Panel]:
        """A part picked under the user's draft (``part``: a tile kind, or a kind and the
        square pointed at, say): its legal next words after the saved draft, nearest first, as
        a short list to add one from, with the points to narrow it by. Nothing changes."""
        if not ids.VALUE.fullmatch(part or ""):
            raise Malformed(_("That choice is malformed. Nothing changed."))
        table, player, owed = await self._owing(game_id, user_id)
        draft = await owed_db.get_draft(self.ctx.db, game_id, player)
        text = draft.text if draft is not None else owed.decision
        g, present = self.g(table.game), self.ctx.present(table.game)
        if present.bench_verbs:  # a part picked from bench_hands: the engine's part it is
            found = present.bench_part(g.view(table.state, player), part,
                                       g.options(table.state, player, text))
            part = found or part
        words = g.options(table.state, player, text, part=part)
        panel = choices.part_panel(game_id, table.version, table.tag, part, words,
                                   present.draft_points(part, words))
        if not words:
            return _("Nothing of `{part}` fits your draft now. Nothing changed.").format(
                part=part), panel
        shown = _("the {n} nearest of {total}").format(n=choices.MAX_OPTIONS, total=len(words)) \
            if len(words) > choices.MAX_OPTIONS else _("all {n}").format(n=len(words))
        return (_("Where `{part}` can go next ({shown}; only you see this): pick one to add it "
                  "to your draft, or point at a square to list the ones near it.").format(
                      part=part, shown=shown), panel)

    async def draft_picture(self, game_id: int, user_id: int) -> File | None:
        """The picture of the user's saved draft from their own view (None: no draft, or the
        game draws none), for their eyes only."""
        table, player, _owed = await self._owing(game_id, user_id)
        draft = await owed_db.get_draft(self.ctx.db, game_id, player)
        if draft is None:
            return None
        view = self.g(table.game).view(table.state, player)
        return await images.draft_png(self.ctx.present(table.game), view, player, draft.text,
                                      game_id)

    async def after_picture(self, game_id: int, user_id: int) -> File | None:
        """The picture the user gets privately with the reply to their decision (the game's
        ``after_png``, from their own view); None if the game draws none or is not running."""
        game = await self.get_game(game_id)
        if not self.ctx.present(game).draws_after:
            return None
        try:
            table = await self.running(game_id, game)
        except (UnknownGame, WrongPhase):
            return None
        seat = table.game.seat_of_user(user_id)
        if seat is None:
            return None
        view = self.g(table.game).view(table.state, seat.player_id)
        return await images.after_png(self.ctx.present(table.game), view, seat.player_id,
                                      game_id)

    async def confirm(self, game_id: int, user_id: int) -> str:
        """Commit the user's saved draft (the referee stamps what it measures)."""
        table, player, _owed = await self._owing(game_id, user_id)
        draft = await owed_db.get_draft(self.ctx.db, game_id, player)
        if draft is None:
            present = self.ctx.present(table.game)
            raise WrongPhase(_("You have no draft: build one with `{command}`.").format(
                command=present.cmd("draft")))
        return await self.decide(game_id, user_id, draft.text)

    async def discard(self, game_id: int, user_id: int) -> None:
        table, player, _owed = await self._owing(game_id, user_id)
        await owed_db.drop_draft(self.ctx.db, game_id, player)

    async def complete(self, game_id: int, user_id: int, current: str) -> list[str]:
        """The values ``suggest`` offers (its note left out)."""
        return [s.value for s in await self.suggest(game_id, user_id, current) if not s.note]

    async def suggest(self, game_id: int, user_id: int, current: str
                      ) -> list[choices.Suggestion]:
        """Autocomplete of a decision typed word by word, for a player who owes one ([]
        otherwise), the same for every game (``choices.typed_next``): nothing typed, every
        legal verb once in the game's order; a verb typed, its next words; further words, the
        next word. Each choice is named in the game's words where it has some (a verb's label,
        ``choice_label``), its value the notation; past Discord's 25, the last choice says how
        many more there are. ``+...`` completes words to add to the saved draft, ``-`` offers
        its words to take back. Words that begin no legal decision find the listed decisions
        that contain them."""
        try:
            table, player, owed = await self._owing(game_id, user_id)
            g = self.g(table.game)
            present = self.ctx.present(table.game)
            legal = choices.ordered(g.legal(table.state, player)) if owed.listed else []
            whole = set(legal)
            prefix, base = "", ""
            if current.startswith((ADD, TAKE)):
                draft = await owed_db.get_draft(self.ctx.db, game_id, player)
                saved = draft.text if draft is not None else owed.decision
                if current.startswith(TAKE):
                    needle = current[1:].strip()
                    took = [TAKE + w for w in saved.split()[1:] if needle in w][::-1]
                    return choices.suggestions(took, str, "words")
                prefix, base, current = ADD, saved, current[1:]

            def options(draft: str, part: str | None) -> list[str]:
                try:
                    return g.options(table.state, player, f"{base} {draft}".strip(), part)
                except GameError:
                    return []

            def full(text: str) -> str:
                return f"{base} {text}".strip()

            texts = choices.typed_next(current, options, lambda t: full(t) in whole,
                                       () if base else present.verb_order)
            if not texts and legal and current.strip() and not base:
                needle = current.strip().lower()
                texts = [t for t in legal if needle in t.lower()]
            view = g.view(table.state, None)
        except Exception:
            return []

        def name(text: str) -> str:
            if prefix:
                return prefix + text
            try:
                if " " not in text:  # a verb
                    return present.label(text)
                if text in whole:
                    return present.choice_label(view, text)
                worded = present.choice_label(view, f"{text} …")
            except Exception:  # words are a courtesy: the notation always does
                return text
            return text if worded == f"{text} …" else worded

        verbs = not base and bool(texts) and all(" " not in t for t in texts)
        return [dataclasses.replace(s, value=prefix + s.value)
                for s in choices.suggestions(texts, name, "verbs" if verbs else "choices")]
