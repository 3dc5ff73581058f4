"""The actions A-K (R7, R9-R20): which are legal, why one is not, and what each does.

``problem`` returns the sentence saying why an action is illegal (None if legal); ``listing``
gives every legal action; ``perform`` carries one out. A free action (R16) is an action A-I
that the active player's ore does not pay for.
"""

from __future__ import annotations

from ..core.errors import IllegalDecision
from .actions import COST, FREE_VERBS, TURNS, Action
from .board import (
    BASE_PLACE,
    LINKS,
    PLACES,
    RIM,
    TRACK,
    reach,
    step,
)
from .components import COLOURS, GOAL, MAX_DELIVERY, colour_of, flip_long, flip_short, rotate
from .events import EventLog
from .fights import start_fight
from .state import Crew, Frame, State

TURN_FUNCTIONS = {"rotate": rotate, "flip-long": flip_long, "flip-short": flip_short}
_TURN_WORDS = {"rotate": "turned {p} by 180 degrees", "flip-long": "turned {p} over its long side",
               "flip-short": "turned {p} over its short side"}
_TURN_TEXT = {verb: tuple(f"{words.format(p=place)}." for place in PLACES)
              for verb, words in _TURN_WORDS.items()}  # verb -> place -> the event's words


def colour_name(card: int) -> str:
    return COLOURS[colour_of(card)]


def acting_crew(state: State, seat: int, action: Action) -> Crew:
    """The crew an action uses: named by ``crew=`` with two players (R22), else the player's."""
    if len(state.players) != 2:
        if action.crew:
            raise IllegalDecision("'crew=' is only written with two players: leave it out.")
        for crew in state.crews:  # the player's one crew
            if crew.seat == seat:
                return crew
        raise IndexError(seat)  # pragma: no cover - in play every player has a crew
    mine = state.crews_of(seat)
    if not action.crew:
        names = " or ".join(f"crew={c.colour}" for c in mine)
        raise IllegalDecision(f"With two players, say which crew acts: add {names}.")
    for crew in mine:
        if crew.colour == action.crew:
            return crew
    raise IllegalDecision(f"The {action.crew} crew is not yours.")


#: loader place (1-24) -> (the card's place, the exit bit of its rim edge) (C9)
LOADER_EDGE: tuple[tuple[int, int], ...] = ((-1, 0), *(TRACK[n] for n in range(1, 25)))
#: loader place -> the place one step forward (clockwise) / back: ``step`` as tables
_FORWARD = tuple(step(n, 1) for n in range(25))
_BACK = tuple(step(n, -1) for n in range(25))


def deliverable(state: State, place: int) -> bool:
    """R18: the card shows an exit on a rim edge where a loader stands."""
    card = state.board[place]
    return any(card & bit and n in state.loaders for bit, n in RIM[place])


def _delivery_room(state: State, seat: int, crew: Crew) -> int:
    return min(MAX_DELIVERY - state.players[seat].delivered, crew.held)


def problem(state: State, seat: int, action: Action, free: bool) -> str | None:
    """Why ``action`` is not legal for ``seat`` now (None: it is). ``free``: R16."""
    verb = action.verb
    if free and verb not in FREE_VERBS:
        return ("A defender's free action is one action that costs 1 ore (rotate, flip-long, "
                "flip-short, move, collect, steal, loader or deliver), not '" + verb + "'.")
    if not free and COST.get(verb, 1) > state.ore:
        return f"'{verb}' costs {action.cost} ore and you have {state.ore} left."
    if verb in TURNS or verb == "end":
        return None
    if verb == "loader":
        here = state.loaders[action.loader - 1]
        there = (_FORWARD if action.forward else _BACK)[here]
        if there in state.loaders:
            return f"Space loader {action.loader} can't move onto place {there}: another loader stands there."
        return None
    try:
        crew = acting_crew(state, seat, action)
    except IllegalDecision as exc:
        return str(exc)
    at = crew.at
    board = state.board
    if verb == "move":
        x = action.place
        if x == at:
            return f"The {crew.colour} crew is already on {PLACES[x]}."
        if board[x] & 48 == board[at] & 48:  # D (R12): the same tunnel colour
            if x not in reach(board, at):
                return (f"{PLACES[x]} can't be reached through the {colour_name(board[at])} tunnel "
                        f"from {PLACES[at]}.")
            return None
        for q, back in LINKS[at][board[at] & 15]:  # E (R12): one step into another colour
            if q == x:
                if board[x] & back:
                    return None
                break
        return (f"{PLACES[x]} shows {colour_name(board[x])} tunnels: a move into another colour "
                f"goes one card, through a tunnel joining {PLACES[at]} to it.")
    if verb == "collect":
        if at not in state.ranium:
            return f"There is no White Ranium on {PLACES[at]}, where the {crew.colour} crew stands."
        return None
    if verb == "steal":
        target = state.crew(action.colour)
        if target is None:
            return f"The {action.colour} crew is not in this game."
        if target.seat == seat:
            return f"The {action.colour} crew is yours: steal from another player's crew."
        if target.at != at:
            return f"The {action.colour} crew is not on {PLACES[at]} with your crew."
        if target.held < 1:
            return f"The {action.colour} crew holds no White Ranium to steal."  # R14
        return None
    if verb == "deliver":
        if crew.held < 1:
            return f"The {crew.colour} crew holds no White Ranium to deliver."
        room = _delivery_room(state, seat, crew)
        if room < 1:
            return "You have already handed over 2 units this turn."  # R18
        if action.n > room:
            return f"You can hand over at most {room} unit{'s' if room > 1 else ''} now."  # R18
        x = action.place
        if x not in reach(board, at):
            return (f"{PLACES[x]} can't be reached through the {colour_name(board[at])} tunnel from "
                    f"{PLACES[at]}.")
        if not deliverable(state, x):
            return f"No tunnel on {PLACES[x]} opens onto the rim where a space loader stands."
        return None
    if verb == "tunnel":  # J (R20)
        x = action.place
        if any(c.held for c in state.crews_of(seat)):
            return "A secret tunnel is only for a player who holds no White Ranium."  # R20
        if x == at or colour_of(board[x]) != colour_of(board[at]):
            return (f"A secret tunnel goes to another card showing {colour_name(board[at])} "
                    f"tunnels, like the card under the {crew.colour} crew.")
        return None
    if verb == "transport":  # K (R20)
        x = action.place
        if not any(c.at == at and c.seat != seat for c in state.crews):
            return f"No other player's crew stands on {PLACES[at]} with the {crew.colour} crew."
        if x == at or colour_of(board[x]) != colour_of(board[at]):
            return (f"The transporter sends crews to another card showing "
                    f"{colour_name(board[at])} tunnels, like {PLACES[at]}.")
        return None
    return f"'{verb}' is not an action."


def check(state: State, seat: int, action: Action, free: bool) -> None:
    reason = problem(state, seat, action, free)
    if reason is not None:
        raise IllegalDecision(reason)


_CREW_NAMES = ("", *COLOURS)
# Prebuilt decisions, so listings only pick them: crew name ("" with 3-4 players) -> place ->
# the decision (deliveries: place -> units - 1 -> it; steals: the target's colour -> it).
_MOVE = {name: tuple(Action("move", p, crew=name) for p in range(36)) for name in _CREW_NAMES}
_TUNNEL = {name: tuple(Action("tunnel", p, crew=name) for p in range(36)) for name in _CREW_NAMES}
_TRANSPORT = {name: tuple(Action("transport", p, crew=name) for p in range(36))
              for name in _CREW_NAMES}
_DELIVER = {name: tuple((Action("deliver", p, n=1, crew=name),
                         Action("deliver", p, n=2, crew=name)) for p in range(36))
            for name in _CREW_NAMES}
_COLLECT = {name: Action("collect", crew=name) for name in _CREW_NAMES}
_STEAL = {name: {c: Action("steal", colour=c, crew=name) for c in COLOURS} for name in _CREW_NAMES}
TURN_BLOCKS = {verb: [Action(verb, p) for p in range(36)] for verb in TURNS}
_LOADER = {(n, f): Action("loader", loader=n, forward=f) for n in (1, 2, 3) for f in (True, False)}
_END = Action("end")
VERB_ORDER = ("rotate", "flip-long", "flip-short", "move", "collect", "steal", "deliver",
              "tunnel", "transport", "loader", "end")
#: the loader decisions open to each standing of the three loaders (at most 24 * 23 * 22 of
#: them), filled as standings occur: listing them is a good part of a random game's time
_LOADER_BLOCKS: dict[tuple[int, ...], list[Action]] = {}


def available(state: State, seat: int, free: bool) -> list[str]:
    """The verbs with at least one legal action (or free action), in ``VERB_ORDER``: exactly
    those ``block`` finds non-empty, found without listing them."""
    out = list(TURNS)
    ore = 1 if free else state.ore
    board = state.board
    mine = state.crews_of(seat)
    holding = any(c.held for c in mine)
    found = set()
    for crew in mine:
        at = crew.at
        here = board[at]
        if any(board[q] & back for q, back in LINKS[at][here & 15]):
            found.add("move")
        if at in state.ranium:
            found.add("collect")
        others = [c for c in state.crews if c.at == at and c.seat != seat]
        if any(c.held for c in others):
            found.add("steal")
        if _delivery_room(state, seat, crew) > 0 and any(
                deliverable(state, x) for x in reach(board, at)):
            found.add("deliver")
        if not free and (ore >= 3 and not holding or ore >= 2 and others):
            colour = here & 48
            if any(c & 48 == colour and q != at for q, c in enumerate(board)):
                if ore >= 3 and not holding:
                    found.add("tunnel")
                if ore >= 2 and others:
                    found.add("transport")
    out += [v for v in VERB_ORDER[3:9] if v in found]
    if _loader_block(state.loaders):
        out.append("loader")
    if not free:
        out.append("end")
    return out


def _loader_block(loaders: list[int]) -> list[Action]:
    key = tuple(loaders)
    found = _LOADER_BLOCKS.get(key)
    if found is None:
        found = _LOADER_BLOCKS[key] = [
            _LOADER[n, f] for n, here in enumerate(loaders, start=1) for f in (True, False)
            if step(here, 1 if f else -1) not in loaders]
    return found


def _moves(state: State, seat: int, free: bool) -> list[Action]:
    """D (R12) through the crew's tunnel colour, E one card into another colour."""
    board = state.board
    out: list[Action] = []
    two = len(state.players) == 2
    for crew in state.crews:
        if crew.seat == seat:
            at = crew.at
            run = reach(board, at)
            targets = [x for x in run if x != at]
            for q, back in LINKS[at][board[at] & 15]:
                if board[q] & back and q not in run:
                    targets.append(q)
            targets.sort()
            moves = _MOVE[crew.colour if two else ""]
            out += [moves[x] for x in targets]
    return out


def _same_colour_block(state: State, seat: int, table: dict[str, tuple[Action, ...]],
                       crews: list[Crew]) -> list[Action]:
    """J, K (R20): every other card showing the colour of a crew's card."""
    board = state.board
    two = len(state.players) == 2
    out: list[Action] = []
    for crew in crews:
        at = crew.at
        colour = board[at] & 48
        acts = table[crew.colour if two else ""]
        out += [acts[q] for q, c in enumerate(board) if c & 48 == colour and q != at]
    return out


def _tunnels(state: State, seat: int, free: bool) -> list[Action]:
    """J (R20): 3 ore, no free action, nobody of the player's crews holding ranium."""
    if free or state.ore < 3:
        return []
    mine = state.crews_of(seat)
    if any(c.held for c in mine):
        return []
    return _same_colour_block(state, seat, _TUNNEL, mine)


def _transports(state: State, seat: int, free: bool) -> list[Action]:
    """K (R20): 2 ore, no free action, another player's crew on the card."""
    if free or state.ore < 2:
        return []
    crews = state.crews
    return _same_colour_block(state, seat, _TRANSPORT, [
        crew for crew in crews if crew.seat == seat
        and any(c.at == crew.at and c.seat != seat for c in crews)])


def _collects(state: State, seat: int, free: bool) -> list[Action]:
    two = len(state.players) == 2
    return [_COLLECT[c.colour if two else ""] for c in state.crews_of(seat)
            if c.at in state.ranium]


def _steals(state: State, seat: int, free: bool) -> list[Action]:
    two = len(state.players) == 2
    out: list[Action] = []
    for crew in state.crews_of(seat):
        steals = _STEAL[crew.colour if two else ""]
        out += [steals[c.colour] for c in state.crews
                if c.at == crew.at and c.seat != seat and c.held > 0]
    return out


def _delivers(state: State, seat: int, free: bool) -> list[Action]:
    """H (R18). Asked before every decision a crew holding ranium takes: the (at most three)
    cards of the crew's colour with an exit towards a loader are found before the tunnel is
    searched."""
    two = len(state.players) == 2
    board = state.board
    loaders = state.loaders
    left = MAX_DELIVERY - state.players[seat].delivered
    out: list[Action] = []
    for crew in state.crews:
        if crew.seat != seat:
            continue
        room = min(left, crew.held)
        if room > 0:
            colour = board[crew.at] & 48
            exits = []
            for n in loaders:
                p, bit = LOADER_EDGE[n]
                if board[p] & bit and board[p] & 48 == colour:
                    exits.append(p)
            if exits:
                run = reach(board, crew.at)
                acts = _DELIVER[crew.colour if two else ""]
                out += [acts[x][n - 1] for x in sorted(set(exits)) if x in run
                        for n in range(1, room + 1)]
    return out


_CREW_BLOCKS = {"move": _moves, "collect": _collects, "steal": _steals, "deliver": _delivers,
                "tunnel": _tunnels, "transport": _transports}


def block(state: State, seat: int, free: bool, verb: str) -> list[Action]:
    """Every legal action (or free action) of one verb. A listing shares its lists (of prebuilt
    decisions) between calls: callers read them, never change them."""
    if verb in TURN_BLOCKS:
        return TURN_BLOCKS[verb]
    if verb == "loader":
        return _loader_block(state.loaders)
    if verb == "end":
        return [] if free else [_END]
    crew_block = _CREW_BLOCKS.get(verb)
    return crew_block(state, seat, free) if crew_block is not None else []


def blocks(state: State, seat: int, free: bool) -> dict[str, list[Action]]:
    """Every legal action (or free action), by verb in ``VERB_ORDER``; no empty block."""
    return {verb: block(state, seat, free, verb) for verb in available(state, seat, free)}


def listing(state: State, seat: int, free: bool) -> list[Action]:
    """Every legal action (or free action), each verb's block together."""
    return [a for block in blocks(state, seat, free).values() for a in block]


def perform(state: State, seat: int, action: Action, ev: EventLog, free: bool) -> None:
    """Carry out a legal action (checked before). The caller pays the ore."""
    player = state.players[seat]
    who = player.name
    verb = action.verb
    if verb in TURN_FUNCTIONS:
        p = action.place
        state.board[p] = TURN_FUNCTIONS[verb](state.board[p])
        ev.say(verb, f"{who} {_TURN_TEXT[verb][p]}", place=PLACES[p])
        return
    if verb == "end":
        ev.say("end", f"{who} ends the turn, leaving {state.ore} ore unused.", ore=state.ore)
        state.ore = 0
        return
    if verb == "loader":
        i = action.loader - 1
        was = state.loaders[i]
        state.loaders[i] = (_FORWARD if action.forward else _BACK)[was]
        state.trail.append(["loader", str(action.loader), str(was), str(state.loaders[i])])
        ev.say("loader", f"{who} moved space loader {action.loader} "
               f"{'forward' if action.forward else 'back'} to place {state.loaders[i]}.",
               loader=action.loader, to=state.loaders[i])
        return
    crew = acting_crew(state, seat, action)
    at = crew.at
    if verb in ("move", "tunnel"):  # D, E (R12) and J (R20)
        crew.at = action.place
        state.trail.append(["crew", crew.colour, PLACES[at], PLACES[action.place]])
        how = "moved" if verb == "move" else "took a secret tunnel with"
        ev.say(verb, f"{who} {how} the {crew.colour} crew from {PLACES[at]} to "
               f"{PLACES[action.place]}.", crew=crew.colour, frm=PLACES[at],
               to=PLACES[action.place])
    elif verb == "collect":
        state.ranium.remove(at)
        crew.held += 1
        ev.say("collect", f"{who}'s {crew.colour} crew collected the White Ranium on "
               f"{PLACES[at]}.", crew=crew.colour, place=PLACES[at])
    elif verb == "steal":
        target = state.crew(action.colour)
        assert target is not None
        ev.say("steal", f"{who}'s {crew.colour} crew attacks the {target.colour} crew on "
               f"{PLACES[at]}.", attacker=crew.colour, defender=target.colour)
        start_fight(state, crew, target, ev)
    elif verb == "deliver":
        _deliver(state, seat, crew, action, ev)
    elif verb == "transport":
        sent = [c for c in state.crews if c.at == at and c.seat != seat]
        for c in sent:
            c.at = action.place
            state.trail.append(["crew", c.colour, PLACES[at], PLACES[action.place]])
        names = ", ".join(c.colour for c in sent)
        ev.say("transport", f"{who}'s transporter sent the {names} crew"
               f"{'s' if len(sent) > 1 else ''} from {PLACES[at]} to {PLACES[action.place]}.",
               crews=[c.colour for c in sent], frm=PLACES[at], to=PLACES[action.place])


def _deliver(state: State, seat: int, crew: Crew, action: Action, ev: EventLog) -> None:
    """R18 in its order, R21 the win, then R19's placements (a ``place`` frame)."""
    player = state.players[seat]
    n = action.n
    if crew.at != action.place:
        state.trail.append(["crew", crew.colour, PLACES[crew.at], PLACES[action.place]])
    crew.at = action.place
    crew.held -= n
    state.supply_ranium += n
    player.markers += n
    player.delivered += n
    state.supply_markers = max(0, state.supply_markers - n)
    crew.at = BASE_PLACE[crew.colour]
    ev.say("deliver", f"{player.name}'s {crew.colour} crew delivered {n} unit"
           f"{'s' if n > 1 else ''} of White Ranium at {PLACES[action.place]} and is back at "
           f"base: {player.markers} marker{'s' if player.markers != 1 else ''}.",
           crew=crew.colour, place=PLACES[action.place], n=n, markers=player.markers)
    if player.markers >= GOAL[len(state.players)]:  # R21
        state.ended = True
        state.phase = "ended"
        state.winners = [player.id]
        state.stack.clear()
        state.ore = 0
        ev.say("win", f"{player.name} has {player.markers} markers and wins the game!",
               winner=player.id, markers=player.markers)
        return
    state.stack.append(Frame("place", seat=state.right_of(state.turn), left=n))
