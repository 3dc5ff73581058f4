"""Markdown tables as Discord can show them.

Discord renders no markdown table: the rules documents' tables (``| a | b |`` rows under a
``|---|---:|`` line) reach players as rows of pipes. ``as_code_blocks`` turns every table of a
text into an aligned code block (the columns padded to their widest cell, numbers right-aligned
where the table says ``---:``, the backticks of notation cells dropped since a code block shows
them as code already); a table with sentences in its cells (any cell over ``PROSE``
characters) reads better as a list, one row a line: ``- **side**: side a (...)``. The rest of
the text is left as it is.
"""

from __future__ import annotations

import re

PROSE = 30  # a cell longer than this is a sentence: its table becomes a list
_RULE = re.compile(r"^\|(\s*:?-+:?\s*\|)+\s*$")  # the |---|---:| line under a table's header


def _cells(line: str) -> list[str]:
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    return [cell.strip() for cell in inner.split("|")]


def _block(header: list[str], rule: str, rows: list[list[str]]) -> list[str]:
    right = [part.strip().endswith(":") for part in rule.strip().strip("|").split("|")]
    width = len(header)
    table = [[cell.replace("`", "") for cell in row + [""] * (width - len(row))]
             for row in [header, *rows]]
    sizes = [max(len(row[i]) for row in table) for i in range(width)]

    def line(row: list[str]) -> str:
        padded = [(cell.rjust if i < len(right) and right[i] else cell.ljust)(sizes[i])
                  for i, cell in enumerate(row[:width])]
        return "  ".join(padded).rstrip()

    under = "  ".join("-" * size for size in sizes)
    return ["```", line(table[0]), under, *(line(row) for row in table[1:]), "```"]


def _listed(header: list[str], rows: list[list[str]]) -> list[str]:
    out = []
    for row in rows:
        first, rest = (row[0] if row else ""), row[1:]
        named = [cell if len(header) == 2 or not header[i + 1] else f"{header[i + 1]} {cell}"
                 for i, cell in enumerate(rest) if cell and i + 1 < len(header)]
        out.append(f"- **{first}**: " + "; ".join(named) if named else f"- **{first}**")
    return out


def as_code_blocks(text: str) -> str:
    """``text`` with each markdown table replaced by an aligned code block."""
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        if (lines[i].lstrip().startswith("|") and i + 1 < len(lines)
                and _RULE.match(lines[i + 1].strip())):
            header, rule = _cells(lines[i]), lines[i + 1]
            i += 2
            rows = []
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            prose = any(len(cell.replace("`", "")) > PROSE for row in rows for cell in row)
            out.extend(_listed(header, rows) if prose else _block(header, rule, rows))
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)
