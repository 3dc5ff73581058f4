"""Slash commands in each client's language: discord.py's ``app_commands.Translator`` reading
the gettext catalogs (``texts``). Discord shows a command's, option's and choice's name and
description in the user's client language from the ``name_localizations`` and
``description_localizations`` synced with it; what the bot receives is always the default
(English) name, and the values typed (``/game do`` notation, export files) are the log's
language-neutral format, never translated.

Names (of commands, groups and options) are catalog entries in the context ``slash name``, as
the same English word may be a sentence elsewhere; a translated name that breaks Discord's rule
(lowercase, no spaces, 1-32 letters, digits, ``-`` or ``_``: Japanese letters allowed) is not
sent, and ``tests/bot/test_translator.py`` checks every one."""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from texts import LOCALES, pgettext, using
from texts import _ as gettext

log = logging.getLogger(__name__)
#: Discord's rule for a chat command's and an option's name (its own regex, in Python's words)
NAME_RULE = re.compile(r"^[-_\w]{1,32}$")
#: catalog contexts of the names; descriptions and choices are plain entries
NAME_CONTEXT, CHOICE_CONTEXT = "slash name", "slash choice"
NAMES = {Where.command_name, Where.group_name, Where.parameter_name}
#: the Discord locales the catalogs serve (English is the commands' own text)
SERVED = {discord.Locale.japanese: "ja", discord.Locale.german: "de"}


def context_of(where: Where) -> str | None:
    if where in NAMES:
        return NAME_CONTEXT
    if where is Where.choice_name:
        return CHOICE_CONTEXT
    return None


def valid_name(text: str) -> bool:
    return bool(NAME_RULE.match(text)) and text == text.lower()


def localised(message: str, lang: str, where: Where) -> str | None:
    """``message`` (a command's English text at ``where``) in ``lang``, or None when the
    catalog has no translation (Discord then shows the English) or the name breaks the rule."""
    context = context_of(where)
    with using(lang):
        text = pgettext(context, message) if context else gettext(message)
    if text == message:
        return None
    if where in NAMES and not valid_name(text):
        log.warning("the %s name %r for %r breaks Discord's name rule: not sent", lang, text,
                    message)
        return None
    return text


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = SERVED.get(locale)
        if lang is None:
            return None
        return localised(string.message, lang, context.location)


class Recorder(app_commands.Translator):
    """Collects every text of the command tree with its catalog context (``scripts/i18n.py``
    writes them into the template; the tests check each is translated)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: dict[tuple[str | None, str], Where] = {}

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        self.seen.setdefault((context_of(context.location), string.message), context.location)
        return None


async def command_texts(tree: app_commands.CommandTree) -> dict[tuple[str | None, str], Where]:
    """(context, English text) -> where, for every name, description and choice of ``tree``."""
    recorder = Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return recorder.seen


assert set(SERVED.values()) | {"en"} == set(LOCALES)
