"""The catalogs read from their ``.po`` files once per process (``babel.messages.pofile``),
compiled in memory: nothing compiled is stored, so nothing compiled can go stale.

A language's catalogs are one per domain (the shared texts, then each game's own:
``texts.locales.domains``), so a game's words are kept beside each other and a fifth game adds
its own files; gettext reads them as one (``translations``)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from functools import cache

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from texts.locales import DEFAULT, DOMAIN, FOLDER, TEMPLATES, domains


def po_path(lang: str, domain: str = DOMAIN) -> str:
    return str(FOLDER / lang / "LC_MESSAGES" / f"{domain}.po")


@cache
def catalog(lang: str, domain: str = DOMAIN) -> Catalog:
    """The ``.po`` catalog of ``lang`` for ``domain`` as Babel reads it (its plural rule
    included)."""
    with open(po_path(lang, domain), "rb") as f:
        return read_po(f, locale=lang, domain=domain)


def messages(lang: str) -> Iterator[Message]:
    """Every entry of every domain of ``lang``."""
    for domain in domains():
        yield from catalog(lang, domain)


def _compiled(lang: str, domain: str) -> Translations:
    buf = io.BytesIO()
    write_mo(buf, catalog(lang, domain), use_fuzzy=False)
    buf.seek(0)
    return Translations(fp=buf, domain=domain)


@cache
def translations(lang: str) -> NullTranslations:
    """gettext's ``Translations`` for ``lang``, every domain merged into one (a text is in one
    domain, or the same in each: ``tests/platform/test_catalogs.py``); the source language
    translates to itself."""
    if lang == DEFAULT:
        return NullTranslations()
    merged = _compiled(lang, DOMAIN)
    for domain in domains()[1:]:
        merged.merge(_compiled(lang, domain))
    return merged


@cache
def in_context(context: str) -> tuple[str, ...]:
    """Every msgid of every domain's template in ``context`` (the English texts a layer
    translates by matching them: ``referee/messages/refusals.py``)."""
    found: list[str] = []
    for domain in domains():
        with open(TEMPLATES / f"{domain}.pot", "rb") as f:
            found.extend(m.id for m in read_po(f) if m.context == context and isinstance(m.id, str))
    return tuple(found)
