"""White Ranium through the referee (its registry line only): whole games with a human seat
playing the easy AI's choices by ``decide`` beside AI seats; a turn is told in one message
edited after each step (``Presentation.turn_key``); a steal pings the defender and nobody
else; strategy fight cards stay out of everything the other player and the thread see until
the reveal (R15)."""

from __future__ import annotations

import re
from typing import Any

from db import Game
from db import games as games_db
from engine.core.rng import Rng, seed_state
from engine.white_ranium import ai
from referee.messages.outbox import MemoryOutbox
from referee.service import Referee
from referee.shared import cache as cached
from render.white_ranium import words
from tests.bot.conftest import ANN, BOB, CHANNEL, GUILD, Clock


class _Seed:
    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)


async def wr_game(ref: Referee, humans: list[tuple[int, str]], bots: int, seed: int = 3,
                  **options: Any) -> Game:
    (host, name), *others = humans
    game = await ref.lobby.open(guild_id=GUILD, channel_id=CHANNEL, host_id=host,
                                host_name=name, game_name="white-ranium",
                                options=dict(options), turn_hours=1)
    for user, other in others:
        await ref.lobby.join(game.id, user, other)
    for _ in range(bots):
        await ref.lobby.add_bot(game.id, host, "easy")
    await ref.lobby.start(game.id, host, seed=seed)
    await ref.idle()
    return await cached.get_game(ref.ctx, game.id)


async def to_play(ref: Referee, game: Game) -> tuple[Any, str, int]:
    """The setup by the defaults table (swaps, colours), to the first turn of play; what each
    decision tells goes out before the next (referee.messages.tell). Returns that turn's
    table, the player who owes it and their user."""
    g = ref.ctx.engine(game)
    for _ in range(40):
        table = await ref.sessions.table(game.id)
        if table.state.phase == "play":
            player = g.owed(table.state)[0].player
            seat = game.seat_of_player(player)
            assert seat is not None and seat.user_id is not None
            return table, player, seat.user_id
        o = g.owed(table.state)[0]
        await ref.sessions.decide(game.id, game.seat_of_player(o.player).user_id,
                                  str(g.default(table.state, o.player)))
        await ref.idle()
    raise AssertionError("the setup did not end")


async def play_out(ref: Referee, game: Game, seed: int = 1, limit: int = 400) -> list[str]:
    """Every human decision the easy AI would take, by ``decide``, to the end."""
    rng = Rng(_Seed(seed))
    done: list[str] = []
    g = ref.ctx.engine(game)
    for _ in range(limit):
        await ref.idle()
        table = await ref.sessions.table(game.id)
        if table.state.ended:
            return done
        owed = [o for o in g.owed(table.state)
                if (s := game.seat_of_player(o.player)) and not s.is_ai]
        assert owed, "nobody human owes and the AIs stopped"
        o = owed[0]
        seat = game.seat_of_player(o.player)
        assert seat is not None and seat.user_id is not None
        legal = g.legal(table.state, o.player)
        choice = ai.heuristic(g, g.view(table.state, o.player), o.player, legal, rng)
        done.append(await ref.sessions.decide(game.id, seat.user_id, str(choice)))
    raise AssertionError("the game did not end")


async def test_a_whole_game_with_one_human_and_two_ai_seats(referee: Referee,
                                                            clock: Clock) -> None:
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await wr_game(referee, [(ANN, "Ann")], bots=2)
    done = await play_out(referee, game)
    assert game.thread_id is not None
    posts = out.threads[game.thread_id]
    text = "\n".join(p.text for p in posts)
    assert "The game is over" in text and "🏆 Winner" in text
    # one message per human turn, edited step by step, not one per ore
    prompts = [p for p in posts if p.panel is not None]
    assert out.edits >= len(done) // 2 and len(prompts) < len(done)
    assert not any(re.search(r"\bR\d+\b", p.text) for p in posts)  # no rule numbers


async def test_a_turn_is_one_message_edited_step_by_step(referee: Referee) -> None:
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await wr_game(referee, [(ANN, "Ann"), (BOB, "Bob")], bots=0, seed=4)
    g = referee.ctx.engine(game)
    assert game.thread_id is not None
    rng = Rng(_Seed(2))
    table, player, user = await to_play(referee, game)
    start = len(out.threads[game.thread_id])
    steps = []
    while True:  # spend the turn's ore one action at a time
        table = await referee.sessions.table(game.id)
        owed = g.owed(table.state)
        if owed[0].player != player or owed[0].decision != "action":
            break
        legal = [a for a in g.legal(table.state, player) if a.verb in ("rotate", "loader")]
        choice = legal[rng.below(len(legal))]
        steps.append(await referee.sessions.decide(game.id, user, str(choice)))
        await referee.idle()
    posts = out.threads[game.thread_id]
    assert len(steps) == 4  # four ore, one each
    # the turn's message holds its four steps; the next turn starts with the map, then a prompt
    turn = posts[start - 1]
    name = game.seat_of_player(player).display_name
    assert turn.panel is None
    assert len([ln for ln in turn.text.splitlines() if ln.startswith(f"{name} ")]) == 4
    assert len(posts) - start <= 2  # the next turn's map, and its prompt


async def test_a_steal_pings_the_defender_and_nobody_else(referee: Referee) -> None:
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await wr_game(referee, [(ANN, "Ann"), (BOB, "Bob")], bots=0, seed=11,
                         cards="strategy")
    g = referee.ctx.engine(game)
    assert game.thread_id is not None
    for i in range(600):
        table = await referee.sessions.table(game.id)
        assert not table.state.ended, "no steal in this game"
        o = g.owed(table.state)[0]
        seat = game.seat_of_player(o.player)
        assert seat is not None and seat.user_id is not None
        legal = g.legal(table.state, o.player)
        steals = [a for a in legal if a.verb == "steal"]
        choice = steals[0] if steals else ai.heuristic(
            g, g.view(table.state, o.player), o.player, legal, Rng(_Seed(i)))
        await referee.sessions.decide(game.id, seat.user_id, str(choice))
        await referee.idle()  # told after the reply (referee.messages.tell)
        if steals:
            break
    defender = BOB if seat.user_id == ANN else ANN
    alert = out.threads[game.thread_id][-1]
    assert "is attacked" in alert.text and f"<@{defender}>" in alert.text
    assert alert.ping == (defender,)  # the attacker already has the turn's message
    # both fighters owe a card now; the commit is secret from the other and the thread
    table = await referee.sessions.table(game.id)
    assert {o.decision for o in g.owed(table.state)} == {"fight"}
    card = g.legal(table.state, seat.player_id)[0].card
    before = len(out.threads[game.thread_id])
    seen_by_defender = len(out.dms.get(defender, []))
    await referee.sessions.decide(game.id, seat.user_id, f"fight {card}")
    await referee.idle()
    later = [p.text for p in out.threads[game.thread_id][before - 1:]]
    later += [p.text for p in out.dms.get(defender, [])[seen_by_defender:]]
    hand = g.view(table.state, None)["players"][seat.player_id]["hand"]
    shown = words.card(card)  # "red 4": a card as players read it
    assert not any(shown in t.replace(f"hand {words.cards(sorted(hand))}", "") for t in later)
    assert any(shown in p.text for p in out.dms.get(seat.user_id, []))  # only the fighter


async def test_deadlines_play_the_defaults_table(referee: Referee, clock: Clock) -> None:
    """Defaults: a start player out of time makes no more swaps, then the first legal colour
    is chosen for each late chooser, and a player out of time in their turn ends it (the ore
    left is forfeited); each is logged as a timeout and said in the thread."""
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await wr_game(referee, [(ANN, "Ann"), (BOB, "Bob")], bots=0, seed=4,
                         cards="strategy")
    g = referee.ctx.engine(game)
    seen: list[tuple[str, str]] = []
    for _ in range(12):
        table = await referee.sessions.table(game.id)
        if table.state.phase == "play" and seen and seen[-1][1] == "end":
            break
        owed = g.owed(table.state)[0]
        expected = str(g.default(table.state, owed.player))
        deadline = min(t.deadline for t in await cached.owed_timers(referee.ctx, game.id))
        clock.t = deadline + 1
        await referee.timers.tick(int(clock()))
        await referee.idle()
        log = await games_db.get_log(referee.db, game.id)
        assert log[-1].text == expected and log[-1].source == "timeout"
        seen.append((owed.decision, expected))
    kinds = [k for k, _ in seen]
    assert kinds[0] == "swap" and seen[0][1] == "done"
    assert "colour" in kinds and seen[kinds.index("colour")][1].startswith("colour ")
    assert seen[-1] == ("action", "end")
    assert game.thread_id is not None
    assert "default decision" in out.thread_text(game.thread_id)


async def test_autocomplete_of_a_turn_offers_every_verb_then_its_arguments(
        referee: Referee) -> None:
    """Issue 28: on an empty input a turn listed 25 whole decisions alphabetically (end,
    flip-long A1 ... D6): move, collect, rotate, loader and tunnel never appeared. Now every
    legal verb once, in the game's order and in words; a typed verb, its arguments (a last
    choice saying how many more when they pass Discord's 25)."""
    from games import get
    from referee.messages import choices
    game = await wr_game(referee, [(ANN, "Ann"), (BOB, "Bob")], bots=0, seed=4)
    g = referee.ctx.engine(game)
    table, player, user = await to_play(referee, game)
    texts = [str(a) for a in g.legal(table.state, player)]
    verbs = {choices.words(t)[0] for t in texts}
    assert {"move", "rotate", "loader", "tunnel", "end"} <= verbs and len(texts) > 25
    present = get("white-ranium")
    shown = await referee.sessions.suggest(game.id, user, "")
    assert [s.value for s in shown] == sorted(verbs, key=present.verb_order.index)
    assert [s.name for s in shown] == [present.label(s.value) for s in shown]
    assert "Rotate a card…" in {s.name for s in shown}
    rotate = [t for t in texts if t.startswith("rotate ")]
    got = await referee.sessions.suggest(game.id, user, "rotate")
    assert len(rotate) > 25 and len(got) == 25 and got[-1].note
    assert f"{len(rotate) - 24} more" in got[-1].name
    assert [s.value for s in got[:24]] == rotate[:24] and got[-1].value == rotate[24]
    assert await referee.sessions.complete(game.id, user, "rotate c") == \
        [t for t in rotate if t.startswith("rotate C")]
    assert await referee.sessions.complete(game.id, user, "fl") == ["flip-long", "flip-short"]
    assert await referee.sessions.complete(game.id, user, "en") == ["end"]
    assert await referee.sessions.complete(game.id, BOB if user == ANN else ANN, "") == []


async def test_no_dm_carries_nothing_private(referee: Referee) -> None:
    """Issue 28: a 2-player setup sent each player 3 DMs that carried nothing private ("your
    crews no crew yet", "pile 0, discard -"): crews, markers and symbol cards are public (the
    turn post and ``/game hand`` show them). A DM goes out only when a player's private
    information changes: in White Ranium, their secret fight card (strategy cards, R15)."""
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await wr_game(referee, [(ANN, "Ann"), (BOB, "Bob")], bots=0, seed=4)
    await to_play(referee, game)
    assert (await referee.sessions.table(game.id)).state.phase == "play"
    assert out.dms.get(ANN, []) == [] and out.dms.get(BOB, []) == []
    hand, _ = await referee.info.hand(game, ANN)  # what is theirs is one command away
    assert "your crews" in hand
    start = next(p.text for p in out.threads[game.thread_id] if "begins!" in p.text)
    assert "comes by DM" not in start and "/game hand" in start


async def test_the_map_is_posted_once_a_table_round(referee: Referee) -> None:
    """Issue 28: a new map at the start player's turn (and at setup), not at every turn; every
    turn's post still has its summary (before: a map at each of the 3 players' turns)."""
    out: MemoryOutbox = referee.ctx.out  # type: ignore[assignment]
    game = await wr_game(referee, [(ANN, "Ann")], bots=2, seed=5)
    await play_out(referee, game)
    assert game.thread_id is not None
    posts = out.threads[game.thread_id]
    turns = [p for p in posts if "'s turn** (4 ore)" in p.text]
    rounds = {re.search(r"\*\*Round (\d+) — ", p.text)[1] for p in turns}  # type: ignore[index]
    maps = [f.name for p in posts for f in p.files if "-round" in f.name]
    assert len(turns) > len(rounds) >= 3  # three players: several turns a round
    assert maps == ["game1-round0.png"] + [f"game1-round{r}.png" for r in sorted(rounds, key=int)]


async def test_a_card_to_rotate_is_one_pick_of_two_selects(referee: Referee) -> None:
    """Issue 28: the 36 cards were 2 picks (a range, then the card); now the rotate button
    opens two selects side by side (columns A-C and D-F, 18 each, in words), one pick decides.
    """
    from referee.messages import choices

    game = await wr_game(referee, [(ANN, "Ann"), (BOB, "Bob")], bots=0, seed=4)
    g = referee.ctx.engine(game)
    table, player, user = await to_play(referee, game)
    assert len([a for a in g.legal(table.state, player) if a.verb == "rotate"]) == 36
    panel = await referee.sessions.pick(game.id, user, table.version, table.tag, verb="rotate")
    assert isinstance(panel, choices.Panel) and panel.select is not None
    selects = [panel.select, *panel.selects]
    assert [s.placeholder for s in selects] == ["Choose: A1 to C6", "Choose: D1 to F6"]
    assert [len(s.options) for s in selects] == [18, 18]
    assert selects[1].options[0].label == "Turn the card on D1 around"
    text = await referee.sessions.pick(game.id, user, table.version, table.tag,
                                       span=selects[1].options[0].value)
    assert text == "rotate D1"
    assert await referee.sessions.decide(game.id, user, text, version=table.version,
                                         tag=table.tag) == "rotate D1"


async def test_a_move_is_picked_by_the_number_drawn_on_the_map(referee: Referee) -> None:
    """Issue 28, pointing with a preview: a verb's targets numbered on a private map, the
    select picked by the number seen; option n decides exactly the place drawn with n."""
    from referee.messages import choices

    game = await wr_game(referee, [(ANN, "Ann"), (BOB, "Bob")], bots=0, seed=4)
    g = referee.ctx.engine(game)
    table, player, user = await to_play(referee, game)
    texts = choices.ordered(g.legal(table.state, player))
    moves = [t for t in texts if t.startswith("move ")]
    assert 2 <= len(moves) <= 25
    panel = await referee.sessions.pick(game.id, user, table.version, table.tag, verb="move")
    assert isinstance(panel, choices.Panel) and panel.select is not None
    assert panel.picture is not None and panel.picture.data.startswith(b"\x89PNG")
    options = panel.select.options
    assert [o.label.split(": ", 1)[0] for o in options] == [str(n) for n in
                                                           range(1, len(moves) + 1)]
    assert all(t.split()[1] in o.label for o, t in zip(options, moves, strict=True))
    last = await referee.sessions.pick(game.id, user, table.version, table.tag,
                                       span=options[-1].value)
    assert last == moves[-1]
