"""Custom ids of the buttons and selects, parsed strictly.

Lobby:  ``sd:{game_id}:lobby:{join|leave|start}``
Turn:   ``sd:{game_id}:{version}:{tag}:{kind}:{arg}``
Life:   ``sd:{game_id}:life:{action}:{number}`` (``referee.desks.lifecycle``, ``referee.desks.takeback``,
        ``referee.desks.ending``): ``resign`` (the confirmation), ``rematch``, ``tb-yes``/``tb-no``
        (approve or refuse a takeback; the number is the state version it was asked at)

``version`` is the state version the panel was built for and ``tag`` six hex digits of the
snapshot's hash (an undo reuses version numbers; the tag tells the states apart). A control is
good while the game is in that state, or moved on from it only by other players' answers while
the clicker still owes the same decision (several players owing at once: ``referee.deciding.stale``).
Kinds:
``do`` (arg: a decision in the notation, applied as it is), ``verb`` (arg: a verb; opens a
private choice of that verb's legal decisions) and ``pick`` (a select; arg: the range it shows,
its values are ranges ``lo-hi`` of the sorted legal list), ``back`` (arg: one word of the
clicker's own draft, taken back out of it), ``part`` (a select under a draft; arg: what it
lists; its value is a part of the next word, such as a tile kind or a kind and a square, whose
legal next words the clicker is then offered) and ``add`` (a select of such next words; arg: the
part they are of; its value is a word added to the clicker's own draft), ``bench`` (a control of
the clicker's private workbench, ``referee.deciding.workbench``; arg: ``ACTION FP [HAND]``, the
action, four hex digits of the draft it was drawn for and the part in hand; its modal, the
typed grid, has a ``bench`` id too). Every id is at most 100 characters (Discord's limit).
Anything else is malformed.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from referee.errors import Malformed
from texts import N_, _

PREFIX = "sd:"
TEMPLATE = r"sd:.*"  # the DynamicItem template: everything of ours; parse() is the strict part
MAX_LEN = 100
LOBBY_ACTIONS = ("join", "leave", "start")
KINDS = ("do", "verb", "pick", "back", "part", "add", "run", "multi", "bench")
LIFE_ACTIONS = ("resign", "rematch", "tb-yes", "tb-no")

_ID = r"[1-9][0-9]{0,17}"
_LOBBY = re.compile(rf"sd:(?P<game>{_ID}):lobby:(?P<action>join|leave|start)")
_LIFE = re.compile(rf"sd:(?P<game>{_ID}):life:(?P<action>resign|rematch|tb-yes|tb-no)"
                   r":(?P<arg>0|[1-9][0-9]{0,8})")
_TURN = re.compile(rf"sd:(?P<game>{_ID}):(?P<version>0|[1-9][0-9]{{0,8}}):(?P<tag>[0-9a-f]{{6}})"
                   r":(?P<kind>do|verb|pick|back|part|add|run|multi|bench):(?P<arg>[A-Za-z0-9 ,:=>/\-]{1,80})")
_ARG = {
    "do": re.compile(r"[a-z][a-z-]*( [A-Za-z0-9,=>/\-]+)*"),
    "verb": re.compile(r"[a-z][a-z-]{0,15}"),
    "run": re.compile(r"[a-z][a-z-]{0,15}"),
    "multi": re.compile(r"[a-z][a-z-]{0,15}"),  # a multi-select of this verb's items  # a select of runs of this verb (``referee.messages.runs``)
    "pick": re.compile(r"(0|[1-9][0-9]{0,5})-([1-9][0-9]{0,5})"),
    "back": re.compile(r"[A-Za-z0-9][A-Za-z0-9,:=>/\-]*"),
    "part": re.compile(r"[A-Za-z0-9][A-Za-z0-9,:/\-]*"),
    "add": re.compile(r"[A-Za-z0-9][A-Za-z0-9,:/\-]*"),
    "bench": re.compile(r"(?P<action>[a-z]{2,8}) (?P<fp>[0-9a-f]{4})( (?P<hand>[A-Za-z0-9][A-Za-z0-9,:/\-]*))?"),
}
BENCH = _ARG["bench"]
VALUE = re.compile(r"[A-Za-z0-9][A-Za-z0-9,:/\-]{0,99}")  # a part or word a select offers
_RANGE = _ARG["pick"]
BAD = N_("That control is malformed (it wasn't made by this bot). Nothing changed.")


def state_tag(snapshot_text: str) -> str:
    return hashlib.sha1(snapshot_text.encode("utf-8")).hexdigest()[:6]


@dataclass(frozen=True, slots=True)
class LobbyId:
    game_id: int
    action: str

    def __str__(self) -> str:
        return f"{PREFIX}{self.game_id}:lobby:{self.action}"


@dataclass(frozen=True, slots=True)
class LifeId:
    game_id: int
    action: str
    arg: int = 0

    def __str__(self) -> str:
        return f"{PREFIX}{self.game_id}:life:{self.action}:{self.arg}"


@dataclass(frozen=True, slots=True)
class TurnId:
    game_id: int
    version: int
    tag: str
    kind: str
    arg: str

    def __str__(self) -> str:
        return f"{PREFIX}{self.game_id}:{self.version}:{self.tag}:{self.kind}:{self.arg}"


def lobby_id(game_id: int, action: str) -> str:
    text = str(LobbyId(game_id, action))
    parse(text)
    return text


def life_id(game_id: int, action: str, arg: int = 0) -> str:
    text = str(LifeId(game_id, action, arg))
    parse(text)
    return text


def turn_id(game_id: int, version: int, tag: str, kind: str, arg: str) -> str | None:
    """The custom id, or None if it would be too long or malformed (use another control)."""
    text = str(TurnId(game_id, version, tag, kind, arg))
    try:
        parse(text)
    except Malformed:
        return None
    return text


def parse(custom_id: str) -> LobbyId | LifeId | TurnId:
    if not isinstance(custom_id, str) or len(custom_id) > MAX_LEN:
        raise Malformed(_(BAD))
    m = _LOBBY.fullmatch(custom_id)
    if m:
        return LobbyId(int(m["game"]), m["action"])
    m = _LIFE.fullmatch(custom_id)
    if m:
        return LifeId(int(m["game"]), m["action"], int(m["arg"]))
    m = _TURN.fullmatch(custom_id)
    if not m or not _ARG[m["kind"]].fullmatch(m["arg"]):
        raise Malformed(_(BAD))
    if m["kind"] == "pick":
        parse_range(m["arg"])
    return TurnId(int(m["game"]), int(m["version"]), m["tag"], m["kind"], m["arg"])


def parse_range(value: str, size: int | None = None) -> tuple[int, int]:
    """``lo-hi`` with lo < hi (and hi <= size when given); Malformed otherwise."""
    m = _RANGE.fullmatch(value) if isinstance(value, str) else None
    if not m:
        raise Malformed(_("That choice is malformed. Nothing changed."))
    lo, hi = int(m[1]), int(m[2])
    if lo >= hi or (size is not None and hi > size):
        raise Malformed(_("That choice is malformed. Nothing changed."))
    return lo, hi
