"""Discord's documented limits, checked so a bot that would be refused by Discord is refused here.

Each `check_*` returns a dict of problems (dotted field path -> message); empty means fine.
"""

from __future__ import annotations

import re
from typing import Any

from .state import walk_components

COMPONENTS_V2 = 1 << 15
MAX_UPLOAD_BYTES = 10 * 1024 * 1024
_NAME = re.compile(r"^[-_\w]{1,32}$")


def _too_long(problems: dict[str, str], path: str, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        problems[path] = f"Must be {limit} or fewer in length."


def check_message(body: dict[str, Any], n_files: int, *, creating: bool) -> dict[str, str]:
    problems: dict[str, str] = {}
    content, embeds = body.get("content"), body.get("embeds") or []
    components = body.get("components") or []
    v2 = bool((body.get("flags") or 0) & COMPONENTS_V2)
    _too_long(problems, "content", content, 2000)
    if v2 and (content or embeds):
        problems["content"] = "The 'content' and 'embeds' fields cannot be used with IS_COMPONENTS_V2."
    if creating and not (content or embeds or components or n_files or body.get("attachments")
                         or body.get("sticker_ids") or body.get("poll")):
        problems["_empty"] = "Cannot send an empty message"
    if len(embeds) > 10:
        problems["embeds"] = "Must be 10 or fewer in length."
    total = 0
    for i, embed in enumerate(embeds):
        total += _check_embed(problems, f"embeds.{i}", embed)
    if total > 6000:
        problems["embeds"] = "Embed size exceeds maximum size of 6000"
    _check_components(problems, components, v2)
    return problems


def _check_embed(problems: dict[str, str], path: str, embed: dict[str, Any]) -> int:
    texts = [(embed.get("title"), "title", 256), (embed.get("description"), "description", 4096),
             ((embed.get("footer") or {}).get("text"), "footer.text", 2048),
             ((embed.get("author") or {}).get("name"), "author.name", 256)]
    fields = embed.get("fields") or []
    if len(fields) > 25:
        problems[f"{path}.fields"] = "Must be 25 or fewer in length."
    for j, fld in enumerate(fields):
        for key, limit in (("name", 256), ("value", 1024)):
            if not fld.get(key):
                problems[f"{path}.fields.{j}.{key}"] = "This field is required"
            texts.append((fld.get(key), f"fields.{j}.{key}", limit))
    for value, key, limit in texts:
        _too_long(problems, f"{path}.{key}", value, limit)
    return sum(len(v) for v, _, _ in texts if isinstance(v, str))


def _check_components(problems: dict[str, str], components: list[dict[str, Any]], v2: bool) -> None:
    if not v2 and len(components) > 5:
        problems["components"] = "Must be 5 or fewer in length."
    if not v2:
        for i, row in enumerate(components):
            inner = row.get("components") or []
            if row.get("type") != 1:
                problems[f"components.{i}.type"] = "Top-level components must be action rows."
            elif not 1 <= len(inner) <= 5:
                problems[f"components.{i}.components"] = "Must be between 1 and 5 in length."
            elif any(c.get("type") != 2 for c in inner) and len(inner) > 1:
                problems[f"components.{i}.components"] = "A select menu must be alone in its row."
    seen: set[str] = set()
    for k, comp in enumerate(walk_components(components)):
        path = f"components.{k}"
        cid = comp.get("custom_id")
        if cid is not None:
            _too_long(problems, f"{path}.custom_id", cid, 100)
            if cid in seen:
                problems[f"{path}.custom_id"] = "Component custom id cannot be duplicated"
            seen.add(cid)
        if comp.get("type") == 2:
            _too_long(problems, f"{path}.label", comp.get("label"), 80)
            link = comp.get("style") == 5
            if link and not comp.get("url"):
                problems[f"{path}.url"] = "Link buttons need a url."
            if not link and comp.get("style") != 6 and not cid:
                problems[f"{path}.custom_id"] = "This field is required"
        if comp.get("type") in (3, 5, 6, 7, 8):
            _too_long(problems, f"{path}.placeholder", comp.get("placeholder"), 150)
            options = comp.get("options") or []
            if len(options) > 25:
                problems[f"{path}.options"] = "Must be 25 or fewer in length."
            for j, opt in enumerate(options):
                for key in ("label", "value", "description"):
                    _too_long(problems, f"{path}.options.{j}.{key}", opt.get(key), 100)


def check_choices(choices: list[dict[str, Any]]) -> dict[str, str]:
    problems: dict[str, str] = {}
    if len(choices) > 25:
        problems["choices"] = "Must be 25 or fewer in length."
    for i, choice in enumerate(choices):
        name = choice.get("name") or ""
        if not 1 <= len(name) <= 100:
            problems[f"choices.{i}.name"] = "Must be between 1 and 100 in length."
        _too_long(problems, f"choices.{i}.value", choice.get("value"), 100)
        _check_localizations(problems, f"choices.{i}", "name_localizations",
                             choice.get("name_localizations"), lambda v: 1 <= len(v) <= 100)
    return problems


def check_modal(data: dict[str, Any]) -> dict[str, str]:
    problems: dict[str, str] = {}
    if not 1 <= len(data.get("title") or "") <= 45:
        problems["title"] = "Must be between 1 and 45 in length."
    if not data.get("custom_id"):
        problems["custom_id"] = "This field is required"
    if not 1 <= len(data.get("components") or []) <= 5:
        problems["components"] = "Must be between 1 and 5 in length."
    return problems


def check_commands(commands: list[dict[str, Any]]) -> dict[str, str]:
    problems: dict[str, str] = {}
    if len([c for c in commands if c.get("type", 1) == 1]) > 100:
        problems["_root"] = "Maximum number of application commands reached (100)."
    names: set[tuple[int, str]] = set()
    for i, cmd in enumerate(commands):
        key = (cmd.get("type", 1), cmd.get("name", ""))
        if key in names:
            problems[f"{i}.name"] = "Application command names must be unique"
        names.add(key)
        _check_command(problems, str(i), cmd, chat=cmd.get("type", 1) == 1)
    return problems


#: Discord's locales (``name_localizations`` keys: discord-api-spec's ``AvailableLocalesEnum``)
LOCALES = frozenset({"id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it",
                     "lt", "hu", "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs",
                     "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko"})


def _valid_name(name: str) -> bool:
    return bool(_NAME.match(name)) and name == name.lower()


def _check_localizations(problems: dict[str, str], path: str, field: str,
                         values: dict[str, Any] | None, check: Any) -> None:
    """``name_localizations``/``description_localizations``: a known locale each, and each
    value by the rule of the field it localises."""
    for locale, value in (values or {}).items():
        if locale not in LOCALES:
            problems[f"{path}.{field}.{locale}"] = "Invalid Form Body: not a valid locale"
        elif not isinstance(value, str) or not check(value):
            problems[f"{path}.{field}.{locale}"] = "Invalid localized value"


def _check_command(problems: dict[str, str], path: str, cmd: dict[str, Any], *, chat: bool) -> None:
    name = cmd.get("name") or ""
    if chat and not _valid_name(name):
        problems[f"{path}.name"] = "Command name is invalid"
    _check_localizations(problems, path, "name_localizations", cmd.get("name_localizations"),
                         _valid_name if chat else lambda v: 1 <= len(v) <= 32)
    _check_localizations(problems, path, "description_localizations",
                         cmd.get("description_localizations"), lambda v: 1 <= len(v) <= 100)
    if chat and not 1 <= len(cmd.get("description") or "") <= 100:
        problems[f"{path}.description"] = "Must be between 1 and 100 in length."
    options = cmd.get("options") or []
    if len(options) > 25:
        problems[f"{path}.options"] = "Must be 25 or fewer in length."
    optional_seen = False
    for j, opt in enumerate(options):
        if opt.get("required") and optional_seen:
            problems[f"{path}.options.{j}.required"] = "Required options must be placed before non-required options"
        optional_seen = optional_seen or (not opt.get("required") and opt.get("type") not in (1, 2))
        for key, problem in check_choices(opt.get("choices") or []).items():
            problems[f"{path}.options.{j}.{key}"] = problem
        _check_command(problems, f"{path}.options.{j}", opt, chat=True)
