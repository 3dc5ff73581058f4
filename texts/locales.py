"""The languages the bot speaks, and Discord's locales mapped onto them."""

from __future__ import annotations

from pathlib import Path

#: the source language (the msgids are English) and the two translated ones
DEFAULT = "en"
LOCALES = ("en", "ja", "de")
#: the catalogs: ``texts/locales/<lang>/LC_MESSAGES/messages.po`` (no compiled ``.mo`` kept)
FOLDER = Path(__file__).resolve().parent / "locales"
DOMAIN = "messages"


#: each language in its own words (the lobby's ``language`` choice, the lobby message)
NAMES = {"en": "English", "ja": "日本語", "de": "Deutsch"}


def from_discord(locale: object) -> str:
    """One of ``LOCALES`` for a Discord locale (``interaction.locale``, ``guild_locale``: a
    ``discord.Locale`` or its value such as ``"ja"``, ``"de"``, ``"en-US"``); ``en`` for any
    other language or none."""
    value = str(getattr(locale, "value", locale) or "").lower()
    lang = value.split("-")[0]
    return lang if lang in LOCALES else DEFAULT
