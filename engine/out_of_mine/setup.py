"""A new game from player ids, options and a seed (rulebook Setup, R1, R2, R4, C6)."""

from __future__ import annotations

from ..core.errors import IllegalDecision
from ..core.game import OptionSpec
from ..core.rng import Rng, seed_state
from .components import BOARDS, CARDS, PILE
from .flow import EventLog, start_round
from .state import Options, Player, State

OPTIONS: dict[str, OptionSpec] = {
    "elves": OptionSpec("elves", bool, False, "Variant A, Elf Support: +1 per elf beside a "
                        "crystal of its colour (R12)."),
    "finds": OptionSpec("finds", bool, False, "Variant B, Good Finds - Bad Finds: the card's "
                        "points per gold, silver, woodworm or rat shown (R13)."),
    "race": OptionSpec("race", bool, True, "Each player's clock runs from opening the card to "
                       "the commit; the fastest complete board calls OUT OF MINE! (R6)."),
}


def parse_options(options: dict[str, object] | None) -> Options:
    """R2: options are fixed when the game is created."""
    given = dict(options or {})
    unknown = sorted(set(given) - set(OPTIONS))
    if unknown:
        raise IllegalDecision(f"Unknown option{'s' if len(unknown) > 1 else ''}: "
                              f"{', '.join(unknown)}. Out of Mine! has: elves, finds, race.")
    values = {}
    for name, spec in OPTIONS.items():
        value = given.get(name, spec.default)
        if not isinstance(value, bool):
            raise IllegalDecision(f"The option {name} is true or false.")
        values[name] = value
    return Options(**values)


def check_players(players: list[str]) -> None:
    if not 2 <= len(players) <= 4:
        raise IllegalDecision("Out of Mine! is for 2 to 4 players.")
    if len(set(players)) != len(players) or any(not p for p in players):
        raise IllegalDecision("Every player needs a distinct, non-empty id.")


def blank_state(players: list[str], options: dict[str, object] | None, seed: int,
                names: dict[str, str] | None) -> State:
    """Seats shuffled (R1); no boards or cards yet."""
    check_players(players)
    names = names or {}
    state = State(seed=seed, rng=seed_state(seed), players=[],
                  options=parse_options(options))
    order = list(players)
    Rng(state).shuffle(order)  # R1
    state.players = [Player(p, names.get(p, p)) for p in order]
    return state


def deal(state: State) -> None:
    """R4, C6: a board each in seat order, 6 to the pile, the rest unused; the deck shuffled."""
    rng = Rng(state)
    boards = list(BOARDS)
    rng.shuffle(boards)
    n = len(state.players)
    for p, board in zip(state.players, boards[:n], strict=True):
        p.board = board
    state.pile = boards[n:n + PILE]
    state.unused = sorted(boards[n + PILE:])
    state.deck = sorted(CARDS)
    rng.shuffle(state.deck)


def new_game(players: list[str], options: dict[str, object] | None, seed: int,
             names: dict[str, str] | None) -> tuple[State, EventLog]:
    state = blank_state(players, options, seed, names)
    deal(state)
    ev = EventLog()
    ev.say("start", "Out of Mine! begins. Seats: " + ", ".join(p.name for p in state.players)
           + ". Boards: " + ", ".join(f"{p.name} {p.board}" for p in state.players) + ".",
           seats=[p.id for p in state.players])
    start_round(state, ev)
    return state, ev
