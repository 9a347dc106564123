"""`escopa serve`'s metrics directory: shared by the workers of one run, never by two runs."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from service.cli.main import attached, parser, shared_metrics
from service.ops.observation.metrics import MULTIPROCESS_DIR


def test_one_worker_without_a_directory_keeps_its_metrics_in_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(MULTIPROCESS_DIR, raising=False)
    assert shared_metrics(1) is None
    assert MULTIPROCESS_DIR not in os.environ


def test_several_workers_get_a_fresh_directory_of_their_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(MULTIPROCESS_DIR, raising=False)
    made = shared_metrics(2)
    try:
        assert made is not None
        assert Path(made).is_dir()
        assert list(Path(made).iterdir()) == []
        assert os.environ[MULTIPROCESS_DIR] == made
    finally:
        os.environ.pop(MULTIPROCESS_DIR, None)  # set by the call, not by monkeypatch
        if made is not None:
            shutil.rmtree(made)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_given_directory_is_made_or_wiped_of_a_previous_runs_values(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, workers: int
) -> None:
    given = tmp_path / "metrics"
    monkeypatch.setenv(MULTIPROCESS_DIR, str(given))
    assert shared_metrics(workers) is None  # not ours to remove at the end
    assert given.is_dir()
    (given / "counter_123.db").write_bytes(b"stale")
    (given / "notes.txt").write_text("kept")
    assert shared_metrics(workers) is None
    assert sorted(p.name for p in given.iterdir()) == ["notes.txt"]


@pytest.mark.parametrize("option", ["--invite", "--token", "--api-key", "--game"])
def test_a_code_that_begins_with_a_dash_is_read_as_its_options_value(option: str) -> None:
    argv = ["play", "--url", "http://127.0.0.1:1", "--game", "g1", option, "-m0IZ_9va1J"]

    args = parser().parse_args(attached(argv))

    assert getattr(args, option[2:].replace("-", "_")) == "-m0IZ_9va1J"
