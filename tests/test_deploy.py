"""``deploy/mining-referee.service``: the systemd unit the README installs passes
``systemd-analyze verify`` (every directive known and well-formed, the command executable)
and says what a supervisor must: restart on failure within a start limit, but not after a
configuration mistake (status 2); stop with SIGTERM so the bot releases its lease; the .env
file, a dedicated user, a working directory."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parents[1] / "deploy" / "mining-referee.service"


def directives(text: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if "=" in line and not line.lstrip().startswith(("#", "[")):
            key, value = line.split("=", 1)
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def test_the_unit_says_what_a_supervisor_must() -> None:
    unit = directives(UNIT.read_text())
    assert unit["Restart"] == ["on-failure"] and unit["RestartPreventExitStatus"] == ["2"]
    assert int(unit["StartLimitBurst"][0]) >= 3 and int(unit["StartLimitIntervalSec"][0]) > 0
    assert unit["ExecStop"] == ["/bin/kill -TERM $MAINPID"] and unit["KillSignal"] == ["SIGTERM"]
    assert unit["EnvironmentFile"] == ["/opt/mining-referee/.env"]
    assert unit["User"] == ["mining-referee"] and unit["WorkingDirectory"] == ["/opt/mining-referee"]
    assert unit["ExecStart"] == ["/opt/mining-referee/.venv/bin/python bot.py"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_systemd_analyze_verify_passes(tmp_path: Path) -> None:
    """Verified with its folders moved under a temporary one (the command must exist)."""
    root = tmp_path / "root"
    (root / "opt/mining-referee/.venv/bin").mkdir(parents=True)
    os.symlink(shutil.which("python3") or "/usr/bin/python3",
               root / "opt/mining-referee/.venv/bin/python")
    text = UNIT.read_text().replace("/opt/mining-referee", f"{root}/opt/mining-referee")
    text = text.replace("/var/lib/mining-referee", f"{root}/var/lib/mining-referee")
    unit = tmp_path / "mining-referee.service"
    unit.write_text(text)
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True,
                          text=True, timeout=60)
    said = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert done.returncode == 0 and not said, "\n".join(said)
    # and the check itself is not blind: a wrong value is reported
    unit.write_text(text.replace("Restart=on-failure", "Restart=sometimes"))
    bad = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True,
                         text=True, timeout=60)
    assert "sometimes" in bad.stdout + bad.stderr
