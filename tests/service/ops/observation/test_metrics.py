"""The workers' merged metrics forget the live gauges of workers that died without closing;
the archive worker's counts are exposed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from service.ops.observation.metrics import MULTIPROCESS_DIR, Metrics, forget_dead_workers


def a_dead_pid() -> int:
    """The pid of a process that has just exited."""
    process = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(process.stdout)


def test_a_dead_workers_live_gauges_go_and_everything_else_stays(tmp_path: Path) -> None:
    dead, living = a_dead_pid(), os.getpid()
    files = [
        f"gauge_livesum_{dead}.db",  # a crashed worker's open streams: forgotten
        f"gauge_liveall_{dead}.db",
        f"gauge_livesum_{living}.db",  # a running worker's: kept
        f"gauge_sum_{dead}.db",  # games active count whoever made them: kept
        f"counter_{dead}.db",  # counters of dead workers still count: kept
        "gauge_livesum_x.db",  # not a worker's file: left alone
    ]
    for name in files:
        (tmp_path / name).write_bytes(b"")

    forget_dead_workers(str(tmp_path))

    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [
            f"gauge_livesum_{living}.db",
            f"gauge_sum_{dead}.db",
            f"counter_{dead}.db",
            "gauge_livesum_x.db",
        ]
    )


def test_merged_metrics_sweep_the_dead_workers_gauges_when_a_worker_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stale = tmp_path / f"gauge_livesum_{a_dead_pid()}.db"
    stale.write_bytes(b"")
    monkeypatch.setenv(MULTIPROCESS_DIR, str(tmp_path))
    Metrics()
    assert not stale.exists()


def test_the_archive_workers_results_and_backlog_are_exposed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(MULTIPROCESS_DIR, raising=False)
    metrics = Metrics()
    metrics.archiving("archived")
    metrics.archiving("archived")
    metrics.archiving("failed")
    metrics.archive_backlog(7)
    text = metrics.exposition().decode()
    assert 'escopa_archive_results_total{result="archived"} 2.0' in text
    assert 'escopa_archive_results_total{result="failed"} 1.0' in text
    assert "escopa_archive_pending 7.0" in text
