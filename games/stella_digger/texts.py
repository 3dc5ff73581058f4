"""Stella Digger's words: the round summary, the final scores, a player's hand (moved here
from ``referee/messages/texts.py`` when the referee became game-agnostic), in the language
being written (the catalog ``stella_digger``; terms: docs/rules/stella-digger.glossary.md).
Card names (``blue-4``), squares (``C3``) and the notation stay as they are."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from texts import N_, _

from ..base import Who, winners_line

COLOURS = ("blue", "green", "pink", "purple")
COLOUR_NAMES = {"blue": N_("blue"), "green": N_("green"), "pink": N_("pink"),
                "purple": N_("purple")}
END_REASON = {
    "vp3-exhausted": N_("the last 3-VP tile left the supply"),
    "core-mined": N_("neither yellow-framed square holds a tile any more"),
    "no-target": N_("no target could be chosen"),
    "last-standing": N_("only one player is left"),
}
SCORE_PARTS = (
    ("vp_tiles", N_("VP tiles")), ("monsters", N_("monsters")), ("gadgets", N_("gadgets")),
    ("gadget_bonus", N_("gadget colour bonus")), ("crystals", N_("crystal pairs")),
    ("drills", N_("drill points")), ("unplaced_drills", N_("unplaced drills")),
)
GADGET_NAMES = {"super-drill": N_("Super Drill"), "enhanced-power": N_("Enhanced Power"),
                "refining-capsule": N_("Refining Capsule"), "support-drone": N_("Support Drone")}


def colour(name: str) -> str:
    """A colour's name in the language being written (an unknown word stays as it is)."""
    word = COLOUR_NAMES.get(name)
    return _(word) if word else name


def colours(names: Sequence[str]) -> str:
    return _(", ").join(colour(c) for c in names)


def gadget(code: str) -> str:
    """``super-drill/blue`` -> "Super Drill, blue" in the language being written."""
    kind, _sep, col = code.partition("/")
    name = GADGET_NAMES.get(kind)
    if name is None:
        return code
    return _("{gadget}, {colour}").format(gadget=_(name), colour=colour(col)) if col else _(name)


def gadget_item(code: str) -> str:
    """``super-drill/blue`` -> "Super Drill (blue)": a gadget in a list, where a comma parts
    the items."""
    kind, _sep, col = code.partition("/")
    name = GADGET_NAMES.get(kind)
    return _("{gadget} ({colour})").format(gadget=_(name), colour=colour(col)) if name else code


def gadgets(codes: Sequence[str]) -> str:
    return _(", ").join(gadget_item(g) for g in codes) or _("none")


def crystals(counts: Mapping[str, int]) -> str:
    held = [_("{n} {colour}").format(n=counts.get(c, 0), colour=colour(c))
            for c in COLOURS if counts.get(c, 0)]
    return _(", ").join(held) if held else _("none")


def player_line(view: dict[str, Any], pid: str, total: int | None, who: Who) -> str:
    p = view["players"][pid]
    name = who.mention(pid)
    if p["out"]:
        return "• " + _("{player} — out of the game").format(player=name)
    parts = [
        _("score {score}").format(score=total) if total is not None else None,
        _("VP tiles {three}×3 + {one}×1").format(three=p["vp_tiles"]["3"], one=p["vp_tiles"]["1"]),
        _("crystals: {crystals}").format(crystals=crystals(p["crystals"])),
        _("hand {size} ({colours})").format(size=p["hand_size"],
                                            colours=colours(p["hand_colours"]) or _("empty")),
        _("gadgets: {gadgets}").format(gadgets=gadgets(p["gadgets"])),
        _("drills left {n}").format(n=p["drills_left"]),
        _("monsters {n}").format(n=p["monsters"]) if p["monsters"] else None,
        _("tears {n}").format(n=p["tears"]) if view["options"].get("red_tears") else None,
        _("absent") if who.absent(pid) else None,
    ]
    return f"• {name} — " + _("; ").join(x for x in parts if x)


def round_summary(view: dict[str, Any], scores: Mapping[str, Mapping[str, int]], who: Who) -> str:
    """The public summary posted with the map each round (and on /stella status)."""
    decks = _(", ").join(
        (_("deck {n}: {count} ({top} on top)") if d["top"] else _("deck {n}: {count} (empty)"))
        .format(n=i + 1, count=d["count"], top=colour(d["top"] or ""))
        for i, d in enumerate(view["decks"]))
    acc = view["accidents"]
    start = who.name(view["start_player"]) if view["start_player"] else "?"
    head = _("**Round {round}** — start player {player}; marker on {square}").format(
        round=view["round"], player=start, square=view["marker"])
    if view["target"]:
        head += _("; target {squares}").format(squares=", ".join(view["target"]))
    accidents = _("Safety Forecast: {safety}; Danger Forecast {danger}, Alarm {alarm}").format(
        safety=colour(acc["safety"]) if acc["safety"] else _("none"), danger=acc["danger"],
        alarm=acc["alarm"])
    if acc["revealed"]:
        accidents += _("; revealed: {colours}").format(colours=colours(acc["revealed"]))
    lines = [
        head,
        _("Decks: {decks}. Discard pile: {n}.").format(decks=decks, n=len(view["discard"])),
        accidents + _(". Supply: 3-VP tiles {three}, 1-VP tiles {one}.").format(
            three=view["supply"]["vp3"], one=view["supply"]["vp1"]),
    ]
    for pid in view["seats"]:
        lines.append(player_line(view, pid, scores.get(pid, {}).get("total"), who))
    return "\n".join(lines)


def final_text(view: dict[str, Any], scores: Mapping[str, Mapping[str, int]],
               winners: Sequence[str], who: Who) -> str:
    code = view.get("end_reason") or ""
    reason = _(END_REASON[code]) if code in END_REASON else (code or _("the end"))
    lines = ["🏁 " + _("**The game is over**: {reason}.").format(reason=reason),
             _("**Final scores**:")]
    order = sorted(view["seats"], key=lambda p: -scores[p]["total"])
    for pid in order:
        s = scores[pid]
        parts = _(", ").join(_("{part} {points}").format(part=_(label), points=s[key])
                             for key, label in SCORE_PARTS if s.get(key))
        out = " " + _("(out)") if view["players"][pid]["out"] else ""
        lines.append(f"• {who.mention(pid)}{out}: **{s['total']}**"
                     + (f" = {parts}" if parts else ""))
    lines.append(winners_line([who.mention(w) for w in winners]))
    return "\n".join(lines)


def options_line(options: Mapping[str, Any], players: int | None = None) -> str:
    """The game's options as players read them (lobby and start posts)."""
    return _("Red Tears: {on_off}.").format(on_off=_("on") if options.get("red_tears") else _("off"))


def hand_text(view: dict[str, Any], player_id: str, game_id: int, cmd: str = "/stella") -> str:
    """One player's private summary: only ever sent to that player (it names no command)."""
    p = view["players"][player_id]
    hand = ", ".join(p["hand"] or []) or _("no cards")
    return (_("Your hand in game #{game} ({size}/{limit}): **{hand}**").format(
                game=game_id, size=p["hand_size"], limit=p["limits"]["hand"], hand=hand) + "\n"
            + _("Crystals: {crystals} (limit {limit}); gadgets: {gadgets}; drills left {drills}.")
            .format(crystals=crystals(p["crystals"]), limit=p["limits"]["crystals"],
                    gadgets=gadgets(p["gadgets"]),
                    drills=p["drills_left"]))


VERB_WORDS = {"target": N_("Target"), "mine": N_("Mine with"), "fight": N_("Fight with"),
              "lose": N_("Lose"), "capsule": N_("Refining Capsule:"), "gold": N_("Gold tile: take"),
              "return": N_("Give back"), "lose-crystals": N_("Lose crystals:"),
              "refill": N_("Refill"), "buy": N_("Buy"), "pass": N_("Pass"),
              "decline": N_("Decline the fight")}


def _colours(text: str) -> str:
    return " + ".join(colour(c) for c in text.split(","))


def _word(word: str) -> str:
    """One word of the notation in plain words (a card stays as it is: blue-4)."""
    key, _sep, value = word.partition("=")
    if value:
        if key == "pay":
            return _("- pay {colours}").format(colours=_colours(value))
        if key == "super":
            return _("made {colour} by a Super Drill").format(colour=colour(value))
        if key == "boost":
            return _("+ {card} (Enhanced Power)").format(card=value)
        if key == "discard":
            return _("discarding {cards}").format(cards=", ".join(value.split(",")))
        return word
    if "/" in word and word.partition("/")[0] in GADGET_NAMES:
        return gadget(word)
    if ">" in word:
        give, take = word.split(">", 1)
        return _("2 {give} for 1 {take}").format(give=colour(give), take=colour(take))
    return word


def choice_label(view: dict[str, Any], text: str) -> str:
    """A decision (or the start of one, ending in " …") in players' words, from the public
    view: ``draw 2`` -> "Deck 2 (blue on top, 11 left)", ``buy refining-capsule/blue
    pay=green,pink,pink`` -> "Buy Refining Capsule, blue - pay green + pink + pink",
    ``drill C2 down pay=...`` -> "Large Drill on C2 facing down - pay ...". The notation
    stays for /stella do and the log."""
    more = text.endswith(" …")
    words = (text[:-2] if more else text).split()
    if not words:
        return text
    verb, rest = words[0], words[1:]
    decks = view.get("decks") or []
    if verb == "draw" and len(rest) == 1 and rest[0].isdigit():
        k = int(rest[0])
        if 1 <= k <= len(decks):
            deck = decks[k - 1]
            if deck.get("top"):
                return _("Deck {n} ({top} on top, {count} left)").format(
                    n=k, top=colour(deck["top"]), count=deck.get("count", 0))
            return _("Deck {n} ({count} left)").format(n=k, count=deck.get("count", 0))
        return text
    if verb == "drill" and rest:
        if len(rest) > 1 and "=" not in rest[1]:
            head = _("Large Drill on {square} facing {direction}").format(
                square=rest[0], direction=direction(rest[1]))
        else:
            head = _("Large Drill on {square}").format(square=rest[0])
        tail = [_word(w) for w in rest[1:] if "=" in w]
        label = " ".join([head, *tail])
    elif verb == "buy":
        gadgets = [_word(w) for w in rest if "=" not in w]
        label = " ".join([_("Buy {gadgets}").format(gadgets=_(" and ").join(gadgets)),
                          *(_word(w) for w in rest if "=" in w)])
    elif verb == "exchange":
        label = _("Exchange {trade}").format(trade=" ".join(_word(w) for w in rest))
    elif verb in ("gold", "return", "lose-crystals", "capsule"):
        label = f"{_(VERB_WORDS[verb])} {_colours(rest[0])}" if rest else _(VERB_WORDS[verb])
    elif verb in VERB_WORDS:
        label = " ".join([_(VERB_WORDS[verb]), *(_word(w) for w in rest)])
    else:
        return text
    return label + (" …" if more else "")


DIRECTIONS = {"up": N_("up"), "down": N_("down"), "left": N_("left"), "right": N_("right")}


def direction(word: str) -> str:
    name = DIRECTIONS.get(word)
    return _(name) if name else word


def draw_runs(view: dict[str, Any], player: str, legal: Sequence[str]
              ) -> list[tuple[str, tuple[str, ...]]]:
    """The draws a player still owes in a row (hand limit minus hand size), chosen at once:
    one option per way to split them among the decks (each deck at most its count)."""
    from itertools import combinations_with_replacement

    if not legal or not all(t.startswith("draw ") and t[5:].isdigit() for t in legal):
        return []
    me = (view.get("players") or {}).get(player) or {}
    limit, size = (me.get("limits") or {}).get("hand"), me.get("hand_size")
    if not isinstance(limit, int) or not isinstance(size, int) or limit - size < 2:
        return []
    n = limit - size
    counts = {i + 1: int(d.get("count", 0)) for i, d in enumerate(view.get("decks") or [])}
    decks = sorted(int(t[5:]) for t in legal)
    out = []
    for combo in combinations_with_replacement(decks, n):
        if any(combo.count(k) > counts.get(k, 0) for k in set(combo)):
            continue
        parts = [_("{n} from deck {deck}").format(n=combo.count(k), deck=k) for k in sorted(set(combo))]
        out.append((_("Draw all {n}: {parts}").format(n=n, parts=_(", ").join(parts)),
                    tuple(f"draw {k}" for k in combo)))
    return out if len(out) <= 25 else []


def discard_choice(view: dict[str, Any], player: str, verb: str, legal: Sequence[str]
                   ) -> tuple[list[tuple[str, str]], int, int] | None:
    """Refill Hand's discards as one multi-select of the cards in the player's hand (their
    own view: the select is private), none to all of them."""
    if verb != "refill" or not legal:
        return None
    hand = sorted((view.get("players") or {}).get(player, {}).get("hand") or ())
    if len(hand) < 2 or not 1 <= len(hand) <= 25:
        return None
    options = []  # a card held twice is two options (a select's values are unique)
    for i, card in enumerate(hand):
        copy = hand[:i].count(card)
        options.append((_("Discard {card}").format(card=card), card if not copy else f"{card}#{copy + 1}"))
    return options, 0, len(hand)
