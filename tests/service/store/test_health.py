"""A dependency's health as a process tells it: one line when it goes, one when it comes back,
also when only part of it fails (a Redis Cluster with one master down answers the calls to the
others meanwhile, and the process's calls interleave)."""

from __future__ import annotations

import logging

import pytest

from service.store.health import QUIET, Dependency


class Clock:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "escopa.dependencies"]


def test_calls_that_fail_and_answer_in_turn_are_told_once_down_then_once_back(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="escopa.dependencies")
    clock = Clock()
    redis = Dependency("redis", clock)
    for _ in range(50):  # a master down: its calls fail, the others' are answered
        redis.failed(ConnectionError("refused"))
        clock.now += 0.01
        redis.answered()
        assert not redis.up
    clock.now += QUIET
    redis.answered()
    assert redis.up
    went, came = lines(caplog)
    assert (went, came) == ("redis is unreachable: ConnectionError: refused", "redis answers again")


def test_a_dependency_answering_again_is_up_once_no_call_failed_for_a_moment() -> None:
    clock = Clock()
    archive = Dependency("the archive", clock)
    archive.failed(OSError("down"))
    clock.now += QUIET / 2
    archive.answered()
    assert not archive.up
    clock.now += QUIET / 2
    archive.answered()
    assert archive.up
