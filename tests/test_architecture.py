"""The import rule (docs/architecture.md), read from the source: every module's imports (AST,
imports inside functions and ``TYPE_CHECKING`` blocks included).

    bot -> cogs -> referee -> games -> render -> texts -> db -> engine

Each layer imports only the layers to its right (db uses engine's registry; engine imports
nothing of the project above it). No import loop anywhere, ``discord`` only in ``bot.py`` and
``cogs/``, no game named in ``referee/``, ``cogs/``, ``db/`` (``tests/platform``). Inside the
referee the rooms obey the same kind of rule (``REFEREE_ROOMS``).

``from pkg import Name`` where ``pkg/__init__.py`` only re-exports ``Name`` from one of its
modules counts as an import of that module: a package that gathers its names is not a loop."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The layers, top first: a module may import its own layer and the layers after it.
LAYERS = ("bot", "cogs", "referee", "games", "render", "texts", "db", "engine")
#: discord.py is the edge's: nothing below ``cogs`` imports it.
DISCORD_LAYERS = {"bot", "cogs"}
#: The referee's rooms, top first (``referee.service`` and ``referee.demo`` wire them together;
#: ``referee.errors`` is the refusals every room may raise).
REFEREE_ROOMS = ("referee", "referee.desks", "referee.deciding", "referee.telling",
                 "referee.shared", "referee.messages", "referee.process", "referee.errors")


def _modules() -> dict[str, Path]:
    found = {"bot": ROOT / "bot.py"}
    for top in LAYERS[1:]:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = _modules()


@cache
def _tree(name: str) -> ast.Module:
    return ast.parse(MODULES[name].read_text(), str(MODULES[name]))


def _package(name: str) -> str:
    return name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]


def _absolute(name: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = _package(name).split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


@cache
def _reexports(package: str) -> dict[str, str]:
    """What ``package/__init__.py`` takes from its own modules: name -> module."""
    out: dict[str, str] = {}
    for node in _tree(package).body:
        if isinstance(node, ast.ImportFrom):
            source = _absolute(package, node)
            if source.startswith(package + ".") and source in MODULES:
                for alias in node.names:
                    out[alias.asname or alias.name] = _defining(source, alias.name)
    return out


def _defining(module: str, name: str) -> str:
    """The module that really defines ``module.name`` (following a package's re-exports)."""
    if f"{module}.{name}" in MODULES:
        return f"{module}.{name}"
    if MODULES[module].name == "__init__.py":
        return _reexports(module).get(name, module)
    return module


def _known(dotted: str) -> str | None:
    while dotted and dotted not in MODULES:
        dotted = dotted.rpartition(".")[0]
    return dotted or None


def imports(name: str) -> Iterator[str]:
    """Every module name ``name`` imports (project modules resolved, others as written)."""
    for node in ast.walk(_tree(name)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield _known(alias.name) or alias.name
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(name, node)
            known = _known(source)
            if known is None:
                yield source
            elif known != source:
                yield known
            else:
                for alias in node.names:
                    yield _defining(source, alias.name)


def graph() -> dict[str, set[str]]:
    return {name: {i for i in imports(name) if i in MODULES and i != name} for name in MODULES}


def _layer(name: str) -> str:
    return name.split(".")[0]


def _room(name: str) -> str:
    return max((room for room in REFEREE_ROOMS if name == room or name.startswith(room + ".")),
               key=len)


def loops(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[frozenset[str]] = []
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    group = set()
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        group.add(w)
                        if w == v:
                            break
                    if len(group) > 1:
                        found.append(frozenset(group))
    return found


def test_no_import_loop() -> None:
    found = [sorted(group) for group in loops(graph())]
    assert not found, f"import loops: {found}"


def test_every_import_runs_downhill() -> None:
    upward = [(a, b) for a, bs in graph().items() for b in bs
              if LAYERS.index(_layer(b)) < LAYERS.index(_layer(a))]
    assert not upward, f"imports that run upward (bot -> cogs -> referee -> games -> render -> db -> engine): {upward}"


def test_the_referee_rooms_import_downhill() -> None:
    upward = [(a, b) for a, bs in graph().items() if _layer(a) == "referee"
              for b in bs if _layer(b) == "referee"
              and REFEREE_ROOMS.index(_room(b)) < REFEREE_ROOMS.index(_room(a))]
    assert not upward, f"referee imports that run upward ({' -> '.join(REFEREE_ROOMS)}): {upward}"


def test_the_referee_rooms_stay_small() -> None:
    for room in REFEREE_ROOMS[1:-1]:
        modules = [n for n in MODULES if n.startswith(room + ".")]
        assert 1 <= len(modules) <= 12, (room, modules)
    flat = [n for n in MODULES if n.startswith("referee.") and n.count(".") == 1
            and n not in REFEREE_ROOMS]
    assert sorted(flat) == ["referee.demo", "referee.service"], flat


def test_discord_is_imported_only_at_the_edge() -> None:
    below = sorted(name for name in MODULES if _layer(name) not in DISCORD_LAYERS
                   for i in imports(name) if i == "discord" or i.startswith("discord."))
    assert not below, f"discord imported below bot.py and cogs/: {below}"


def test_the_rule_sees_what_it_should() -> None:
    """The reader itself: a lazy import is seen, a package's re-export resolves to its module."""
    assert "referee.telling.notify" in imports("referee.deciding.sessions")
    assert set(imports("db.games")) & {"db.models", "db.storage.core"}
    assert loops({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]


def test_db_is_one_style_of_functions_over_a_core() -> None:
    """``db/`` is a module per topic of functions over a ``Core`` handle
    (``db.<topic>.<verb>(db, ...)``): none imports ``db.storage.database`` (only the package, which
    gathers the names, and the operator's check, which opens one), and ``Database`` holds the
    storage only."""
    import inspect

    from db import Database

    importers = sorted(n for n, deps in graph().items() if "db.storage.database" in deps)
    assert [n for n in importers if _layer(n) == "db"] == ["db", "db.check"], importers
    public = {n for n, _ in inspect.getmembers(Database, callable) if not n.startswith("_")}
    assert public == {"open", "close", "schema_version", "checkpoint", "observe_writes"}, public


def test_db_storage_is_a_room_below_the_topics() -> None:
    """``db.storage`` (the handle, the backends, migrations, the lease) imports nothing of ``db``
    but the shared vocabulary (``db.errors``, ``db.models``): the topics are built on it, never
    the other way; and it stays small."""
    storage = [n for n in MODULES if n.startswith("db.storage.")]
    assert 1 <= len(storage) <= 12, storage
    upward = [(a, b) for a in storage for b in graph()[a]
              if _layer(b) == "db" and not b.startswith("db.storage")
              and b not in ("db.errors", "db.models")]
    assert not upward, f"db.storage imports a topic of db: {upward}"


def test_stella_diggers_engine_is_in_rooms() -> None:
    """``engine/stella_digger`` (35 flat modules before issue 26) keeps the package convention's
    modules at its top (``engine.game_module``: ``game``, ``ai``, ``scenario``, ``invariants``;
    ``components``) and its rules in sub-packages named for what they hold, none of them big."""
    top = "engine.stella_digger"
    for part in ("game", "ai", "scenario", "invariants", "components"):
        assert f"{top}.{part}" in MODULES, part
    folders: dict[str, int] = {}
    for name, path in MODULES.items():
        if name.startswith(top + ".") or name == top:
            folder = str(path.parent)
            folders[folder] = folders.get(folder, 0) + 1
    assert len(folders) >= 3 and max(folders.values()) <= 14, folders
