"""Keep the catalogs (docs/i18n.md): ``python scripts/i18n.py`` extracts every marked text
(``_``, ``N_``, ``ngettext``, ``pgettext``: Babel's extractor over cogs/, referee/, games/,
render/, texts/) and every text of the slash commands (their names in the context ``slash
name``, choices in ``slash choice``: read from the bot's command tree), writes the template
``texts/messages.pot`` and brings each language's ``.po`` up to it (what is new has an empty
msgstr for the translator; ``tests/platform/test_catalogs.py`` fails until it is filled).
``--check`` changes nothing and exits 1 when the catalogs are behind the code."""

from __future__ import annotations

import asyncio
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
from texts.locales import DEFAULT, LOCALES  # noqa: E402

#: Babel's markers and ``texts.NP_`` (a text with a context, translated where it is used)
KEYWORDS = {**DEFAULT_KEYWORDS, "NP_": ((1, "c"), 2)}
FOLDERS = ("cogs", "referee", "games", "render", "texts")
POT = ROOT / "texts" / "messages.pot"


def marked(catalog: Catalog) -> None:
    for folder in FOLDERS:
        found = extract_from_dir(ROOT / folder, keywords=KEYWORDS,
                                 method_map=[("**.py", "python")])
        for filename, lineno, message, comments, context in found:
            catalog.add(message, None, [(f"{folder}/{filename}", lineno)],
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


def template() -> Catalog:
    catalog = Catalog(project="mining-referee", domain="messages", fuzzy=False)
    marked(catalog)
    for (context, message), where in sorted(asyncio.run(command_texts()).items(),
                                            key=lambda kv: (kv[0][0] or "", kv[0][1])):
        catalog.add(message, None, [(f"slash:{where.name}", 0)], context=context)
    return catalog


def render(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, omit_header=False, sort_output=True, width=100,
             include_lineno=False)
    return out.getvalue()


def main(argv: list[str]) -> int:
    check = "--check" in argv
    pot = template()
    behind = []
    wanted = {POT: render(pot)}
    for lang in LOCALES:
        if lang == DEFAULT:
            continue
        path = Path(po_path(lang))
        if path.exists():
            with path.open("rb") as f:
                po = read_po(f, locale=lang, domain="messages")
        else:
            po = Catalog(locale=lang, domain="messages", fuzzy=False)
        po.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        po.obsolete.clear()  # a text gone from the code goes from the catalogs
        wanted[path] = render(po)
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


def _body(data: bytes) -> bytes:
    """A catalog without its dated header lines (a run that changes nothing writes nothing)."""
    return b"\n".join(line for line in data.splitlines()
                      if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
