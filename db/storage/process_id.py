"""Who a process is, well enough to tell later whether it still runs (for ``db.storage.lease``).

A lease row names its holder by host name, pid scope, pid and start time. The pid scope is the
boot id (``/proc/sys/kernel/random/boot_id``: new at every boot) and the pid namespace
(``/proc/self/ns/pid``: containers on one kernel each have their own pids): two processes with
the same host name and the same scope see the same pids, so one can look the other up. The
start time (``/proc/<pid>/stat`` field 22, clock ticks since boot) tells the holder from another
process that got its pid after it died. Where ``/proc`` is missing (not Linux), the scope is
empty and no holder is ever provably dead: its lease is waited out.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")


@dataclass(frozen=True, slots=True)
class ProcessId:
    host: str
    pid_scope: str  # "" when unknown: nobody can tell whether the process still runs
    pid: int
    started: int  # clock ticks after boot; 0 when unknown

    def same_scope(self, other: ProcessId) -> bool:
        """Can this process look up ``other``'s pid (same host, same boot, same namespace)?"""
        return bool(self.pid_scope) and (self.host, self.pid_scope) == (other.host, other.pid_scope)


#: ``running(pid, started)``: True if that process (that pid, started then) runs now
Probe = Callable[[int, int], bool]


def start_time(pid: int, proc: Path = PROC) -> int | None:
    """The process's start time (``/proc/<pid>/stat`` field 22); None if there is no such pid."""
    try:
        stat = (proc / str(pid) / "stat").read_text()
    except (FileNotFoundError, ProcessLookupError, NotADirectoryError):
        return None
    except OSError:
        return None
    # field 2 (the command) is in parentheses and may hold spaces or ')': fields 3.. follow the last ')'
    fields = stat[stat.rindex(")") + 2:].split()
    return int(fields[22 - 3])


def running(pid: int, started: int, proc: Path = PROC) -> bool:
    """Does process ``pid``, started at ``started``, run now (in this pid scope)? A zombie
    counts as gone: it runs no code."""
    now = start_time(pid, proc)
    if now is None or now != started:
        return False
    try:
        state = (proc / str(pid) / "stat").read_text()
    except OSError:
        return False
    return state[state.rindex(")") + 2:].split()[0] not in ("Z", "X")


def _scope(proc: Path) -> str:
    try:
        boot = (proc / "sys/kernel/random/boot_id").read_text().strip()
        namespace = os.readlink(proc / "self/ns/pid")
    except OSError:
        return ""
    return f"{boot} {namespace}" if boot else ""


def this_process(proc: Path = PROC) -> ProcessId:
    pid = os.getpid()
    scope = _scope(proc)
    started = start_time(pid, proc) if scope else None
    return ProcessId(socket.gethostname(), scope if started else "", pid, started or 0)
