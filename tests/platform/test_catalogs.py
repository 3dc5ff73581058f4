"""The catalogs (texts/, docs/i18n.md): every text of every domain's template is in every
language, filled in, with the same placeholders; a text in two domains reads the same in both;
the catalogs are up to date with the code (``scripts/i18n.py --check``); plural rules and
numbers follow the language."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import texts
from texts.catalogs import catalog, messages, translations
from texts.locales import TEMPLATES, domains

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in texts.LOCALES if lang != texts.DEFAULT]
#: ``{name}`` placeholders of str.format and ``%(name)s``/``%d`` ones
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[sdif]")


def template(domain: str) -> dict:
    with (TEMPLATES / f"{domain}.pot").open("rb") as f:
        pot = read_po(f)
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in pot if m.id}


def _forms(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def _ids(message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def test_each_game_has_its_own_domain() -> None:
    """The shared texts first, then one domain per game package (``games/<g>/``)."""
    games = sorted(p.parent.name for p in (ROOT / "games").glob("*/__init__.py"))
    assert domains() == ("messages", *games)


@pytest.mark.parametrize("domain", domains())
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_text_is_in_every_language_filled_in_with_the_same_placeholders(
        lang: str, domain: str) -> None:
    entries = {(m.context, _ids(m)[0]): m for m in catalog(lang, domain) if m.id}
    wanted = template(domain)
    assert wanted or domain != "messages", "the template is empty"
    missing = sorted(k[1] for k in wanted if k not in entries)
    assert not missing, f"{lang}: {len(missing)} text(s) not in the catalog: {missing[:10]}"
    for key in wanted:
        message = entries[key]
        forms = _forms(message)
        assert all(forms), f"{lang}: no translation for {key[1]!r}"
        source = sorted(PLACEHOLDER.findall(_ids(message)[-1]))
        for form in forms:
            assert sorted(PLACEHOLDER.findall(form)) == source, (
                f"{lang}: {key[1]!r} -> {form!r}: placeholders {source}")
        assert not message.fuzzy, f"{lang}: {key[1]!r} is marked fuzzy"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_text_in_two_domains_reads_the_same_in_both(lang: str) -> None:
    """gettext reads a language's domains as one (``texts.catalogs.translations``): a text
    kept in two of them must not be translated two ways, or one would be lost."""
    seen: dict = {}
    for domain in domains():
        for m in catalog(lang, domain):
            if m.id:
                key = (m.context, _ids(m)[0])
                assert seen.setdefault(key, (domain, m.string))[1] == m.string, (
                    f"{lang}: {key[1]!r} in {seen[key][0]} and {domain}, translated two ways")
    assert len(seen) == len({(m.context, _ids(m)[0]) for m in messages(lang) if m.id})


def test_every_domain_is_read() -> None:
    """A text kept in a game's domain is translated (the merged catalogs hold it)."""
    for domain in domains()[1:]:
        for m in catalog("ja", domain):
            if m.id and isinstance(m.id, str) and not m.context and m.string != m.id:
                assert translations("ja").gettext(m.id) == m.string
                break


def test_the_catalogs_are_up_to_date_with_the_code() -> None:
    """Every marked text and every slash command's text is in the template (and the template
    in every catalog): ``python scripts/i18n.py`` brings them up to date."""
    run = subprocess.run([sys.executable, "scripts/i18n.py", "--check"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_plural_rules_and_numbers_are_the_languages() -> None:
    assert catalog("ja").num_plurals == 1 and catalog("de").num_plurals == 2
    with texts.using("de"):
        assert texts.number(1234.5) == "1.234,5"
    with texts.using("ja"):
        assert texts.number(1234.5) == "1,234.5"
    with texts.using("en"):
        assert texts.number(1234.5) == "1,234.5" and texts.number(12, 1) == "12.0"
    with texts.using("de"):
        assert texts.number(2.25, 1) == "2,2" and texts.number(3, 0) == "3"


def test_a_language_is_set_for_a_block_only() -> None:
    assert texts.language() == "en"
    with texts.using("ja"):
        assert texts.language() == "ja"
        with texts.using("xx"):  # anything unknown is the source language
            assert texts.language() == "en"
    assert texts.language() == "en"


@pytest.mark.parametrize(("discord", "lang"), [("ja", "ja"), ("de", "de"), ("en-US", "en"),
                                                ("en-GB", "en"), ("fr", "en"), (None, "en")])
def test_discord_locales_map_onto_the_three_languages(discord, lang) -> None:
    assert texts.from_discord(discord) == lang
