"""Keep the catalogs (docs/i18n.md): ``python scripts/i18n.py`` extracts every marked text
(``_``, ``N_``, ``ngettext``, ``pgettext``: Babel's extractor over cogs/, referee/, games/,
render/, texts/), the engines' refusals (``engine/<g>/``'s raised messages, in the context
``engine error``: ``engine_errors``) and every text of the slash commands (their names in the context ``slash
name``, choices in ``slash choice``: read from the bot's command tree), writes one template per
domain (``texts/templates/<domain>.pot``: a game's own files, ``games/<g>/`` and ``render/<g>/``,
are the domain ``<g>``; everything else is ``messages``) and brings each language's ``.po`` of
each domain up to it (what is new has an empty msgstr for the translator;
``tests/platform/test_catalogs.py`` fails until it is filled). ``--check`` changes nothing and
exits 1 when the catalogs are behind the code."""

from __future__ import annotations

import ast
import asyncio
import copy
import io
import sys
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from texts.catalogs import po_path  # noqa: E402
from texts.locales import DEFAULT, DOMAIN, ENGINE_ERROR, LOCALES, TEMPLATES  # noqa: E402

#: Babel's markers and ``texts.NP_`` (a text with a context, translated where it is used)
KEYWORDS = {**DEFAULT_KEYWORDS, "NP_": ((1, "c"), 2)}
FOLDERS = ("cogs", "referee", "games", "render", "texts")
#: the layers whose ``<layer>/<game>/`` files hold a game's own texts
GAME_LAYERS = ("games", "render")


def games() -> list[str]:
    """The games' packages (``games/<g>/``): each is a domain of its own."""
    return sorted(p.parent.name for p in (ROOT / "games").glob("*/__init__.py"))


def domain_of(folder: str, filename: str) -> str:
    """``<g>`` for a file of ``games/<g>/`` or ``render/<g>/``, else the shared domain."""
    first = Path(filename).parts[0]
    return first if folder in GAME_LAYERS and first in games() else DOMAIN


def new_catalog(domain: str) -> Catalog:
    return Catalog(project="mining-referee", domain=domain, fuzzy=False)


def marked(catalogs: dict[str, Catalog]) -> None:
    for folder in FOLDERS:
        found = extract_from_dir(ROOT / folder, keywords=KEYWORDS,
                                 method_map=[("**.py", "python")])
        for filename, lineno, message, comments, context in found:
            catalogs[domain_of(folder, filename)].add(
                message, None, [(f"{folder}/{filename}", lineno)],
                auto_comments=comments, context=context)


#: raised by a developer's scenario file (``engine/<g>/scenario.py``), never read by a player
NOT_PLAYERS = {"ScenarioError"}


def refusal_classes() -> set[str]:
    """The names of the engine's errors a player reads: ``GameError`` and its subclasses."""
    import engine.core.scenario  # noqa: F401  (its ScenarioError is a subclass)
    from engine.core.errors import GameError

    found, todo = set(), [GameError]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return found - NOT_PLAYERS


def raised_message(node: ast.Raise, classes: set[str]) -> str | None | bool:
    """The template of ``raise E("...")`` / ``raise E(f"...")`` for ``E`` in ``classes``: an
    f-string's expressions become ``{0}``, ``{1}``, ... in order, literal braces doubled, an
    English inflection ``{'s' if n > 1 else ''}`` becomes ``[s]`` (``_inflection``); strings
    joined by ``+`` are one message, each part not a string a placeholder.
    ``False`` for such a raise whose message is built elsewhere (a variable, a call, an
    f-string of no words of its own);
    ``None`` for any other raise."""
    call = node.exc
    if not isinstance(call, ast.Call) or not call.args:
        return None
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", None)
    if name not in classes:
        return None
    parts, n, words = [], 0, ""
    for piece in _pieces(call.args[0]):
        if isinstance(piece, ast.Constant) and isinstance(piece.value, str):
            parts.append(_literal(piece.value))
            words += piece.value
        elif inflection := _inflection(piece):
            parts.append(inflection)
        elif _words_chosen(piece):
            return False  # English words chosen in the code: they would show as a value
        else:
            parts.append(f"{{{n}}}")
            n += 1
    if n == len(parts) and n == 1:
        return False  # a variable or a call: the message is built elsewhere
    return "".join(parts) if _worded(words) else False


def _words_chosen(piece: ast.expr) -> bool:
    """``("a sentence" if x else "another")``: a part of the message written in English."""
    inner = piece.value if isinstance(piece, ast.FormattedValue) else piece
    return isinstance(inner, ast.IfExp) and any(
        isinstance(c, ast.JoinedStr) or (isinstance(c, ast.Constant) and isinstance(c.value, str)
                                         and _worded(c.value))
        for c in (inner.body, inner.orelse))


def _pieces(arg: ast.expr) -> list[ast.expr]:
    """The message's parts in order: an f-string's, and those of ``+`` joining strings."""
    if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Add):
        return _pieces(arg.left) + _pieces(arg.right)
    if isinstance(arg, ast.JoinedStr):
        return list(arg.values)
    return [arg]


def _inflection(value: ast.expr) -> str | None:
    """An English inflection, ``{'s' if n > 1 else ''}``, as ``[s]`` (``[a|b]`` for two words):
    a choice of the English, not a value (a translation words its own plural)."""
    if isinstance(value, ast.FormattedValue):
        if value.format_spec or value.conversion != -1:
            return None
        value = value.value
    choice = value
    if not isinstance(choice, ast.IfExp):
        return None
    words = [c.value for c in (choice.body, choice.orelse)
             if isinstance(c, ast.Constant) and isinstance(c.value, str)]
    if len(words) != 2 or not all(w.isalpha() or not w for w in words):
        return None
    return "[" + "|".join(w for w in words if w) + "]" if "" in words else f"[{words[0]}|{words[1]}]"


def _worded(text: str) -> bool:
    """A template needs words of its own (``f"{why}{end}."`` has none: it is built elsewhere,
    and would match any sentence)."""
    return sum(c.isalpha() for c in text) >= 2


def _literal(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def engine_errors(catalogs: dict[str, Catalog]) -> int:
    """Each game's engine refusals (``engine/<g>/``) into its domain, in the context ``engine
    error``; returns how many refusals were skipped (their message built elsewhere)."""
    classes, skipped = refusal_classes(), 0
    for game in games():
        for path in sorted((ROOT / "engine" / game).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Raise):
                    continue
                message = raised_message(node, classes)
                if message is False:
                    skipped += 1
                elif message:
                    catalogs[game].add(message, None,
                                       [(str(path.relative_to(ROOT)), node.lineno)],
                                       context=ENGINE_ERROR)
    return skipped


async def command_texts() -> dict:
    from bot import RefereeBot
    from cogs.translator import command_texts as collect
    from referee.process.config import Settings

    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(_env_file=None, database_path=str(Path(tmp) / "i18n.db"),  # type: ignore[call-arg]
                            discord_token="unused")
        bot = RefereeBot(settings)
        await bot.prepare()
        try:
            return await collect(bot.tree)
        finally:
            assert bot.db is not None
            await bot.db.close()


def templates() -> dict[str, Catalog]:
    """Each domain's template (the shared one holds the slash commands' texts)."""
    catalogs = {domain: new_catalog(domain) for domain in (DOMAIN, *games())}
    marked(catalogs)
    engine_errors(catalogs)
    for (context, message), where in sorted(asyncio.run(command_texts()).items(),
                                            key=lambda kv: (kv[0][0] or "", kv[0][1])):
        catalogs[DOMAIN].add(message, None, [(f"slash:{where.name}", 0)], context=context)
    return catalogs


def render(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, omit_header=False, sort_output=True, width=100,
             include_lineno=False)
    return out.getvalue()


def main(argv: list[str]) -> int:
    check = "--check" in argv
    behind = []
    wanted: dict[Path, bytes] = {}
    for domain, pot in templates().items():
        wanted[TEMPLATES / f"{domain}.pot"] = render(pot)
        for lang in LOCALES:
            if lang != DEFAULT:
                wanted[Path(po_path(lang, domain))] = render(updated(lang, domain, pot))
    for path, data in wanted.items():
        if path.exists() and _body(path.read_bytes()) == _body(data):
            continue
        behind.append(path.relative_to(ROOT))
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    for path in behind:
        print(("behind: " if check else "wrote: ") + str(path))
    return 1 if check and behind else 0


def updated(lang: str, domain: str, pot: Catalog) -> Catalog:
    """``lang``'s catalog of ``domain`` brought up to ``pot``: a text new to the domain keeps
    the translation it had in another of the language's domains (a text moved between
    domains is not translated twice)."""
    path = Path(po_path(lang, domain))
    if path.exists():
        with path.open("rb") as f:
            po = read_po(f, locale=lang, domain=domain)
    else:
        po = Catalog(locale=lang, domain=domain, project="mining-referee", fuzzy=False)
    known = {(m.context, m.id): m.string for d in (DOMAIN, *games()) if d != domain
             for m in _read(lang, d) if m.id and all(_forms(m.string))}
    # Babel's update may keep the template's own entries: a copy, so no language writes into it
    po.update(copy.deepcopy(pot), no_fuzzy_matching=True, update_header_comment=False)
    po.obsolete.clear()  # a text gone from the code goes from the catalogs
    for message in po:
        if message.id and not all(_forms(message.string)) and (message.context, message.id) in known:
            message.string = known[(message.context, message.id)]
    return po


def _read(lang: str, domain: str) -> Catalog:
    path = Path(po_path(lang, domain))
    if not path.exists():
        return Catalog(locale=lang, domain=domain)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def _forms(string: object) -> tuple:
    return string if isinstance(string, tuple) else (string,)


def _body(data: bytes) -> bytes:
    """A catalog without its dated header lines (a run that changes nothing writes nothing)."""
    return b"\n".join(line for line in data.splitlines()
                      if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
