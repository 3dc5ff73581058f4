"""Which controls a turn prompt gets, from the legal decisions. Pure: no discord here
(``panels`` turns these specs into discord.ui components).

The public panel in the thread never shows a hidden thing: a decision whose text shows one
(the game's presentation says which: a card of a hand, say) is reached through a verb button that opens a private
(ephemeral) select for the player who owes the decision. Long lists are narrowed step by step:
the legal decisions are sorted by their words, so every group sharing a prefix is a contiguous
range ``lo-hi`` of that list, and a select option's value is such a range (a range of one is a
decision). The list is the same for the same state, which the panel's version and tag pin
(a prompt kept good after another player's answer has the clicker's same list: ``referee.deciding.stale``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import games
from games import Presentation
from referee.messages import ids
from texts import N_, _

_WORD = re.compile(r"[^ ,=]+")
MAX_OPTIONS = 25  # Discord: options per select
MAX_DIRECT = 10  # at most this many one-click decision buttons in a prompt
LABEL_MAX = 80

@dataclass(frozen=True, slots=True)
class Button:
    label: str
    custom_id: str
    style: str = "secondary"  # primary | secondary | success | danger


@dataclass(frozen=True, slots=True)
class Option:
    label: str
    value: str
    description: str | None = None


@dataclass(frozen=True, slots=True)
class Select:
    custom_id: str
    placeholder: str
    options: tuple[Option, ...]
    min_values: int = 1  # several: a multi-select (``Presentation.multi``)
    max_values: int = 1


@dataclass(frozen=True, slots=True)
class Panel:
    buttons: tuple[Button, ...] = ()
    select: Select | None = None
    selects: tuple[Select, ...] = ()  # more selects, each on a row of its own, below
    picture: Any = None  # a private picture shown with them (an outbox File: numbered places)


MAX_CHOICES = 25  # Discord: choices of an autocomplete
CHOICE_MAX = 100  # Discord: the length of a choice's name and value


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One choice of an autocomplete: ``name`` what the player reads (words where the game has
    them), ``value`` what picking it types (the notation). ``note``: the last choice, telling
    how many more there are (its value the first of those)."""

    name: str
    value: str
    note: bool = False


def typed_next(current: str, options: Callable[[str, str | None], list[str]],
               whole: Callable[[str], bool], order: Sequence[str] = ()) -> list[str]:
    """What an autocomplete offers for ``current`` (a decision typed so far, its verb first):
    texts, each the typed words with one more. ``options(draft, part)`` gives the legal next
    words of ``draft`` (``[]`` when it leads nowhere), of those starting with ``part`` if
    given; ``whole(text)``: is ``text`` a legal decision by itself. Nothing typed: every legal
    verb once, in ``order``; a word being typed: the words it begins (case aside), and once it
    is the one word it can be, typed whole, the words that may follow it (a verb typed: its
    arguments) after itself if it is a decision alone; after a space: every next word."""
    typed = current.split()
    head, part = (typed, None) if current.endswith(" ") or not typed else (typed[:-1],
                                                                            typed[-1])
    draft = " ".join(head)
    found = options(draft, part)
    if part is not None and not found:  # the engine compares exactly: "a1" finds "A1" here
        found = [w for w in options(draft, None) if w.lower().startswith(part.lower())]
    texts = [" ".join([*head, w]) for w in found]
    exact = found[0] if part is not None and len(found) == 1 and found[0].lower() == \
        part.lower() else None
    if exact is not None:  # the one word it can be, typed whole: what may follow it
        text = " ".join([*head, exact])
        after = [f"{text} {w}" for w in options(text, None)]
        if after:
            rest = [t for t in texts if t != text]
            texts = ([text] if whole(text) else []) + after + rest
    if not head and order:  # the verbs (and a typed verb's arguments) in the game's order
        rank = {v: i for i, v in enumerate(order)}
        texts.sort(key=lambda t: rank.get(t.split(" ", 1)[0], len(rank)))
    return texts


#: the last autocomplete choice when more are hidden, per kind of thing listed
MORE = {"choices": N_("… and {n} more choices ({first}, …): type more to narrow the list"),
        "words": N_("… and {n} more words ({first}, …): type more to narrow the list"),
        "verbs": N_("… and {n} more verbs ({first}, …): type more to narrow the list")}


def suggestions(texts: Sequence[str], name: Callable[[str], str], noun: str = "choices"
                ) -> list[Suggestion]:
    """``texts`` as autocomplete choices named by ``name``: all of them when Discord's 25
    allow, else the first 24 and a last choice saying how many more there are (never a cut
    list that hides some silently)."""
    out = [Suggestion(_cut_to(name(t) or t, CHOICE_MAX), t) for t in texts]
    if len(out) <= MAX_CHOICES:
        return out
    hidden = out[MAX_CHOICES - 1:]
    note = _(MORE.get(noun, MORE["choices"])).format(n=len(hidden), first=hidden[0].name)
    return out[:MAX_CHOICES - 1] + [Suggestion(_cut_to(note, CHOICE_MAX), hidden[0].value,
                                               note=True)]


def _cut_to(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def private(text: str, present: Presentation | None = None) -> bool:
    """Does this decision text show something hidden (the game's presentation says: a card
    in a hand, say)? Then only its player sees it, in a private select."""
    return (present or games.get(None)).private(text)


@lru_cache(maxsize=16_384)
def words(text: str) -> tuple[str, ...]:
    """A decision's words (what its ordering and grouping go by). Kept: the same few hundred
    texts come back at every prompt of a game, and a prompt sorts and groups them again."""
    return tuple(_WORD.findall(text))


def ordered(legal: Iterable[object]) -> list[str]:
    """The legal decisions' texts, sorted by their words (prefix groups are contiguous)."""
    return sorted({str(a) for a in legal}, key=words)


def verb_range(texts: Sequence[str], verb: str) -> tuple[int, int] | None:
    """Where the decisions of ``verb`` are in ``texts`` (sorted by ``ordered``: contiguous)."""
    return verb_ranges(texts).get(verb)


def verb_ranges(texts: Sequence[str]) -> dict[str, tuple[int, int]]:
    """Each verb's range ``(lo, hi)`` in ``texts`` (sorted by ``ordered``), in one pass."""
    out: dict[str, tuple[int, int]] = {}
    for i, t in enumerate(texts):
        verb = words(t)[0]
        lo = out.get(verb, (i, i))[0]
        out[verb] = (lo, i + 1)
    return out


def cut(label: str) -> str:
    """A label within Discord's length."""
    return _cut(label)


def _cut(label: str) -> str:
    return label if len(label) <= LABEL_MAX else label[: LABEL_MAX - 1] + "…"


def _prefix(text: str, k: int) -> str:
    spans = [m.end() for m in _WORD.finditer(text)]
    return text if k >= len(spans) else text[: spans[k - 1]]


def _groups(keys: list[tuple[str, ...]], k: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for i, key in enumerate(keys):
        if out and keys[out[-1][0]][:k] == key[:k]:
            out[-1] = (out[-1][0], i + 1)
        else:
            out.append((i, i + 1))
    return out


def options(texts: Sequence[str], lo: int, hi: int) -> list[Option]:
    """At most 25 options covering texts[lo:hi]: each a decision or a narrower range."""
    items = list(texts[lo:hi])
    if len(items) <= MAX_OPTIONS:
        return [Option(_cut(t), f"{lo + i}-{lo + i + 1}") for i, t in enumerate(items)]
    keys = [words(t) for t in items]
    common = 0
    while all(len(k) > common for k in keys) and len({k[common] for k in keys}) == 1:
        common += 1
    best: list[tuple[int, int]] | None = None
    finest = _groups(keys, common + 1)
    for k in range(common + 1, max(len(key) for key in keys) + 1):
        groups = _groups(keys, k)
        if len(groups) > MAX_OPTIONS:
            break
        best = groups
    if best is not None:
        return [_group_option(items, keys, a, b, lo) for a, b in best]
    # Even the first differing word has more than 25 values: chunk consecutive groups.
    per = -(-len(finest) // MAX_OPTIONS)
    out = []
    for i in range(0, len(finest), per):
        chunk = finest[i: i + per]
        a, b = chunk[0][0], chunk[-1][1]
        first, last = _prefix(items[a], common + 1), _prefix(items[b - 1], common + 1)
        label = first if first == last else f"{first} … {last}"
        out.append(Option(_cut(label), f"{lo + a}-{lo + b}", f"{b - a} choices"))
    return out


def _group_option(items: list[str], keys: list[tuple[str, ...]], a: int, b: int,
                  lo: int) -> Option:
    if b - a == 1:
        return Option(_cut(items[a]), f"{lo + a}-{lo + b}")
    shared = 0
    while all(len(keys[j]) > shared for j in range(a, b)) and \
            len({keys[j][shared] for j in range(a, b)}) == 1:
        shared += 1
    return Option(_cut(_prefix(items[a], shared) + " …"), f"{lo + a}-{lo + b}", f"{b - a} choices")


def pick_select(game_id: int, version: int, tag: str, texts: Sequence[str], lo: int, hi: int,
                placeholder: str = "Choose…") -> Select:
    cid = ids.turn_id(game_id, version, tag, "pick", f"{lo}-{hi}")
    assert cid is not None
    return Select(cid, placeholder, tuple(options(texts, lo, hi)))


MAX_PICK_SELECTS = 4  # selects side by side in one private pick message (a row each)


def pick_chunks(texts: Sequence[str], lo: int, hi: int) -> list[tuple[int, int]]:
    """texts[lo:hi] (26 to 100 decisions) as 2-4 consecutive ranges of at most 25, each a
    select of one pick (issue 28: White Ranium's 36 cards to rotate took two picks), cut where
    what the player sees changes (the first letter of the first word that differs: a board's
    column); [] when one select does (25 or fewer) or four would not (over 100)."""
    n = hi - lo
    count = -(-n // MAX_OPTIONS)
    if count < 2 or count > MAX_PICK_SELECTS:
        return []
    keys = [words(t) for t in texts[lo:hi]]
    common = 0
    while all(len(k) > common for k in keys) and len({k[common] for k in keys}) == 1:
        common += 1

    def seen(i: int) -> str:
        return keys[i][common][:1] if len(keys[i]) > common else ""

    cuts, start = [], 0
    for k in range(1, count):
        ideal = round(k * n / count)
        # the nearest place to the even cut where what is seen changes, keeping each <= 25
        near = [i for i in range(max(start + 1, ideal - 6), min(n, ideal + 7))
                if seen(i) != seen(i - 1) and i - start <= MAX_OPTIONS]
        cut = min(near, key=lambda i: abs(i - ideal)) if near else min(ideal, start + MAX_OPTIONS)
        cuts.append(cut)
        start = cut
    if n - start > MAX_OPTIONS:
        return []
    bounds = [0, *cuts, n]
    return [(lo + a, lo + b) for a, b in zip(bounds, bounds[1:], strict=False)]


def pick_panel(game_id: int, version: int, tag: str, texts: Sequence[str], lo: int, hi: int,
               name: Callable[[str], str] = lambda t: t) -> Panel | None:
    """The private pick of texts[lo:hi] as 2-4 selects in one message, each option a decision
    (one pick), each select's placeholder saying what it holds ("A1 to C6"); None when one
    select does, or four would not (``pick_chunks``)."""
    chunks = pick_chunks(texts, lo, hi)
    if not chunks:
        return None
    out: list[Select] = []
    for a, b in chunks:
        cid = ids.turn_id(game_id, version, tag, "pick", f"{a}-{b}")
        if cid is None:
            return None
        first, last = words(texts[a])[1:2] or [texts[a]], words(texts[b - 1])[1:2] or [texts[b - 1]]
        out.append(Select(cid, _cut(_("Choose: {first} to {last}").format(
                              first=first[0], last=last[0]))[:150],
                          tuple(Option(_cut(name(texts[i])), f"{i}-{i + 1}")
                                for i in range(a, b))))
    return Panel(select=out[0], selects=tuple(out[1:]))


def turn_panel(game_id: int, version: int, tag: str, texts: Sequence[str],
               present: Presentation | None = None, direct: bool = True,
               labels: Mapping[str, str] | Callable[[str], str] | None = None) -> Panel:
    """The public buttons of a turn prompt: one-click buttons for a few decisions that show
    nothing hidden, else one button per verb (opening a private select). ``present``: the
    game's presentation (None: the default game's). ``direct`` False (several players owe at
    once): no one-click decision buttons, only verb buttons opening each player's own select.
    ``labels``: a one-click button's label for a decision (a mapping, or a function asked only
    for the decisions that get a button); the decision's text if none."""
    if not texts:
        return Panel()
    if labels is None or not callable(labels):
        table = labels or {}
        label: Callable[[str], str] = lambda t: table.get(t, t)  # noqa: E731
    else:
        label = labels
    present = present or games.get(None)
    order = present.verb_order
    one = direct  # one player owes: a lone decision may be a one-click button
    direct = direct and len(texts) <= MAX_DIRECT and not any(present.private(t) for t in texts)
    buttons: list[Button] = []
    ranges = verb_ranges(texts)
    verbs = sorted(ranges, key=lambda v: order.index(v) if v in order else len(order))
    for verb in verbs:
        lo, hi = ranges[verb]
        group = texts[lo:hi]
        alone = direct or (one and len(group) == 1 and not present.private(group[0])) or (
            verb in present.shared_verbs and len(group) <= MAX_DIRECT
            and not any(present.private(t) for t in group))
        singles = group if alone else []
        made = [(t, ids.turn_id(game_id, version, tag, "do", t)) for t in singles]
        if singles and all(cid for _, cid in made):
            style = "secondary" if verb in ("pass", "decline") else "primary"
            buttons += [Button(_cut(label(t)), cid, style)
                        for t, cid in made if cid]
        else:
            cid = ids.turn_id(game_id, version, tag, "verb", verb)
            assert cid is not None
            buttons.append(Button(present.label(verb), cid, "primary"))
    return Panel(buttons=tuple(buttons[:25]))


def run_select(game_id: int, version: int, tag: str, verb: str,
               runs: Sequence[tuple[str, tuple[str, ...]]], placeholder: str) -> Select | None:
    """The prompt's select of runs (``Presentation.runs``): each option's value is the run's
    index in the list, the same for the same state (the version and tag pin it)."""
    cid = ids.turn_id(game_id, version, tag, "run", verb)
    if cid is None or not runs:
        return None
    options = tuple(Option(_cut(label), str(i)) for i, (label, _) in enumerate(runs[:MAX_OPTIONS]))
    return Select(cid, _cut(placeholder)[:150], options)


def verb_choice(texts: Sequence[str], verb: str) -> tuple[int, int]:
    """The range a verb button opens; ValueError if that verb isn't legal now."""
    rng = verb_range(texts, verb)
    if rng is None:
        raise ValueError(verb)
    return rng


MAX_ROWS = 5  # Discord: action rows a message (a select fills one, a row holds 5 buttons)
MAX_TAKE_BACK = 20  # buttons under a draft (Discord: 25 components a message)


def _selects(game_id: int, version: int, tag: str, kind: str, arg: str, placeholder: str,
             values: Sequence[tuple[str, str]], rows: int) -> list[Select]:
    """``values`` (label, value) as selects of at most 25 options each, on at most ``rows``."""
    cid_base = ids.turn_id(game_id, version, tag, kind, arg)
    if cid_base is None:
        return []
    kept = [(label, value) for label, value in values if ids.VALUE.fullmatch(value)]
    out: list[Select] = []
    for n, i in enumerate(range(0, min(len(kept), rows * MAX_OPTIONS), MAX_OPTIONS)):
        chunk = kept[i:i + MAX_OPTIONS]
        cid = cid_base if n == 0 else ids.turn_id(game_id, version, tag, kind, f"{arg}-{n + 1}")
        if cid is None:
            break
        more = f" ({chunk[0][0]} … {chunk[-1][0]})" if len(kept) > MAX_OPTIONS else ""
        out.append(Select(cid, _cut(placeholder + more)[:150],
                          tuple(Option(_cut(label), value) for label, value in chunk)))
    return out


def draft_panel(game_id: int, version: int, tag: str, draft: str,
                parts: Sequence[tuple[str, str]] = ()) -> Panel | None:
    """The controls under a private draft: a select (two if need be) of the parts of the next
    word to pick from (a tile kind of the card, say: ``parts`` as (label, value), from the
    game's presentation), then a "take back" button for each word after its verb, the last
    placed first (a word too long for a control is taken back with the command instead)."""
    selects = _selects(game_id, version, tag, "part", "next", _("Place next: pick one…"), parts, 2)
    buttons = []
    room = min(MAX_TAKE_BACK, 5 * (MAX_ROWS - len(selects)))
    for word in list(dict.fromkeys(draft.split()[1:]))[::-1][:room]:
        custom_id = ids.turn_id(game_id, version, tag, "back", word)
        if custom_id is not None:
            label = _("↩ Take back {word}").format(word=word)
            buttons.append(Button(label if len(label) <= LABEL_MAX else label[:LABEL_MAX - 1] + "…",
                                  custom_id))
    if not buttons and not selects:
        return None
    return Panel(buttons=tuple(buttons), selects=tuple(selects))


def part_panel(game_id: int, version: int, tag: str, part: str, words: Sequence[str],
               points: Sequence[tuple[str, str]]) -> Panel:
    """A part's legal next words as a short list (the first 25 ``words``, nearest first), and a
    select of ``points`` (label, part): each lists the part's words again, nearest that point."""
    add = _selects(game_id, version, tag, "add", part, _("Pick where it goes…"),
                   [(w, w) for w in words[:MAX_OPTIONS]], 1)
    near = _selects(game_id, version, tag, "part", part, _("Or point at a square to list the "
                                                           "placements near it…"), points, 1)
    return Panel(selects=tuple(add + near))
