"""Items outside the colony: pending (gained this round), staged (R11), discarded (R12) and
exchanged with Zorlord (R23). Shared by the bid step and the development turn."""

from __future__ import annotations

from ..core.errors import IllegalDecision
from .colony import item_squares
from .components import fits, tile_size
from .events import EventLog, article, building, words
from .state import Player, State


def kind(item: str) -> str:
    return item.partition("/")[0]


def source(p: Player, staged: bool) -> list[str]:
    return p.staging if staged else p.pending_items


def need(p: Player, item: str, staged: bool) -> list[str]:
    """The list ``item`` comes from, or the reason it isn't there."""
    items = source(p, staged)
    if item not in items:
        where = "in your staging area" if staged else "pending in front of you"
        hint = "" if staged or item not in p.staging else " (it is staged: add from=staging)"
        raise IllegalDecision(f"You have no {words(item)} {where}{hint}.")
    return items


def check_put(p: Player, item: str, square: str, staged: bool) -> None:
    need(p, item, staged)
    colony = p.colony
    building = colony.building(square)
    if building is None:
        raise IllegalDecision(f"{square} is undeveloped: items go on buildings of the colony.")
    if not colony.vacant(square):
        raise IllegalDecision(f"{square} already holds something (R11: one item per building).")
    if not fits(building, item):
        holds = {"crystal": "a storage unit of its colour or a multi-coloured one",
                 "worker": "a dome", "ship": "a landing pad"}[kind(item)]
        raise IllegalDecision(f"{square} is {_word(building)}: {article(words(item))} {words(item)} goes on "
                              f"{holds} (R11).")


def _word(name: str) -> str:
    return "blank" if name == "blank" else f"{article(building(name))} {building(name)}"


def put(state: State, p: Player, item: str, square: str, staged: bool, ev: EventLog) -> None:
    source(p, staged).remove(item)
    p.colony.items[square] = item
    where = " from the staging area" if staged else ""
    ev.say("put", f"{p.name} puts {article(words(item))} {words(item)}{where} on {square}.", player=p.id, item=item,
           square=square, staged=staged)


def puts(p: Player, staged: bool) -> list[tuple[str, str]]:
    """Every (item, square) put from pending (or staging), items in listing order."""
    out: list[tuple[str, str]] = []
    for item in sorted(set(source(p, staged))):
        out.extend((item, sq) for sq in item_squares(p.colony, item))
    return out


def check_discard(p: Player, thing: str, staged: bool) -> None:
    if thing.startswith("t"):
        if thing not in p.pending_tiles:
            raise IllegalDecision(f"You have no pending tile {thing}.")
        return
    need(p, thing, staged)


def discard(state: State, p: Player, thing: str, staged: bool, ev: EventLog) -> None:
    """R12: +1 credit per item or per tile square; items back to the supply, tiles out of the
    game."""
    if thing.startswith("t"):
        p.pending_tiles.remove(thing)
        state.box.append(thing)
        gain = tile_size(thing)
    else:
        source(p, staged).remove(thing)
        state.supply[thing] += 1
        gain = 1
    p.credits += gain
    where = " from the staging area" if staged else ""
    named = f"tile {thing}" if thing.startswith("t") else f"{article(words(thing))} {words(thing)}"
    ev.say("discard", f"{p.name} discards {named}{where} for {gain} credit"
           f"{'s' if gain > 1 else ''}.", player=p.id, thing=thing, staged=staged, credits=gain)


def discards(p: Player) -> list[tuple[str, bool]]:
    """Every discard (R12): pending items, pending tiles, staged items (the lists are sorted)."""
    out = [(item, False) for item in dict.fromkeys(p.pending_items)]
    out.extend([(t, False) for t in p.pending_tiles])
    out.extend([(item, True) for item in p.staging])
    return out
