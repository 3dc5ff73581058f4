"""What the bot needs to present one game: ``Presentation``. A game's package
``games/<pkg>/`` exports ``PRESENTATION`` (an instance of a subclass); ``games/__init__.py``
lists the package on one line. ``referee/`` and ``cogs/`` ask the presentation, never the
game's own modules.

Every method has a default that works for any game following the engine protocol (texts built
from ``scores``, ``winners``, ``prompt`` and the view's common keys), so a new game can start
with a bare subclass naming itself and grow better words and pictures later. Everything here
is built from views: a public text from the spectator view (``viewer`` None), a private one
from the player's own view only.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from games.tables import as_code_blocks
from texts import DEFAULT, N_, _, command, language

RULES_DIR = Path(__file__).resolve().parents[1] / "docs" / "rules"


@dataclass(frozen=True, slots=True)
class Who:
    """How the referee names the seats of one game: ``mention(player_id)`` (a ping for a
    human, the AI's name, the view's name for nobody), ``absent(player_id)`` and ``name``
    (the view's name made safe to write in a message, never a ping)."""

    mention: Callable[[str], str]
    absent: Callable[[str], bool] = lambda _pid: False
    name: Callable[[str], str] = lambda pid: pid


@dataclass(frozen=True, slots=True)
class NewOption:
    """One of the game's options as its own ``new`` command takes it, typed (``red_tears: bool``),
    rather than as ``name=value`` words."""

    name: str
    description: str
    type: type = bool
    default: Any = False


@dataclass(frozen=True, slots=True)
class DecisionCommand:
    """One command of a game's own group for one kind of decision (``/stella mine play:...``):
    its argument is autocompleted with the player's legal decisions of ``verbs``; ``empty`` is
    the decision when the argument is left out (``None``: it is required; no ``argument``: the
    command always decides ``empty``)."""

    name: str
    description: str
    verbs: tuple[str, ...]
    argument: str | None = None
    argument_description: str = ""
    empty: str | None = None


@dataclass(frozen=True, slots=True)
class OwnGroup:
    """A game's own slash group beside ``/game``, declared by its presentation and built by the
    cogs layer (``cogs/own_group.py``): the platform's lobby, play, information and life commands
    for this game alone, its ``new`` with typed options, ``rules``, ``stats`` and one command per
    kind of decision."""

    name: str
    description: str
    new_options: tuple[NewOption, ...] = ()
    decisions: tuple[DecisionCommand, ...] = ()


#: the prompt's button opening a player's private workbench (``referee.deciding.workbench``)
BENCH_BUTTON = N_("🛠️ My workbench")


class Presentation:
    """The defaults; a game overrides what it words or draws better."""

    name = ""  # the engine's game name: "stella-digger"
    title = ""  # "Stella Digger"
    emoji = "🎲"
    command: str | None = None  # its own command group ("stella"), None: only /game
    verb_order: tuple[str, ...] = ()
    #: the public events whose news the round summary shows ("bid": who has bid): while the
    #: round post is the prompt, it is edited to the public view at each step and their lines
    #: are not added below it
    summary_tells: frozenset[str] = frozenset()
    verb_labels: Mapping[str, str] = {}
    #: verbs whose choices are the same and public for every player who owes one at once
    #: (Out of Mine!'s sides): one-click buttons on the prompt even when several owe, each
    #: deciding for whoever clicks it (no private select first)
    shared_verbs: frozenset[str] = frozenset()
    #: does the game's own answer to a player's request already show what their decision
    #: changed in their private key (Out of Mine!: the workbench that answers the open shows
    #: the card, the reply to the commit the dig)? Then that change is not answered again
    #: with their hand (``referee.telling.notify.Notifier.dm_hands``)
    own_change_answered = False
    builtin_topics: Mapping[str, str] = {}  # rules topics written in code (the short reference)
    picture_topics: frozenset[str] = frozenset()  # topics answered with a picture (topic_png)
    #: the words of a ``legend`` topic (added after the rules file's topics) whose picture is
    #: ``render/<pkg>/legend.py`` ``legend_png()``; "" for none (Stella Digger's is in its rules)
    legend_text = ""

    # --- commands and names ---------------------------------------------------------------

    @property
    def pkg(self) -> str:
        return self.name.replace("-", "_")

    #: The game's own slash group (``OwnGroup``), built by the cogs layer beside ``/game``; none
    #: by default: ``/game`` plays every game.
    own_group: OwnGroup | None = None

    def cmd(self, sub: str) -> str:
        """How to write one of this game's commands: ``/stella hand`` or ``/game hand``, in the
        names the reader's Discord shows (``cogs.translator``: a Japanese client has its own)."""
        return command(f"{self.command or 'game'} {sub}")

    # --- decisions ------------------------------------------------------------------------

    def private(self, text: str) -> bool:
        """Does this decision text show something hidden (a card in a hand)? Then the public
        panel never shows it: a verb button opens a private select. Default: every text is
        private (a game says which are safe)."""
        return True

    def label(self, verb: str) -> str:
        """A verb's button, in the language being written (``verb_labels`` are marked with
        ``N_`` and translated here)."""
        if verb in self.verb_labels:
            return _(self.verb_labels[verb])
        return verb.replace("-", " ").capitalize() + "…"

    def choice_label(self, view: dict[str, Any], text: str) -> str:
        """A decision as its public button reads, from the public view ("Deck 1 (blue on
        top, 11 left)"); the notation stays for ``/... do`` and the log. Default: the text."""
        return text

    def multi(self, view: dict[str, Any], player: str, verb: str, texts: Sequence[str]
              ) -> tuple[list[tuple[str, str]], int, int] | None:
        """A decision of ``verb`` that is a set of things (the cards to discard) chosen in
        one multi-select of the player's own view (a private select): (label, value) options,
        the fewest and the most to pick. ``compose`` turns the values picked into the
        notation. Default None: the decisions are listed one by one."""
        return None

    def numbered(self, texts: Sequence[str]) -> list[str] | None:
        """Placements picked by the number the picture (``places_png``) shows them with: one
        label per text ("7: on C3, turned 90°"), or None (the default: the texts are listed
        in words, ``choice_label``)."""
        return None

    def numbered_placeholder(self) -> str:
        """The numbered select's placeholder."""
        return _("Pick a number…")

    def places_png(self, view: dict[str, Any], player_id: str, texts: Sequence[str]
                   ) -> bytes | None:
        """The private picture numbering ``texts`` (``numbered``), from the player's own
        view. None: no picture."""
        return None

    def compose(self, verb: str, values: Sequence[str]) -> str:
        """The notation of ``verb`` with these ``multi`` values picked."""
        return " ".join([verb, *values])

    def runs(self, view: dict[str, Any], player: str, texts: Sequence[str]
             ) -> list[tuple[str, tuple[str, ...]]]:
        """Runs of decisions ``player`` may choose at once, from the public view, when every
        legal decision now is one of ``texts`` (their next ones of the same kind, chosen now:
        a deal's draws, giving up seeing each card first): (label, the decisions in order),
        at most 25. Each later step is made when it is due if it is legal then
        (``referee.messages.runs``). Default: none."""
        return []

    # --- rules ----------------------------------------------------------------------------

    def rules_file(self, lang: str = DEFAULT) -> Path:
        """``docs/rules/<game>.md``, or its translation ``docs/rules/<game>.<lang>.md``."""
        return RULES_DIR / (f"{self.name}.md" if lang == DEFAULT else f"{self.name}.{lang}.md")

    def topics(self) -> dict[str, str]:
        """Rules topics in the language being written: the short reference written in code,
        then the sections of ``docs/rules/<game>.md`` (``## Heading`` and ``### Heading``,
        keyed by their words), then the legend. In Japanese or German each topic is the
        section of ``docs/rules/<game>.<lang>.md`` that carries its key (``## 概要 {#overview}``);
        the keys, and so the topics' order and the ``topic:`` option, are the same in every
        language (``tests/platform/test_rules_languages.py``). Each file is parsed once per
        process (``rules_document``); the dict is new on every call, the caller's to change."""
        found = dict(self.builtin_topics)
        for key, body in rules_document(self.rules_file()).topics.items():
            found.setdefault(key, body)
        if self.legend_text:
            found.setdefault("legend", self.legend_text)
        lang = language()
        if lang != DEFAULT:
            translated = rules_document(self.rules_file(lang)).topics
            found = {key: translated.get(key, body) for key, body in found.items()}
        return found

    def topic_titles(self) -> dict[str, str]:
        """Each topic's key with the words a reader picks it by in the language being
        written: its heading in the translated rules file, else the key."""
        lang = language()
        titles = rules_document(self.rules_file(lang)).titles if lang != DEFAULT else {}
        return {key: titles.get(key, key) for key in self.topics()}

    def topic_key(self, topic: str | None) -> str | None:
        """The key of the topic ``topic`` names (the first topic if none), None if unknown."""
        topics = self.topics()
        key = slug(topic or "") or next(iter(topics), "")
        return key if key in topics else None

    def topic_png(self, key: str) -> bytes | None:
        """The picture sent with rules topic ``key`` (one of ``picture_topics``), or None:
        ``legend``, the game's ``render/<pkg>/legend.py`` picture, where there is one."""
        module = self.pictures("legend") if key == "legend" else None
        return None if module is None else module.legend_png()  # type: ignore[no-any-return]

    def rules_text(self, topic: str | None) -> str:
        topics = self.topics()
        if not topics:
            return _("There is no rules reference for {game} yet.").format(game=self.title)
        key = slug(topic or "") or next(iter(topics))
        text = topics.get(key)
        if text is None:
            return _("Unknown topic '{topic}'. Topics: {topics}.").format(
                topic=topic, topics=", ".join(topics))
        return text

    # --- texts ----------------------------------------------------------------------------

    def options_line(self, options: Mapping[str, Any], players: int | None = None) -> str:
        """The game's options as players read them (lobby and start posts), for a table of
        ``players`` seats (None: not known); a game may leave out what cannot apply to it."""
        shown = [f"{k.replace('_', ' ')}: {_word(v)}" for k, v in sorted(options.items())
                 if k != "turn_seconds"]
        return (_("Options: {options}.").format(options=", ".join(shown)) if shown
                else _("No options."))

    def round_summary(self, view: dict[str, Any], scores: Mapping[str, Mapping[str, int]],
                      who: Who) -> str:
        """The public summary posted with the picture (and on status)."""
        head = ("**" + _("Round {round}").format(round=view["round"]) + "**" if "round" in view
                else f"**{self.title}**")
        lines = [head]
        for pid in _seats(view, scores):
            total = scores.get(pid, {}).get("total")
            lines.append(f"• {who.mention(pid)}"
                         + ("" if total is None else " — " + _("score {score}").format(score=total))
                         + (" — " + _("absent") if who.absent(pid) else ""))
        return "\n".join(lines)

    def final_text(self, view: dict[str, Any], scores: Mapping[str, Mapping[str, int]],
                   winners: Sequence[str], who: Who) -> str:
        lines = ["🏁 " + _("**The game is over**."), _("**Final scores**:")]
        for pid in sorted(_seats(view, scores), key=lambda p: -scores.get(p, {}).get("total", 0)):
            lines.append(f"• {who.mention(pid)}: **{scores.get(pid, {}).get('total', 0)}**")
        lines.append(winners_line([who.mention(w) for w in winners]))
        return "\n".join(lines)

    def hand_text(self, view: dict[str, Any], player_id: str, game_id: int) -> str:
        """One player's private summary (only ever sent to that player), from their own view."""
        own = (view.get("players") or {}).get(player_id)
        body = json.dumps(own, ensure_ascii=False, sort_keys=True) if own is not None else "—"
        return _("Your side of game #{game}: {view}").format(game=game_id, view=body[:1800])

    def event_text(self, event: Any) -> str:
        """The sentence shown for one of the engine's events (an ``engine.Event``), in the
        language being written. The engine writes its own in English (its log and tests read
        them); a game translates them by the event's ``kind`` and ``data`` (its
        ``games/<pkg>/events.py``). Default: the engine's sentence."""
        return str(event.text)

    def prompt_text(self, game: Any, state: Any, player: str) -> str:
        """The sentence saying what ``player`` must decide now (the turn prompt's and the
        status's line), in the language being written. The engine writes it in English
        (``game.prompt``); a game translates it from its state. Default: the engine's."""
        return str(game.prompt(state, player))

    def private_key(self, view: dict[str, Any], player_id: str) -> str:
        """What the player's private message shows, as a key: a new DM goes out when it
        changes (or on a private event), not when it becomes "" (nothing private left;
        ``referee.telling.notify.Notifier.dm_hands``). The definition of record: a game's
        ``private_keys`` read from its state gives the same (tests/platform/test_private_keys.py)."""
        own = (view.get("players") or {}).get(player_id)
        return json.dumps(own, sort_keys=True, default=str)

    def private_news(self, event: Any) -> bool:
        """Is this private event news to its player, worth a DM? Default: every one (a game
        leaves out the echo of the player's own decision, which its reply confirmed)."""
        return True

    def private_keys(self, game: Any, state: Any, players: Sequence[str]) -> dict[str, str]:
        """Each player's ``private_key`` in ``state`` (twice per decision, so a game may read
        its own state instead of building every player's view)."""
        return {p: self.private_key(game.view(state, p), p) for p in players}

    def new_round(self, public_kinds: set[str]) -> bool:
        """Do these public event kinds start a new round (post the summary and the picture)?"""
        return "round" in public_kinds

    def round_picture(self, view: dict[str, Any]) -> bool:
        """Does the post of a new round (``new_round``) in public ``view`` carry the board's
        picture? Default: yes. A game whose rounds are each player's turn draws the board once
        a table round; the picture of now is always one ``status`` away."""
        return True

    def turn_key(self, view: dict[str, Any]) -> str | None:
        """The turn a public view is in, for games whose turn is several decisions of one
        player: while it stays the same (and nobody new must be pinged), the referee edits
        one message through the turn (each step's lines, then the next prompt) instead of
        posting one per decision. None (the default): a message per decision."""
        return None

    def alerts(self, view: dict[str, Any], events: Sequence[Any], who: Who
               ) -> list[tuple[str, str]]:
        """Players these public events concern although they owe nothing (a fight's
        defender): (player id, a line naming them with ``who.mention``). The referee adds the
        line and pings that player (a human) and nobody else. Default: none."""
        return []

    # --- pictures (bytes or None: text only) ----------------------------------------------

    def pictures(self, part: str) -> Any:
        """The game's picture module ``render/<pkg>/<part>.py``, or None if it has none. Every
        game names its pictures alike (render/README.md): ``board`` (``board_png(view)``, the
        public picture), ``hand`` (``hand_png(view, player, ...)``, a player's own), ``scores``
        (``scores_png(view, ...)``, the end), ``replay`` (``replay_gif(views)``), ``legend``
        (``legend_png()``); the defaults below call them, a presentation passes more."""
        return _pictures(self.pkg, part)

    def board_png(self, view: dict[str, Any]) -> bytes | None:
        module = self.pictures("board")
        return None if module is None else module.board_png(view)  # type: ignore[no-any-return]

    def board_round(self, view: dict[str, Any]) -> Any:
        """The round ``board_png(view)`` shows, to name its file after (``round3``): the
        view's round by default (a game whose picture shows a round just ended says so)."""
        return view.get("round", 0)

    def hand_png(self, view: dict[str, Any], player_id: str) -> bytes | None:
        module = self.pictures("hand")
        return None if module is None else module.hand_png(view, player_id)  # type: ignore[no-any-return]

    def scores_png(self, view: dict[str, Any], state: Any) -> bytes | None:
        module = self.pictures("scores")
        return None if module is None else module.scores_png(view)  # type: ignore[no-any-return]

    def draft_png(self, view: dict[str, Any], player_id: str, draft: str) -> bytes | None:
        """The picture of ``player_id``'s private draft (the decision typed so far), from
        their own view; shown only to them after each ``draft`` step. None: text only."""
        return None

    def draft_ready(self, game: Any, state: Any, player: str, action: Any) -> str:
        """What a draft that is a legal decision (``action``, checked by ``game`` in
        ``state``) is told: a game says what it would score, say. Default: it can be
        committed."""
        return _("It is complete: confirm it to commit it (a decision is final).")

    def draft_points(self, part: str, words: Sequence[str]) -> list[tuple[str, str]]:
        """Narrower parts of ``part`` to list its ``words`` by (label, part): the squares a
        player may point at, say. Empty: the first 25 words are the list."""
        return []

    # --- the workbench (``referee.deciding.workbench``): a draft on one private message ---

    #: the unlisted decisions a player builds on a workbench (none: ``/game draft`` only)
    bench_verbs: frozenset[str] = frozenset()
    bench_label = BENCH_BUTTON  # the prompt's button that opens a player's own workbench

    def bench_hands(self, view: dict[str, Any], player: str, draft: str,
                    words: Sequence[str]) -> list[tuple[str, str, str]]:
        """(label, hand, description) of what the player may take in hand next, from the
        legal next ``words`` of their ``draft`` (a shape of their card, say): the workbench's
        menu, and the parts under a ``draft`` to pick the next word by (each a part for the
        engine's ``options(..., part=...)`` through ``bench_part``). Empty: no select, the
        words are typed."""
        return []

    def bench_head(self, view: dict[str, Any], player: str) -> str:
        """The workbench's first line after its title (what the player builds with: their
        card, say); "" for none."""
        return ""

    def bench_part(self, view: dict[str, Any], hand: str, words: Sequence[str]) -> str | None:
        """The engine's ``part`` whose words the ``hand`` places (None: nothing of it fits)."""
        return hand

    def bench_png(self, view: dict[str, Any], player: str, draft: str, part: str | None,
                  places: Sequence[str], times: Mapping[str, float], more: int
                  ) -> bytes | None:
        """The workbench's picture: ``places`` (the words of ``part``) numbered from 1, as the
        select numbers them; ``times`` each placed word's seconds. None: text only."""
        return None

    def bench_grid(self, view: dict[str, Any], player: str, draft: str) -> str | None:
        """The draft typed as a whole (the modal's prefilled text); None: no typed board."""
        return None

    def bench_typed(self, view: dict[str, Any], player: str, draft: str, typed: str) -> str:
        """The draft the typed text stands for (checked by the engine after), or an
        IllegalDecision naming the fault."""
        raise NotImplementedError

    @property
    def draws_after(self) -> bool:
        """Does this game draw an ``after_png`` at all? (If not, no worker is asked.)"""
        return type(self).after_png is not Presentation.after_png

    def after_png(self, view: dict[str, Any], player_id: str) -> bytes | None:
        """The picture ``player_id`` gets privately with the reply to each decision of theirs
        (their own side during a turn of many small steps), from their own view. None: text
        only."""
        return None

    def replay_gif(self, views: Sequence[dict[str, Any]]) -> bytes | None:
        module = self.pictures("replay")
        return None if module is None else module.replay_gif(list(views))  # type: ignore[no-any-return]

    def replay_frame(self, before: Any, after: Any) -> bool:
        """Is ``after`` (a state) worth a frame of the replay (a new round, the end)?"""
        return getattr(before, "round", None) != getattr(after, "round", None) or bool(
            getattr(after, "ended", False))


@cache
def _pictures(pkg: str, part: str) -> Any:
    """``render.<pkg>.<part>``, None if that module does not exist (an error inside it is
    raised)."""
    name = f"render.{pkg}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (name + ".").startswith(exc.name + "."):
            return None
        raise


def winners_line(named: Sequence[str]) -> str:
    """The last line of a final post: the winner, a shared victory or nobody."""
    if len(named) == 1:
        return "🏆 " + _("Winner: {player}").format(player=named[0])
    if named:
        return "🏆 " + _("Shared victory: {players}").format(players=_(" and ").join(named))
    return _("Nobody wins.")


def _seats(view: dict[str, Any], scores: Mapping[str, Any]) -> list[str]:
    seats = view.get("seats")
    return list(seats) if isinstance(seats, list) else list(scores)


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


#: a section heading: ``## Words`` or ``### Words``, with an optional explicit key ``{#key}``
#: (a translated rules file keys its sections by the English file's keys)
_HEADING = re.compile(r"^(#{2,3})\s+(.+?)(?:\s*\{#([a-z0-9-]+)\})?\s*$", re.M)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""


@dataclass(frozen=True, slots=True)
class RulesDocument:
    """A rules file parsed: its topics (``parse_topics``) and its headings' words
    (``parse_titles``), read-only (shared by every caller, ``rules_document``)."""

    topics: Mapping[str, str]
    titles: Mapping[str, str]


@cache
def rules_document(path: Path) -> RulesDocument:
    """The rules file at ``path`` (empty if there is none), read and parsed once per process:
    the files ship with the code, and the rules command's topic autocomplete asks on every
    keystroke. Keyed by the path, so each game and language is its own entry."""
    text = _read(path)
    return RulesDocument(MappingProxyType(parse_topics(text)), MappingProxyType(parse_titles(text)))


def parse_titles(markdown: str) -> dict[str, str]:
    """A rules document's section keys with their headings' words."""
    found: dict[str, str] = {}
    for mark in _HEADING.finditer(markdown):
        found.setdefault(mark.group(3) or slug(mark.group(2)), mark.group(2))
    return found


@dataclass(frozen=True, slots=True)
class Worded:
    """A decision's text taken apart for its label: the verb, its plain arguments, its
    ``name=value`` words, and whether it is still being built (it ends in " …")."""

    verb: str
    args: list[str]
    named: dict[str, str]
    more: bool

    @staticmethod
    def of(text: str) -> Worded | None:
        more = text.endswith(" …")
        parts = (text[:-2] if more else text).split()
        if not parts:
            return None
        return Worded(parts[0], [w for w in parts[1:] if "=" not in w],
                      dict(w.split("=", 1) for w in parts[1:] if "=" in w), more)

    def done(self, label: str) -> str:
        """The label, with the ellipsis of a decision still being built."""
        return label + (" …" if self.more else "")


def slug(text: str) -> str:
    """``"Decisions and defaults"`` -> ``"decisions-and-defaults"``."""
    return re.sub(r"[^a-z0-9]+", "-", text.strip().lower()).strip("-")


def parse_topics(markdown: str) -> dict[str, str]:
    """A rules document's sections by heading (level 2 and 3), each with its text as Discord
    shows it (tables as aligned code blocks, ``games.tables``; cut to a Discord message)."""
    found: dict[str, str] = {}
    marks = list(_HEADING.finditer(markdown))
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(markdown)
        body = as_code_blocks(markdown[mark.end():end].strip())
        key = mark.group(3) or slug(mark.group(2))
        if not key or key in found:
            continue
        text = f"**{mark.group(2)}**\n{body}" if body else f"**{mark.group(2)}**"
        if len(text) > 1900:
            text = text[:1895] + "…"
            text += "\n```" if text.count("```") % 2 else ""  # a cut code block stays closed
        found[key] = text
    return found


class TextsPresentation(Presentation):
    """A presentation whose public and private texts are the functions of its ``texts`` module
    (``options_line``, ``round_summary``, ``final_text``, ``hand_text``); Mining Colony, White
    Ranium and Out of Mine! write theirs so."""

    texts: Any = None  # the game's texts module

    def options_line(self, options: Mapping[str, Any], players: int | None = None) -> str:
        return self.texts.options_line(options, players)  # type: ignore[no-any-return]

    def round_summary(self, view: dict[str, Any], scores: Mapping[str, Mapping[str, int]],
                      who: Who) -> str:
        return self.texts.round_summary(view, scores, who)  # type: ignore[no-any-return]

    def final_text(self, view: dict[str, Any], scores: Mapping[str, Mapping[str, int]],
                   winners: Sequence[str], who: Who) -> str:
        return self.texts.final_text(view, scores, winners, who)  # type: ignore[no-any-return]

    def hand_text(self, view: dict[str, Any], player_id: str, game_id: int) -> str:
        return self.texts.hand_text(  # type: ignore[no-any-return]
            view, player_id, game_id, f"/{self.command or 'game'}")
