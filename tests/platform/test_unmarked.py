"""Player-facing strings not yet marked for translation (``tests/platform/unmarked.py``, issue
30): each file holds at most the count its allow-list entry says, and the list only shrinks (a
file that now holds fewer fails until its entry is lowered: ``python -m
tests.platform.unmarked --write-allow``). The counts per layer and per game are printed."""

from __future__ import annotations

import json

from tests.platform import unmarked


def test_no_new_unmarked_player_facing_strings_and_the_allow_list_only_shrinks(capsys) -> None:
    allowed: dict[str, int] = json.loads(unmarked.ALLOW.read_text())
    found = unmarked.counts()
    grown = {f: (n, allowed.get(f, 0)) for f, n in found.items() if n > allowed.get(f, 0)}
    assert not grown, ("unmarked player-facing strings (mark them with texts._ or N_): "
                       + ", ".join(f"{f}: {n} > {a}" for f, (n, a) in sorted(grown.items())))
    shrunk = {f: (found.get(f, 0), a) for f, a in allowed.items() if found.get(f, 0) < a}
    assert not shrunk, ("fewer unmarked strings than allowed: lower the allow-list "
                        "(python -m tests.platform.unmarked --write-allow): "
                        + ", ".join(f"{f}: {n} < {a}" for f, (n, a) in sorted(shrunk.items())))
    with capsys.disabled():
        rows = unmarked.table()
        print(f"\nunmarked player-facing strings: {sum(r[2] for r in rows)} "
              f"(marked texts: {sum(r[1] for r in rows)}); "
              + ", ".join(f"{a} {m}/{m + u}" for a, m, u in rows))
