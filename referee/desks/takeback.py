"""Takebacks: a player asks to take back their last decision; the other human players (or a
moderator) approve with buttons, and the state goes back by replaying the log without it (as
the moderators' undo does). Only a decision nobody else has answered yet (only AI or
automatic moves after it) can be asked back, and never once hidden information was shown
since (a card drawn, a tile turned, a secret revealed: the engine's ``reveals`` of the events
of that decision and every one after it). A request is void as soon as the game moves on."""

from __future__ import annotations

import logging

from db import Game, GameStatus
from db import games as games_db
from db import lifecycle as lifecycle_db
from db.lifecycle import Takeback
from referee.deciding.committed import Committed
from referee.deciding.sessions import Sessions
from referee.desks.moderation import Moderation
from referee.errors import NotAllowed, NotAPlayer, Refusal
from referee.messages import ids, texts
from referee.messages.choices import Button, Panel
from referee.shared.context import Context
from referee.telling.notify import Notifier
from texts import N_, _

log = logging.getLogger(__name__)
AUTOMATIC = ("ai", "auto")
ASKED_MAX = 10_000  # requests remembered (the oldest forgotten first)


def takeback_panel(game_id: int, version: int) -> Panel:
    return Panel(buttons=(
        Button(_("Approve"), ids.life_id(game_id, "tb-yes", version), "success"),
        Button(_("Refuse"), ids.life_id(game_id, "tb-no", version), "danger"),
    ))


class Takebacks:
    def __init__(self, ctx: Context, sessions: Sessions, notifier: Notifier,
                 moderation: Moderation) -> None:
        self.ctx = ctx
        self.sessions = sessions
        self.notify = notifier
        self.moderation = moderation
        # (game, player) -> the state (version, tag) they last asked a takeback in: one
        # request per player per state, so asking and withdrawing in a loop pings nobody again
        # (until a rewind: an undo or a takeback may bring the same state back)
        self.asked: dict[tuple[int, str], tuple[int, str]] = {}
        moderation.rewound.append(self.forget)

    def forget(self, game_id: int) -> None:
        """The game was rewound: its players may ask again."""
        for key in [k for k in self.asked if k[0] == game_id]:
            del self.asked[key]

    async def request(self, game_id: int, user_id: int) -> str:
        """Ask to take back the user's last decision; what to tell them (privately). With no
        other human player, it is taken back at once."""
        async with self.ctx.lock(game_id):
            table = await self.sessions.running(game_id)
            game = table.game
            seat = game.seat_of_user(user_id)
            if seat is None:
                raise NotAPlayer()
            await self.sessions.holds.check_open(game)  # paused: refused
            log_ = await games_db.get_log(self.ctx.db, game_id)
            people = [i for i, d in enumerate(log_) if d.source not in AUTOMATIC]
            if not people or log_[people[-1]].player_id != seat.player_id \
                    or log_[people[-1]].source != "player":
                raise Refusal(_("Only your own last decision can be taken back, and only while "
                                "nobody else has decided since. Nothing changed."))
            first = people[-1]
            decision = log_[first]
            shown = texts.unsealed([decision], None, self.ctx.engine(game))[0].text
            rewound = await self.moderation.rewind_plan(game, log_, first)
            if rewound.revealed:
                raise Refusal(_("{decision} can't be taken back: hidden information was shown "
                                "since ({shown}). Nothing changed.").format(
                                    decision=f"`{decision.text}`",
                                    shown=", ".join(f"`{t}`" for t in rewound.revealed)))
            pending = await lifecycle_db.get_takeback(self.ctx.db, game_id)
            if pending is not None and pending.version == table.version:
                raise Refusal(_("A takeback is already waiting for an answer in this game."))
            key = (game_id, seat.player_id)
            if self.asked.get(key) == (table.version, table.tag):
                raise Refusal(_("You already asked to take this decision back: one request per "
                                "decision. Nothing changed."))
            if pending is not None:  # the game moved on since: that request lapsed
                await lifecycle_db.drop_takeback(self.ctx.db, game_id)
            needed = tuple(s.user_id for s in game.seats if s.user_id is not None
                           and s.user_id != user_id and not s.is_ai and not s.absent)
            who = texts.mention(seat)
            if not needed:  # only AI players are left to ask
                with self.notify.speaking(game):  # the thread's words
                    await self.moderation.rewind_to(
                        table, log_, first, rewound, user_id,
                        lambda n, undone: "↩️ " + _("{player} took back {decisions}.").format(
                            player=who, decisions=undone),
                        note=N_("(A decision was taken back.)"))
                await self.sessions.after(Committed(game_id, table.game))
                answer = _("{decision} is taken back.").format(decision=f"`{decision.text}`")
            else:
                self.asked.pop(key, None)  # most recent last
                self.asked[key] = (table.version, table.tag)
                while len(self.asked) > ASKED_MAX:
                    del self.asked[next(iter(self.asked))]
                await lifecycle_db.open_takeback(self.ctx.db, Takeback(
                    game_id, seat.player_id, user_id, decision.seq, table.version, needed, (),
                    self.ctx.now()))
                others = ", ".join(f"<@{u}>" for u in needed)
                with self.notify.speaking(game):
                    line = "↩️ " + _("{player} asks to take back {decision}. {others}: approve "
                                     "or refuse (a moderator may answer too). The request "
                                     "lapses if anyone decides meanwhile.").format(
                                         player=who, decision=f"`{shown}`", others=others)
                    panel = takeback_panel(game_id, table.version)
                await self.notify.post(game, line, panel=panel, ping=needed)
                answer = _("Asked: the other players approve or refuse in the thread.")
        return answer

    async def answer(self, game_id: int, user_id: int, version: int, approve: bool, *,
                     moderator: bool = False) -> str:
        """A click on Approve or Refuse; what to tell the clicker (privately)."""
        async with self.ctx.lock(game_id):
            t = await lifecycle_db.get_takeback(self.ctx.db, game_id)
            if t is None or t.version != version:
                raise Refusal(_("This takeback request is no longer open."))
            game = await self.sessions.get_game(game_id)
            if game.status != GameStatus.RUNNING or game.version != t.version:
                await lifecycle_db.drop_takeback(self.ctx.db, game_id)
                raise Refusal(_("The game moved on since it was asked: the takeback lapsed."))
            asker = user_id == t.user_id
            if not (moderator or asker or user_id in t.needed):
                raise NotAllowed(_("Only the other players of this game (or a moderator) answer "
                                   "a takeback."))
            if not approve:
                await lifecycle_db.drop_takeback(self.ctx.db, game_id)
                with self.notify.speaking(game):
                    line = "✋ " + (_("{member} withdrew the request: the takeback is off.")
                                   if asker else
                                   _("{member} refused: the takeback is off.")).format(
                                       member=f"<@{user_id}>")
                await self.notify.post(game, line)
                return _("The takeback is off.")
            if asker and not moderator:
                raise NotAllowed(_("The other players approve your takeback, not you."))
            if not moderator:
                t = await lifecycle_db.approve_takeback(self.ctx.db, game_id, user_id) or t
                if not t.complete:
                    return _("Approved; waiting for the others.")
            return await self._take_back(game, t, user_id)

    async def _take_back(self, game: Game, t: Takeback, by_user: int) -> str:
        """Every approval is in (the caller holds the lock): replay without the decision."""
        await lifecycle_db.drop_takeback(self.ctx.db, game.id)
        table = await self.sessions.running(game.id, game)
        log_ = await games_db.get_log(self.ctx.db, game.id)
        first = next((i for i, d in enumerate(log_) if d.seq == t.seq), None)
        if first is None:
            raise Refusal(_("That decision is no longer in the log: the takeback lapsed."))
        rewound = await self.moderation.rewind_plan(game, log_, first)
        if rewound.revealed:  # cannot happen at the same version; kept as a guard
            raise Refusal(_("Hidden information was shown since: the takeback lapsed."))
        who = texts.mention(game.seat_of_player(t.player_id))
        with self.notify.speaking(game):
            await self.moderation.rewind_to(
                table, log_, first, rewound, by_user,
                lambda n, undone: "↩️ " + _("Approved: {player} took back {decisions}.").format(
                    player=who, decisions=undone),
                note=N_("(A decision was taken back.)"))
        await self.sessions.after(Committed(game.id, table.game))
        return _("Approved: the decision is taken back.")
