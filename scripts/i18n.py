"""Keep the catalogs (docs/i18n.md): ``python scripts/i18n.py`` extracts every marked text
(``_``, ``N_``, ``ngettext``, ``pgettext``: Babel's extractor over cogs/, referee/, games/,
render/, texts/) and every text of the slash commands (their names in the context ``slash
name``, choices in ``slash choice``: read from the bot's command tree), writes one template per
domain (``texts/templates/<domain>.pot``: a game's own files, ``games/<g>/`` and ``render/<g>/``,
are the domain ``<g>``; everything else is ``messages``) and brings each language's ``.po`` of
each domain up to it (what is new has an empty msgstr for the translator;
``tests/platform/test_catalogs.py`` fails until it is filled). ``--check`` changes nothing and
exits 1 when the catalogs are behind the code."""

from __future__ import annotations

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
from texts.locales import DEFAULT, DOMAIN, LOCALES, TEMPLATES  # noqa: E402

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
