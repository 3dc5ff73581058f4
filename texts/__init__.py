"""The words players read, in their language: gettext catalogs kept with Babel (docs/i18n.md).

This package sits below ``render/`` and above ``db/`` (``tests/test_architecture.py``), so the
referee, the games' texts and the pictures all translate through it; it imports nothing of the
project, and ``engine/`` never imports it (the engine's event texts are translated, where they
are, by the layer that shows them).

    from texts import _, N_, ngettext, using
    with using("ja"):
        _("Deadline: {when}").format(when=...)
"""

from texts.current import (
    N_,
    NP_,
    _,
    called_in,
    command,
    done,
    language,
    ngettext,
    npgettext,
    number,
    pgettext,
    speak,
    using,
)
from texts.locales import DEFAULT, LOCALES, NAMES, from_discord

__all__ = ["DEFAULT", "LOCALES", "NAMES", "N_", "NP_", "_", "called_in", "command", "done", "from_discord", "language", "ngettext",
           "npgettext", "number", "pgettext", "speak", "using"]
