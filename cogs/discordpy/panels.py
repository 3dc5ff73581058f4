"""discord.ui components from the pure specs of ``choices``, and the same as Discord's JSON.

Every button and select of a game is a ``GameComponent``: a ``DynamicItem`` whose template
matches all our custom ids (``sd:...``), so clicks on messages sent before a restart still
arrive, with no per-message registration. The strict parsing is ``ids.parse`` in the handler,
so a malformed id gets an explanation instead of silence.
"""

from __future__ import annotations

from typing import Any

import discord

from referee.deciding.workbench import GRID_INPUT, Modal
from referee.messages import ids
from referee.messages.choices import Panel

MAX_ROWS = 5  # action rows a message carries at most (Discord)
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class GameComponent(discord.ui.DynamicItem[Any], template=ids.TEMPLATE):
    """Any of our buttons or selects; the client's ``on_game_component`` handles the click."""

    def __init__(self, item: Any) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: Any,
                             match: Any, /) -> GameComponent:
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = [str(v) for v in getattr(self.item, "values", [])]
        await interaction.client.on_game_component(interaction, self.custom_id, values)


class TypedModal(discord.ui.Modal):
    """A modal of one paragraph (``referee.deciding.workbench.Modal``). Its submission is
    handled by the client's ``on_interaction`` (``cogs.components.handle_modal``), which also
    takes one opened before a restart: nothing is done here."""

    def __init__(self, spec: Modal) -> None:
        super().__init__(title=spec.title[:45], custom_id=spec.custom_id, timeout=900)
        self.add_item(discord.ui.TextInput(
            label=spec.label[:45], style=discord.TextStyle.paragraph, default=spec.value,
            custom_id=GRID_INPUT, min_length=1, max_length=spec.max_length))

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        return None


def build_view(panel: Panel) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for button in panel.buttons[:25]:
        view.add_item(GameComponent(discord.ui.Button(
            label=button.label, custom_id=button.custom_id, style=STYLES[button.style])))
    rows = -(-len(panel.buttons[:25]) // 5)
    for i, select in enumerate(([panel.select] if panel.select else []) + list(panel.selects)):
        view.add_item(GameComponent(discord.ui.Select(
            custom_id=select.custom_id, placeholder=select.placeholder,
            min_values=select.min_values, max_values=select.max_values,
            options=[discord.SelectOption(label=o.label, value=o.value, description=o.description)
                     for o in select.options], row=min(4, rows + i))))
    return view


def rows(panel: Panel) -> list[dict[str, Any]]:
    """The panel as the ``components`` of a message: the JSON ``build_view(panel)`` sends,
    written directly (building discord.ui items for every post cost the bot's loop more than
    the items are worth when the message is sent by ``cogs.discordpy.outbox``). Buttons five to a
    row, then each select in a row of its own; a ``ValueError`` where ``build_view`` raises one."""
    buttons = panel.buttons[:25]
    out: list[dict[str, Any]] = [
        {"type": 1, "components": [_button(b) for b in buttons[i:i + 5]]}
        for i in range(0, len(buttons), 5)]
    out += [{"type": 1, "components": [_select(s)]}
            for s in ([panel.select] if panel.select else []) + list(panel.selects)]
    if len(out) > MAX_ROWS:
        raise ValueError(f"a message carries at most {MAX_ROWS} rows of controls, not {len(out)}")
    return out


def _button(button: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": 2, "style": STYLES[button.style].value, "disabled": False}
    if button.label:
        out["label"] = button.label
    out["custom_id"] = button.custom_id
    return out


def _select(select: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": 3, "custom_id": select.custom_id,
                           "min_values": select.min_values, "max_values": select.max_values,
                           "disabled": False, "required": True}
    if select.placeholder:
        out["placeholder"] = select.placeholder
    if select.options:
        out["options"] = [_option(o) for o in select.options]
    return out


def _option(option: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"label": option.label, "value": option.value, "default": False}
    if option.description:
        out["description"] = option.description
    return out
