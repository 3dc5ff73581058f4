"""The catalogs read from their ``.po`` files once per process (``babel.messages.pofile``),
compiled in memory: nothing compiled is stored, so nothing compiled can go stale."""

from __future__ import annotations

import io
from functools import cache

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from texts.locales import DEFAULT, DOMAIN, FOLDER


def po_path(lang: str) -> str:
    return str(FOLDER / lang / "LC_MESSAGES" / f"{DOMAIN}.po")


@cache
def catalog(lang: str) -> Catalog:
    """The ``.po`` catalog of ``lang`` as Babel reads it (its plural rule included)."""
    with open(po_path(lang), "rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


@cache
def translations(lang: str) -> NullTranslations:
    """gettext's ``Translations`` for ``lang``; the source language translates to itself."""
    if lang == DEFAULT:
        return NullTranslations()
    buf = io.BytesIO()
    write_mo(buf, catalog(lang), use_fuzzy=False)
    buf.seek(0)
    return Translations(fp=buf, domain=DOMAIN)
