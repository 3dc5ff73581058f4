"""The languages the bot speaks, and Discord's locales mapped onto them."""

from __future__ import annotations

from pathlib import Path

#: the source language (the msgids are English) and the two translated ones
DEFAULT = "en"
LOCALES = ("en", "ja", "de")
#: the catalogs: ``texts/locales/<lang>/LC_MESSAGES/<domain>.po`` (no compiled ``.mo`` kept)
FOLDER = Path(__file__).resolve().parent / "locales"
#: the templates, one per domain: ``texts/templates/<domain>.pot``
TEMPLATES = Path(__file__).resolve().parent / "templates"
#: the shared domain (the platform's texts: cogs, referee, the games' shared code, the slash
#: commands); each game's own texts (``games/<g>/``, ``render/<g>/``) are the domain ``<g>``
DOMAIN = "messages"
#: the context of the engines' refusals in each game's catalog: extracted from ``engine/<g>/``
#: by ``scripts/i18n.py``, matched and translated by ``referee/messages/refusals.py``
ENGINE_ERROR = "engine error"


def domains() -> tuple[str, ...]:
    """Every catalog's domain: the shared one first, then each game's (one template each)."""
    found = sorted(p.stem for p in TEMPLATES.glob("*.pot") if p.stem != DOMAIN)
    return (DOMAIN, *found)


#: each language in its own words (the lobby's ``language`` choice, the lobby message)
NAMES = {"en": "English", "ja": "日本語", "de": "Deutsch"}


def from_discord(locale: object) -> str:
    """One of ``LOCALES`` for a Discord locale (``interaction.locale``, ``guild_locale``: a
    ``discord.Locale`` or its value such as ``"ja"``, ``"de"``, ``"en-US"``); ``en`` for any
    other language or none."""
    value = str(getattr(locale, "value", locale) or "").lower()
    lang = value.split("-")[0]
    return lang if lang in LOCALES else DEFAULT
