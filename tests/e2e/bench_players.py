"""Out of Mine! players who make every decision by a click or a modal, as a person would: the
prompt's side and open buttons, then the workbench that answers the open
(``referee.deciding.workbench``) by pointing (a kind in hand, then a number per tile) or by
the typed grid; and, to compare, the older way: ``/game draft`` and its panel (a kind, a
square, a placement near it, three picks a tile) and ``/game confirm``. Each counts its
interactions. Used by the whole-game test of the workbench and by ``python -m benchmarks
transcript --game out-of-mine --bench ...``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine import get_game
from games.out_of_mine.bench import grid_text

G = get_game("out-of-mine")
OPEN = (":do:open", ":verb:open")


@dataclass
class Board:
    """One board built: its commit, the interactions it took (the open included), its tiles
    and the kinds taken in hand."""

    dig: str
    clicks: int
    tiles: int = 0
    kinds: int = 0


def bench_controls(msg: Any) -> dict[str, dict[str, Any]]:
    """The workbench's controls by their action (``hand``, ``add``, ``confirm`` ...)."""
    out = {}
    for c in msg.walk_components():
        cid = str(c.get("custom_id", ""))
        if ":bench:" in cid:
            out[cid.split(":bench:")[1].split(" ")[0]] = c
    return out


async def edited(fake: Any, h: Any, bench: Any) -> None:
    """The interaction ``h`` answered by editing ``bench`` in place (at once, or after a
    deferral: once the edit is in)."""
    await h.response(30)
    await fake.wait_for(lambda: h.replied_at is not None, 30, f"the edit answering {h.label}")
    assert h.original is not None and h.original.id == bench.id


def latest_prompt(thread: Any, endings: tuple[str, ...]) -> tuple[Any, str] | None:
    """The newest public message with a control whose id ends with one of ``endings``."""
    for m in reversed(thread.messages):
        if m.ephemeral or m.deleted:
            continue
        for c in m.walk_components():
            if str(c.get("custom_id", "")).endswith(endings):
                return m, str(c["custom_id"])
    return None


async def side_by_click(fake: Any, thread: Any, user: Any, side: str = "a") -> int:
    """The prompt's side control: the button itself, or the verb button and its private
    select. Returns the interactions used."""
    found = await fake.wait_for(lambda: latest_prompt(thread, (":verb:side", f":do:side {side}")),
                                30, "a prompt with a side control")
    prompt, button = found
    h = await fake.click_button(user, prompt, button)
    if not button.endswith(":verb:side"):
        await h.response(30)
        return 1
    panel = await h.reply(30)
    select = next(c for c in panel.walk_components() if c.get("type") == 3)
    value = next(o["value"] for o in select["options"] if o["label"] == f"side {side}")
    await (await fake.choose_select(user, panel, select["custom_id"], [value])).response(30)
    return 2


async def open_bench(fake: Any, thread: Any, user: Any) -> Any:
    """The prompt's open control (the button, or the verb button whose one choice is made at
    once): the reply is the workbench."""
    prompt, button = await fake.wait_for(lambda: latest_prompt(thread, OPEN), 30,
                                         "a prompt with the open button")
    h = await fake.click_button(user, prompt, button)
    bench = await h.reply(30)
    assert bench.ephemeral and bench.visible_to == user.id
    assert "Your workbench" in str(bench.content), bench.content
    assert any(a.filename.endswith("-workbench.png") for a in bench.attachments)
    return bench


async def confirm(fake: Any, user: Any, bench: Any) -> str:
    """The workbench's confirm (it says what the board scores): the message becomes the
    commit, without controls."""
    button = bench_controls(bench)["confirm"]
    assert button["label"].startswith("✅ Confirm · scores"), button["label"]
    h = await fake.click_button(user, bench, button["custom_id"])
    await edited(fake, h, bench)
    m = re.search(r"Committed: `(dig[^`]*)`", str(bench.content))
    assert m, bench.content
    assert not bench_controls(bench)
    return m[1]


async def by_pointing(fake: Any, user: Any, bench: Any) -> Board:
    """Take the first kind in hand, place its placement 1 until it fits nowhere, then the next
    kind, until nothing fits; then confirm. Every step edits the same message; the open's
    click counts."""
    board = Board("", 1)
    while "hand" in (controls := bench_controls(bench)):
        hand = controls["hand"]["options"][0]["value"]
        h = await fake.choose_select(user, bench, controls["hand"]["custom_id"], [hand])
        await edited(fake, h, bench)
        board.clicks += 1
        board.kinds += 1
        while "add" in (controls := bench_controls(bench)):
            option = controls["add"]["options"][0]
            assert option["label"] == "1"  # the number drawn on the picture
            h = await fake.choose_select(user, bench, controls["add"]["custom_id"],
                                         [option["value"]])
            await edited(fake, h, bench)
            assert option["value"] in str(bench.content)  # placed exactly that one
            board.clicks += 1
            board.tiles += 1
    board.dig = await confirm(fake, user, bench)
    board.clicks += 1
    return board


def greedy(state: Any, player: str) -> str:
    """A legal board built greedily (the first legal tile each time)."""
    draft = "dig"
    while (words := G.options(state, player, draft)):
        draft += f" {words[0]}"
    return draft


async def by_grid(fake: Any, user: Any, bench: Any, state: Any, player: str) -> Board:
    """Type a whole board in the modal (a greedy legal one, written as the grid it is), then
    confirm: the open, the grid button, the grid, the confirm."""
    draft = greedy(state, player)
    grid = grid_text(G.view(state, player)["players"][player]["grid"], draft.split()[1:])
    h = await fake.click_button(user, bench, bench_controls(bench)["grid"]["custom_id"])
    await h.response(30)
    assert h.modal is not None and "#" in str(h.modal)  # prefilled with the board's rock
    sent = await h.submit_modal({"grid": grid})
    await edited(fake, sent, bench)
    assert f"`{draft}`" in str(bench.content), (draft, bench.content)
    dig = await confirm(fake, user, bench)
    return Board(dig, 4, len(draft.split()) - 1)


def _select(msg: Any, kind: str) -> dict[str, Any] | None:
    return next((c for c in msg.walk_components()
                 if c.get("type") == 3 and f":{kind}:" in c.get("custom_id", "")), None)


async def by_draft_panel(fake: Any, thread: Any, user: Any) -> Board:
    """The older way, after ``/game do action:open``: ``/game draft action:dig``, then per
    tile its panel's three picks (a kind, a square, the nearest placement), then ``/game
    confirm``."""
    board = Board("", 2)  # the open, the first /game draft
    h = await fake.send_slash_command(user, thread, "game do", {"action": "open"})
    await h.reply(30)
    msg = await (await fake.send_slash_command(user, thread, "game draft",
                                               {"action": "dig"})).reply(30)
    while (kinds := _select(msg, "part")) is not None:
        h = await fake.choose_select(user, msg, kinds["custom_id"], [kinds["options"][0]["value"]])
        listed = await h.reply(30)
        points = _select(listed, "part")
        assert points is not None
        h = await fake.choose_select(user, listed, points["custom_id"],
                                     [points["options"][-1]["value"]])
        near = await h.reply(30)
        add = _select(near, "add")
        assert add is not None
        h = await fake.choose_select(user, near, add["custom_id"], [add["options"][0]["value"]])
        msg = await h.reply(30)
        board.clicks += 3
        board.tiles += 1
    done = await (await fake.send_slash_command(user, thread, "game confirm")).reply(30)
    board.dig = str(done.content)
    board.clicks += 1
    return board
