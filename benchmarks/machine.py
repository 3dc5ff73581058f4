"""The machine itself, beside any code under test: ``python -m benchmarks machine [--json]
[--seconds S] [--dir DIR]``.

Two probes that the bot's code cannot change, so that two runs of a benchmark compare only where
the machine was the same: ``machine_speed_ms``, a fixed piece of pure-Python work (this virtual
machine's speed moved by a third within an hour), and ``DiskProbe``, a synced 4 KB write ten
times a second, as a COMMIT's WAL write is (its fdatasync, on this machine's disk, took 0.3 ms
at the median and 100-1,700 ms a few times a minute, with or without the bot running: every
reply written meanwhile waits as long; docs/limits.md, "Sixth step"). ``benchmarks limits``
reports both for every step.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import TracebackType
from typing import Any

#: a fsync slower than this is a stall of the disk (a COMMIT's takes 0.3-1 ms here)
SLOW_MS = 50.0


def machine_speed_ms(rounds: int = 3) -> float:
    """Milliseconds this process takes for a fixed piece of pure-Python work (integer sums,
    a dict and string building: the interpreter's speed, no I/O), the fastest of ``rounds``:
    the machine's own speed just then, which the code under test cannot change."""
    best = math.inf
    for _ in range(rounds):
        start = time.perf_counter()
        total, table = 0, {}
        for i in range(200_000):
            total += i * i % 7
            table[i & 1023] = str(i)
        best = min(best, time.perf_counter() - start)
    return round(best * 1000, 1)


class DiskProbe:
    """A 4 KB write and its ``fdatasync`` every ``period_s``, in a thread, in a file of
    ``directory`` (where the database is): how long the disk itself makes a synced write wait.
    ``mark()`` then ``since(mark)`` give one step's figures."""

    def __init__(self, directory: Path, *, period_s: float = 0.1) -> None:
        self.path = Path(directory) / f"disk-probe-{os.getpid()}.bin"
        self.period_s = period_s
        self.took: list[float] = []  # seconds each fdatasync took, in order
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="disk-probe", daemon=True)

    def __enter__(self) -> DiskProbe:
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._stop.set()
        self._thread.join()
        self.path.unlink(missing_ok=True)

    def _run(self) -> None:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            page, at = os.urandom(4096), 0
            while not self._stop.wait(self.period_s):
                os.pwrite(fd, page, at)
                at = (at + 4096) % (4 << 20)  # a 4 MB ring, as a WAL restarted now and then
                start = time.perf_counter()
                os.fdatasync(fd)
                self.took.append(time.perf_counter() - start)
        finally:
            os.close(fd)

    def mark(self) -> int:
        return len(self.took)

    def since(self, mark: int = 0) -> dict[str, float | int]:
        """The fdatasyncs since ``mark``: p50, p99 and the longest (ms), how many were stalls
        (over ``SLOW_MS``) and the time spent in them (ms)."""
        took = sorted(self.took[mark:])
        if not took:
            return {"disk_fsyncs": 0}
        slow = [t for t in took if t * 1000 > SLOW_MS]
        return {"disk_fsyncs": len(took),
                "disk_fsync_p50_ms": round(took[len(took) // 2] * 1000, 2),
                "disk_fsync_p99_ms": round(took[min(len(took) - 1, int(len(took) * 0.99))] * 1000, 1),
                "disk_fsync_max_ms": round(took[-1] * 1000, 1),
                "disk_stalls": len(slow),
                "disk_stalled_ms": round(sum(slow) * 1000)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks machine")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the disk is probed")
    parser.add_argument("--dir", default=None, help="the disk to probe (a directory on it)")
    args = parser.parse_args(argv)
    result: dict[str, Any] = {"load_avg": [round(x, 2) for x in os.getloadavg()],
                              "cpus": os.cpu_count(), "machine_ms": machine_speed_ms()}
    with tempfile.TemporaryDirectory(prefix="machine-bench-", dir=args.dir) as tmp:
        with DiskProbe(Path(tmp)) as probe:
            time.sleep(args.seconds)
        result.update(probe.since())
    if args.json:
        print(json.dumps(result))
    else:
        print(f"machine: {result['cpus']} CPUs, load average {result['load_avg']}, "
              f"{result['machine_ms']} ms for the fixed Python work")
        print(f"disk: {result['disk_fsyncs']} synced 4 KB writes in {args.seconds:g} s, fdatasync "
              f"p50 {result.get('disk_fsync_p50_ms')} ms, p99 {result.get('disk_fsync_p99_ms')} ms, "
              f"longest {result.get('disk_fsync_max_ms')} ms; {result.get('disk_stalls')} over "
              f"{SLOW_MS:g} ms, {result.get('disk_stalled_ms')} ms in them")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
