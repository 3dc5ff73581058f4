"""A full state agreeing with one player's view (hidden information), for the ``strong`` search
(engine/agents/search.py): what the view shows is copied, what it hides is drawn with the
searcher's generator from what that player has not seen.

- Public: colonies (the printing under a token follows from the starting spaces and the tiles'
  placements; a solo token on an undeveloped square has ``blank`` under it, R23), staging and
  pending areas, credits, zones, the supply, the resource discard, every played card, each
  player's cards still held as a set, Zorlord's played cards and supply.
- The player's own: their hand, their bid, the cards they slid under their deck (in order, at
  the bottom); the rest of their deck is shuffled above them.
- Drawn: the other players' hands from the cards they still hold; their deck order; Zorlord's
  deck order; the resource deck (every card not yet flipped); the tile piles (the unseen tiles
  of each size, as many as the pile's count; the rest were discarded out of the game).
- Another player's bid not yet revealed is not in the sample: they still owe it there, with a
  hand drawn from what they hold (the search's playouts choose their bid).
- Covered build-over tokens are out of play: not in the sample (the totals conservation is
  checked against are the sample's own).
"""

from __future__ import annotations

from typing import Any, TypeVar

from ..core.rng import Rng
from .components import PLACEMENTS, RESOURCE_CARDS, STARTING, STRUCTURES, TILE_IDS, TILE_PRINT
from .setup import count_totals
from .state import Colony, Options, Player, State, Zone, Zorlord


def _colony(p: dict[str, Any], side: str) -> Colony:
    board: dict[str, str] = dict(STARTING[side])
    tiles = dict(p["placements"])
    for tile, where in tiles.items():
        sq, rot = where.split()
        for cell, building in zip(PLACEMENTS[tile[1]][(sq, int(rot))], TILE_PRINT[tile],
                                  strict=True):
            board[cell] = building
    tokens = dict(p["tokens"])
    for sq in tokens:
        board.setdefault(sq, "blank")  # a solo token on an undeveloped square (R23)
    items: dict[str, str] = {}
    structures: dict[str, str] = {}
    for sq, code in p["colony"].items():
        _, colon, thing = code.partition(":")
        if colon:
            (structures if thing in STRUCTURES else items)[sq] = thing
    return Colony(board=board, tiles=tiles, tokens=tokens, buried=[], items=items,
                  structures=structures, used=list(p["used"]))


T = TypeVar("T")


def _drawn(cards: list[T], rng: Rng) -> list[T]:
    out = list(cards)
    rng.shuffle(out)
    return out


def _player(view: dict[str, Any], pid: str, viewer: str, rng: Rng) -> Player:
    p = view["players"][pid]
    bidding = view["step"] == "bid"
    held = list(p["cards_left"])  # deck + hand (+ a bid not yet revealed)
    hand: list[int]
    bid: int | None
    seen = 0
    if pid == viewer:
        hand, bid = list(p["hand"] or []), p["bid"]
        bottom = list(p.get("bottom") or [])
        secret = set(hand) | set(bottom) | ({bid} if bidding and bid is not None else set())
        deck = _drawn([c for c in held if c not in secret], rng) + bottom
        seen = len(bottom)
    elif bidding:  # a sealed bid is unknown: they still owe it, from a hand drawn here
        cards = _drawn(held, rng)
        size = min(3 if p["has_bid"] else p["hand_size"], len(cards))
        hand, deck, bid = sorted(cards[:size]), cards[size:], None
    else:
        hand, deck, bid = [], _drawn(held, rng), p["bid"]
    played = list(p["played"])
    return Player(id=pid, name=p["name"], cards=len(deck) + len(hand) + len(played)
                  + (1 if bidding and bid is not None else 0),
                  deck=deck, seen=seen, hand=sorted(hand), bid=bid, played=played,
                  refreshed=p["refreshed"], credits=p["credits"],
                  colony=_colony(p, view["options"]["side"]), staging=list(p["staging"]),
                  pending_tiles=list(p["pending"]["tiles"]),
                  pending_items=list(p["pending"]["items"]))


def _piles(view: dict[str, Any], players: list[Player], rng: Rng) -> tuple[dict[str, list[str]],
                                                                            list[str]]:
    seen: set[str] = set()
    for zone in view["zones"].values():
        seen.update(zone["tiles"])
    for p in players:
        seen.update(p.pending_tiles)
        seen.update(p.colony.tiles)
    z = view.get("zorlord")
    if z is not None:
        seen.update(t for t in z["supply"] if t.startswith("t"))
    piles: dict[str, list[str]] = {}
    box: list[str] = []
    for size, count in view["piles"].items():
        unseen = _drawn([t for t in TILE_IDS if t[1] == size and t not in seen], rng)
        piles[size] = unseen[:count]
        box += unseen[count:]
    return piles, sorted(box)


def determinize(view: dict[str, Any], player: str, rng: Rng) -> State:
    """A full state agreeing with ``view`` (``player``'s own), hidden parts drawn with ``rng``."""
    players = [_player(view, pid, player, rng) for pid in view["seats"]]
    piles, box = _piles(view, players, rng)
    resource_deck = _drawn([r for r in sorted(RESOURCE_CARDS)
                            if r not in view["resource_discard"]], rng)
    opts = view["options"]
    state = State(seed=0, rng=rng.next64(), players=players,
                  options=Options(opts["side"], opts["difficulty"], opts["free_undeveloped"]),
                  version=view["version"], round=view["round"],
                  phase="ended" if view["ended"] else view["step"],
                  resource_deck=resource_deck, resource_discard=list(view["resource_discard"]),
                  resource_card=view["resource_card"], piles=piles,
                  zones=[Zone(list(z["tiles"]), list(z["items"]), z["taken_by"])
                         for _, z in sorted(view["zones"].items(), key=lambda kv: int(kv[0]))],
                  supply=dict(view["supply"]), box=box, order=list(view["order"]),
                  ended=view["ended"], end_reason=view["end_reason"],
                  winners=list(view["winners"]),
                  history=[list(row) for row in view["history"]])
    to_act = view.get("to_act")
    if state.phase in ("take", "develop") and to_act is not None:
        state.turn = state.order.index(to_act["player"])
    z = view.get("zorlord")
    if z is not None:
        state.zorlord = Zorlord(deck=_drawn(list(z["cards_left"]), rng), bid=z["bid"],
                                played=list(z["played"]), supply=list(z["supply"]))
    state.totals = count_totals(state)
    return state
