"""Worker process start: a bot pool's first answer, its workers forked from a fork server (the
pool as `service.core.bots.worker_processes` builds it) beside workers spawned afresh (the
baseline), in turn. Prints each way's wall time to a first answer and a worker's CPU time at
that answer, medians of the rounds, and their ratio.

    .venv/bin/python bench/worker_start.py [--rounds 10]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# bench/engine.py would shadow the `engine` package: import from the project's root instead.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from service.core.bots import worker_processes  # noqa: E402
from service.core.bots.worker_processes import WorkerProcesses  # noqa: E402


def first_answer(executor: ProcessPoolExecutor) -> tuple[float, float]:
    """Wall seconds from the pool's creation to its first answer, and its worker's CPU seconds
    by then (as the worker's clock counts them)."""
    started = time.perf_counter()
    cpu = executor.submit(time.clock_gettime, time.CLOCK_PROCESS_CPUTIME_ID).result()
    wall = time.perf_counter() - started
    executor.shutdown(wait=True)
    return wall, cpu


def forked() -> ProcessPoolExecutor:
    """The service's pool of one worker."""
    executor = WorkerProcesses(1).executor()
    assert isinstance(executor, ProcessPoolExecutor)
    return executor


def spawned() -> ProcessPoolExecutor:
    """One worker started by `spawn`: a fresh interpreter that imports the bots itself."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(
        1, mp_context=context, initializer=worker_processes.worker_started, initargs=(os.getpid(),)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    if worker_processes.start_method().get_start_method() != "forkserver":
        sys.exit("TMPDIR leaves no room for a fork server's socket: both ways would spawn")
    first_answer(forked())  # the fork server starts once, with the process: not a worker's cost
    figures: dict[str, list[tuple[float, float]]] = {"spawned": [], "forked": []}
    for _ in range(args.rounds):
        figures["spawned"].append(first_answer(spawned()))
        figures["forked"].append(first_answer(forked()))
    medians = {}
    for way, measured in figures.items():
        wall = statistics.median(w for w, _ in measured) * 1000
        cpu = statistics.median(c for _, c in measured) * 1000
        medians[way] = (wall, cpu)
        print(f"{way:8} first answer {wall:6.1f} ms   worker CPU {cpu:6.1f} ms")
    (spawn_wall, spawn_cpu), (fork_wall, fork_cpu) = medians["spawned"], medians["forked"]
    shares = f"{fork_wall / spawn_wall:.2f} of the wall time, {fork_cpu / spawn_cpu:.2f} of the CPU"
    print(f"forked / spawned: {shares} (medians of {args.rounds} rounds)")


if __name__ == "__main__":
    main()
