"""Slash commands in the user's language (cogs/translator.py): every command, option and choice
text has its Japanese and German entry, every localised name keeps Discord's rule (lowercase, no
spaces, 1-32 letters, digits, ``-``, ``_``), names stay unique where Discord wants them unique,
and descriptions fit 100 characters."""

from __future__ import annotations

import discord
import pytest
from discord.app_commands import TranslationContextLocation as Where

from cogs.translator import SERVED, CatalogTranslator, localised, valid_name
from texts import pgettext, using

pytest_plugins = ["tests.fakediscord.fixtures", "tests.e2e.fixtures"]
LANGS = sorted(SERVED.values())


async def _payloads(bot) -> list[dict]:
    translator = CatalogTranslator()
    return [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]


def _walk(payload: dict, path: str = ""):
    here = f"{path}/{payload['name']}"
    yield here, payload
    for option in payload.get("options") or []:
        yield from _walk(option, here)


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_that_breaks_the_rule_is_not_sent(lang: str, monkeypatch) -> None:
    assert localised("join", lang, Where.command_name) not in (None, "join")
    monkeypatch.setattr("cogs.translator.pgettext", lambda ctx, msg: "Two Words")
    assert localised("join", lang, Where.command_name) is None
    assert not valid_name("Two Words") and not valid_name("x" * 33) and valid_name("待った")


async def test_every_command_text_is_localised_and_follows_discords_rules(world, db, stella) -> None:
    bot = await stella()
    payloads = await _payloads(bot)
    locales = {discord.Locale.japanese.value, discord.Locale.german.value}
    for payload in payloads:
        for path, item in _walk(payload):
            names = item.get("name_localizations") or {}
            assert set(names) <= locales
            for lang, name in names.items():
                assert valid_name(name), f"{path}: {lang} name {name!r}"
            descriptions = item.get("description_localizations") or {}
            assert set(descriptions) == locales, f"{path}: descriptions {sorted(descriptions)}"
            assert all(1 <= len(d) <= 100 for d in descriptions.values()), path
            siblings = item.get("options") or []
            for lang in locales:  # Discord refuses two options of one name at one level
                shown = [(o.get("name_localizations") or {}).get(lang, o["name"]) for o in siblings]
                assert len(shown) == len(set(shown)), f"{path}: {lang} names {shown}"
            for choice in item.get("choices") or []:
                assert set(choice.get("name_localizations") or {}) <= locales
    top = [(p.get("name_localizations") or {}).get("ja", p["name"]) for p in payloads]
    assert len(top) == len(set(top)), top


async def test_the_fake_discord_holds_the_localisations_the_bot_synced(world, db, stella) -> None:
    await stella()  # the fake validates them (tests/fakediscord/validation.py)
    synced = [c for scope in world.fake.commands.values() for c in scope.values()]
    game = next(c for c in synced if c["name"] == "game")
    with using("ja"):
        ja = pgettext("slash name", "game")
    assert game["name_localizations"]["ja"] == ja != "game"
    assert game["description_localizations"]["de"]
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["name_localizations"] == {"ja": "新規", "de": "neu"}
