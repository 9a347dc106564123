"""The progress bar: drawn on a terminal, hidden on a pipe, as `ESCOPA_PROGRESS` or the option
says otherwise; it shows the count, the rate and the time left."""

from __future__ import annotations

import io
import os
import pty
import time

import pytest

from service.cli.progress import progress, shown, timed, track


class Captured(io.StringIO):
    def isatty(self) -> bool:
        return False


def test_a_pipe_gets_no_bar_and_a_terminal_does(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ESCOPA_PROGRESS", raising=False)
    main, other = pty.openpty()
    try:
        with os.fdopen(other, "w", closefd=False) as terminal:
            assert shown(None, terminal)
    finally:
        os.close(main)
        os.close(other)
    assert not shown(None, Captured())


@pytest.mark.parametrize(("setting", "expected"), [("1", True), ("on", True), ("0", False)])
def test_the_environment_forces_or_hides_the_bar(
    monkeypatch: pytest.MonkeyPatch, setting: str, expected: bool
) -> None:
    monkeypatch.setenv("ESCOPA_PROGRESS", setting)
    assert shown(None, Captured()) is expected


def test_the_option_wins_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ESCOPA_PROGRESS", "1")
    assert not shown(False, Captured())
    monkeypatch.setenv("ESCOPA_PROGRESS", "0")
    assert shown(True, Captured())


def test_a_forced_bar_shows_items_done_of_the_total_the_rate_and_time_left() -> None:
    out = Captured()
    with progress(5, "work", "items", forced=True, stream=out) as advance:
        for _ in range(5):
            advance(1)
    drawn = out.getvalue()
    assert "work" in drawn
    assert "5/5" in drawn
    assert "items/s" in drawn or "items/min" in drawn
    assert "left" in drawn


def test_a_hidden_bar_writes_nothing_and_tracking_keeps_every_item() -> None:
    out = Captured()
    with progress(3, "work", "items", forced=False, stream=out) as advance:
        advance(3)
    assert out.getvalue() == ""
    assert list(track(range(4), 4, "work", "items", forced=False)) == [0, 1, 2, 3]


def test_a_fixed_time_bar_shows_the_seconds_gone_of_the_total() -> None:
    out = Captured()
    with timed(1.2, "phase", forced=True, stream=out):
        time.sleep(1.3)
    drawn = out.getvalue()
    assert "phase" in drawn
    assert "1/1 s" in drawn
    assert "left" in drawn


def test_a_hidden_fixed_time_bar_writes_nothing() -> None:
    out = Captured()
    with timed(0.1, "phase", forced=False, stream=out):
        pass
    assert out.getvalue() == ""
