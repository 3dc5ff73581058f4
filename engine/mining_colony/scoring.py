"""Final scoring in R19's order and the R20 tie-break (live totals are computed the same way)."""

from __future__ import annotations

from .components import awards
from .state import Player, State

PARTS = ("structures", "resources", "credits", "cards", "undeveloped")


def unplayed(p: Player, state: State) -> list[int]:
    """The cards a player has not played: deck and hand (and a bid not yet revealed)."""
    cards = p.deck + p.hand
    if p.bid is not None and state.phase == "bid":
        cards = [*cards, p.bid]
    return cards


def card_rank(state: State) -> list[Player]:
    """R19.4: higher unplayed sum first; equal sums, the higher lower card first (C3 makes
    this decisive)."""
    def key(p: Player) -> tuple[int, int]:
        cards = unplayed(p, state)
        return (sum(cards), min(cards, default=0))
    return sorted(state.players, key=key, reverse=True)


def scores(state: State) -> dict[str, dict[str, int]]:
    """{player: {"total", R19 parts..., "unplayed"}}; solo has no VP score (R24): empty."""
    if state.solo:
        return {}
    ranking = card_rank(state)
    award = awards(len(state.players))
    out: dict[str, dict[str, int]] = {}
    for p in state.players:
        colony = p.colony
        parts = {
            "structures": 2 * len(colony.structures),  # R19.1
            "resources": len(colony.items),  # R19.2
            "credits": p.credits // 2,  # R19.3
            "cards": award[ranking.index(p)] if ranking.index(p) < len(award) else 0,  # R19.4
            "undeveloped": -(36 - len(colony.board)),  # R19.5
        }
        out[p.id] = {"total": sum(parts.values()), **parts,
                     "unplayed": sum(unplayed(p, state))}
    return out


def winners(state: State) -> list[str]:
    """R20: most VP; equal VP, the R19 card ranking (higher sum, then higher lower card)."""
    table = scores(state)
    ranking = card_rank(state)
    best = max(ranking, key=lambda p: (table[p.id]["total"], -ranking.index(p)))
    return [best.id]
