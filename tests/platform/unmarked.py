"""Player-facing strings not yet marked for translation (docs/i18n.md), read from the source.

A string counts when it reads as words (two words, or one capitalised word of three letters or
more) and is not a docstring, not marked (inside ``_``, ``N_``, ``ngettext``, ``pgettext``),
not a log line, not an ``assert``'s or a bug's exception (``RuntimeError``, ``TypeError``,
``AssertionError``, ``KeyError``, ``NotImplementedError``), not a key or an index. It is a
heuristic: it over-counts a few internal strings and misses single lowercase words; the counts
are what ``tests/platform/test_unmarked.py`` holds to an allow-list that may only shrink.
``python -m tests.platform.unmarked`` prints the counts per layer and per game."""

from __future__ import annotations

import ast
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: where players' words are written: the edge, the referee, the games' texts, the pictures
FOLDERS = ("cogs", "referee", "games", "render")
#: the operator's side, not the players' (settings, metrics, process machinery, start checks)
OPERATOR = ("referee/process/", "cogs/discordpy/operator.py", "cogs/preflight.py",
            "referee/shared/log_fields.py", "referee/shared/heartbeat.py", "render/__main__.py",
            "render/bench.py", "referee/demo.py")
MARKERS = {"_", "N_", "NP_", "ngettext", "pgettext", "npgettext", "gettext"}
LOGGING = {"debug", "info", "warning", "error", "exception", "critical", "log"}
#: the slash commands' texts: translated by ``cogs.translator`` from the command tree
#: (``_command``: a game's own group's commands declared as data, ``cogs/own_group.py``)
SLASH = {"command", "describe", "Choice", "Group", "choices", "group", "_command"}
BUGS = {"RuntimeError", "TypeError", "AssertionError", "KeyError", "NotImplementedError",
        "AttributeError"}
WORDS = re.compile(r"[A-Za-z]{2,}[^\n]*\s[^\n]*[A-Za-z]{2,}|^[A-Z][a-z]{2,}[.!:]?$")
NOT_WORDS = re.compile(r"^[\w.:/-]*$|^%|^\w+=|^SELECT |^INSERT |^UPDATE |^CREATE |^DELETE ")


def _text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def _skipped(tree: ast.Module) -> set[int]:
    """ids of nodes whose strings do not count (docstrings, marked, logs, bugs, keys)."""
    skip: set[int] = set()

    def under(node: ast.AST) -> None:
        for child in ast.walk(node):
            skip.add(id(child))

    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and _text(body[0].value) is not None:
                under(body[0])
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in MARKERS or name in BUGS or name in SLASH \
                    or (isinstance(f, ast.Attribute) and name in LOGGING):
                under(node)
            for keyword in node.keywords:
                if keyword.arg == "description":
                    under(keyword.value)
        elif isinstance(node, ast.Assert) and node.msg is not None:
            under(node.msg)
        elif isinstance(node, ast.Subscript):
            under(node.slice)
        elif isinstance(node, ast.Compare):
            under(node)
    return skip


def unmarked(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), str(path))
    skip = _skipped(tree)
    # an f-string's own pieces count with it, not apart
    pieces = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    found = []
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in pieces:
            continue
        text = _text(node)
        if text is None:
            continue
        text = text.strip()
        if WORDS.search(text) and not NOT_WORDS.match(text):
            found.append((node.lineno, text))
    return found


def files() -> list[Path]:
    out = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if not rel.startswith(OPERATOR):
                out.append(path)
    return out


def counts() -> dict[str, int]:
    """file -> how many unmarked player-facing strings it holds (files with none left out)."""
    out = {}
    for path in files():
        n = len(unmarked(path))
        if n:
            out[path.relative_to(ROOT).as_posix()] = n
    return out


def marked_counts() -> Counter[str]:
    """file -> how many texts it marks (the calls of ``_``, ``N_``, ``ngettext``...)."""
    out: Counter[str] = Counter()
    for path in files():
        for node in ast.walk(ast.parse(path.read_text())):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None) \
                if isinstance(node, ast.Call) else None
            if name in MARKERS:
                out[path.relative_to(ROOT).as_posix()] += 1
    return out


def area(rel: str) -> str:
    """The layer, or the game for ``games/<g>/`` and ``render/<g>/``."""
    parts = rel.split("/")
    if parts[0] in ("games", "render") and len(parts) > 2:
        return f"{parts[0]}/{parts[1]}"
    return parts[0]


def table() -> list[tuple[str, int, int]]:
    """(area, marked, unmarked) per layer and per game."""
    left, done = Counter(), Counter()
    for rel, n in counts().items():
        left[area(rel)] += n
    for rel, n in marked_counts().items():
        done[area(rel)] += n
    return [(a, done[a], left[a]) for a in sorted(set(left) | set(done))]


ALLOW = Path(__file__).with_name("unmarked_allow.json")


if __name__ == "__main__":
    if "--write-allow" in sys.argv:  # after marking texts: the allow-list shrinks to the counts
        ALLOW.write_text(json.dumps(counts(), indent=1, sort_keys=True) + "\n")
    if "--list" in sys.argv:
        for path in files():
            for line, text in unmarked(path):
                print(f"{path.relative_to(ROOT)}:{line}: {text[:90]!r}")
    print(f"{'area':28} {'marked':>7} {'unmarked':>9}")
    for name, done, left in table():
        print(f"{name:28} {done:7} {left:9}")
    total = table()
    print(f"{'total':28} {sum(t[1] for t in total):7} {sum(t[2] for t in total):9}")
