"""Run the test suite (or a chosen part of it) N times on a loaded machine and report every
failure with its test id: the proof that the suite does not flake (issue 32).

    .venv/bin/python scripts/loaded_runs.py                       # 5 runs of the whole suite, -n 2,
                                                                  # beside 2 CPU burners
    .venv/bin/python scripts/loaded_runs.py --runs 10 --burners 4 -- tests/e2e -n 2
    .venv/bin/python scripts/loaded_runs.py --beside-suite        # beside a second copy of the suite

Everything after ``--`` goes to pytest (default: the whole suite with ``-n 2 --dist
worksteal``, as ``scripts/test.sh``). The load is started before each run and stopped after it: ``--burners K``
processes that spin on a CPU, and/or ``--beside-suite``, a second copy of the same pytest
command run again and again beside the measured one (its failures are reported too, apart:
it ran with the measured run beside it). Each run writes JUnit XML to a private folder; the
report lists, for each run, its time, its counts, the load average seen (1-minute, sampled
every 5 s: mean and highest) and every failed or errored test id with the first line of why.
Exit status 1 if any measured run had a failure.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BURN = "while True: pass"


@dataclass
class Outcome:
    seconds: float = 0.0
    status: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    failures: list[tuple[str, str]] = field(default_factory=list)  # (test id, first line)
    loads: list[float] = field(default_factory=list)


def test_id(case: ET.Element) -> str:
    """pytest's node id from a JUnit test case (classname 'tests.e2e.test_x[.Class]', name)."""
    classname, name = case.get("classname", ""), case.get("name", "")
    file = case.get("file")
    parts = classname.split(".")
    if file:
        module = file
        rest = parts[len(Path(file).with_suffix("").parts):]
    else:
        # the longest prefix that is a file in the checkout
        module, rest = classname, []
        for i in range(len(parts), 0, -1):
            candidate = Path(*parts[:i]).with_suffix(".py")
            if (REPO / candidate).exists():
                module, rest = str(candidate), parts[i:]
                break
    return "::".join([module, *rest, name])


def read_junit(path: Path) -> tuple[dict[str, int], list[tuple[str, str]]]:
    counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    failures: list[tuple[str, str]] = []
    if not path.exists():
        return counts, [("(no report)", "pytest wrote no JUnit XML")]
    root = ET.parse(path).getroot()
    for suite in root.iter("testsuite"):
        for key in counts:
            counts[key] += int(suite.get(key, 0))
    for case in root.iter("testcase"):
        for kind in ("failure", "error"):
            for el in case.findall(kind):
                why = (el.get("message") or el.text or "").strip().splitlines()
                failures.append((f"{test_id(case)} ({kind})", why[0][:200] if why else ""))
    return counts, failures


def pytest_command(args: list[str], junit: Path, basetemp: Path) -> list[str]:
    return [str(REPO / ".venv" / "bin" / "python"), "-m", "pytest", "-p", "no:cacheprovider",
            f"--basetemp={basetemp}", f"--junitxml={junit}", "-q", *args]


def run_pytest(args: list[str], folder: Path, tag: str, log: Path) -> Outcome:
    junit, basetemp = folder / f"{tag}.xml", folder / f"{tag}-tmp"
    started = time.perf_counter()
    with open(log, "ab") as out:
        status = subprocess.call(pytest_command(args, junit, basetemp), cwd=REPO, stdout=out,
                                 stderr=subprocess.STDOUT)
    outcome = Outcome(seconds=time.perf_counter() - started, status=status)
    outcome.counts, outcome.failures = read_junit(junit)
    if status not in (0, 1) and not outcome.failures:
        outcome.failures.append(("(pytest)", f"exit status {status}, see {log}"))
    if not outcome.failures:  # else kept: the failed tests' folders (a bot's log...)
        shutil.rmtree(basetemp, ignore_errors=True)
    return outcome


class Load:
    """The load beside one measured run: CPU burners and/or a second copy of the suite."""

    def __init__(self, burners: int, beside: list[str] | None, folder: Path) -> None:
        self.burners, self.beside, self.folder = burners, beside, folder
        self.procs: list[subprocess.Popen[bytes]] = []
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None
        self.beside_outcomes: list[Outcome] = []
        self.beside_proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Load:
        for _ in range(self.burners):
            self.procs.append(subprocess.Popen([sys.executable, "-c", BURN]))
        if self.beside is not None:
            self.thread = threading.Thread(target=self._suite_again, daemon=True)
            self.thread.start()
        return self

    def _suite_again(self) -> None:
        n = 0
        while not self.stop.is_set():
            n += 1
            tag = f"beside-{n}"
            junit, basetemp = self.folder / f"{tag}.xml", self.folder / f"{tag}-tmp"
            started = time.perf_counter()
            with open(self.folder / "beside.log", "ab") as out:
                self.beside_proc = subprocess.Popen(
                    pytest_command(self.beside or [], junit, basetemp), cwd=REPO, stdout=out,
                    stderr=subprocess.STDOUT, start_new_session=True)
                status = self.beside_proc.wait()
            if self.stop.is_set():  # cut short: not a run
                shutil.rmtree(basetemp, ignore_errors=True)
                return
            outcome = Outcome(seconds=time.perf_counter() - started, status=status)
            outcome.counts, outcome.failures = read_junit(junit)
            self.beside_outcomes.append(outcome)
            shutil.rmtree(basetemp, ignore_errors=True)

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for proc in self.procs:  # the burners this script started, by their ids
            proc.kill()
            proc.wait()
        if self.beside_proc is not None and self.beside_proc.poll() is None:
            os.killpg(self.beside_proc.pid, signal.SIGTERM)  # its own session: pytest + workers
            try:
                self.beside_proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.beside_proc.pid, signal.SIGKILL)
        if self.thread is not None:
            self.thread.join(60)


def sample_load(stop: threading.Event, into: list[float]) -> None:
    while not stop.wait(5.0):
        into.append(os.getloadavg()[0])


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    pytest_args = ["-n", "2", "--dist", "worksteal"]
    if "--" in argv:
        cut = argv.index("--")
        argv, pytest_args = argv[:cut], argv[cut + 1:]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--burners", type=int, default=2, help="CPU burners beside each run")
    parser.add_argument("--beside-suite", action="store_true",
                        help="a second copy of the same pytest command, run again and again")
    parser.add_argument("--keep", action="store_true",
                        help="keep the reports and logs folder (kept anyway after a failure)")
    args = parser.parse_args(argv)

    folder = Path(tempfile.mkdtemp(prefix="loaded-runs-"))
    print(f"pytest {' '.join(pytest_args)}: {args.runs} runs beside {args.burners} CPU burners"
          f"{' and a second copy of the suite' if args.beside_suite else ''} "
          f"({os.cpu_count()} CPUs); logs in {folder}", flush=True)
    measured: list[Outcome] = []
    beside: list[Outcome] = []
    for n in range(1, args.runs + 1):
        stop, loads = threading.Event(), []
        sampler = threading.Thread(target=sample_load, args=(stop, loads), daemon=True)
        with Load(args.burners, pytest_args if args.beside_suite else None, folder) as load:
            sampler.start()
            outcome = run_pytest(pytest_args, folder, f"run-{n}", folder / "runs.log")
            stop.set()
        outcome.loads = loads or [os.getloadavg()[0]]
        measured.append(outcome)
        beside += load.beside_outcomes
        c = outcome.counts
        print(f"run {n}: {outcome.seconds:.0f} s, {c['tests']} tests, {c['failures']} failed, "
              f"{c['errors']} errors, {c['skipped']} skipped; load average mean "
              f"{sum(outcome.loads) / len(outcome.loads):.1f}, highest {max(outcome.loads):.1f}",
              flush=True)
        for test, why in outcome.failures:
            print(f"  FAILED {test}: {why}", flush=True)
        for b in load.beside_outcomes:
            for test, why in b.failures:
                print(f"  (beside) FAILED {test}: {why}", flush=True)
    failed = [f for o in measured for f in o.failures]
    print(f"\n{len(measured)} runs, {len(failed)} failures"
          + (f"; the copy beside: {len(beside)} complete runs, "
             f"{sum(len(b.failures) for b in beside)} failures" if args.beside_suite else ""))
    if args.keep or failed:
        print(f"reports and logs kept in {folder}")
    else:
        shutil.rmtree(folder, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
