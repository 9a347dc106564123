"""Settings from the environment: on/off flags say what they mean or are refused."""

from __future__ import annotations

import pytest

from service.settings import Settings, flag


@pytest.mark.parametrize("text", ["1", "true", "YES", " on "])
def test_a_flag_is_on_for_the_words_of_yes(text: str) -> None:
    assert flag(text, "X", False) is True


@pytest.mark.parametrize("text", ["0", "false", "No", "off"])
def test_a_flag_is_off_for_the_words_of_no(text: str) -> None:
    assert flag(text, "X", True) is False


@pytest.mark.parametrize(("text", "default"), [(None, True), ("", False), ("  ", True)])
def test_an_unset_or_empty_flag_keeps_its_default(text: str | None, default: bool) -> None:
    assert flag(text, "X", default) is default


def test_a_flag_that_says_neither_is_refused_with_its_name() -> None:
    with pytest.raises(ValueError, match="ESCOPA_FAST_MOVES='maybe'"):
        flag("maybe", "ESCOPA_FAST_MOVES", True)


def test_the_fast_lane_and_the_cluster_flag_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ESCOPA_FAST_MOVES", "off")
    monkeypatch.setenv("ESCOPA_REDIS_CLUSTER", "on")
    settings = Settings.from_env()
    assert (settings.http.fast_moves, settings.redis.cluster) == (False, True)
    monkeypatch.delenv("ESCOPA_FAST_MOVES")
    monkeypatch.delenv("ESCOPA_REDIS_CLUSTER")
    assert (Settings.from_env().http.fast_moves, Settings.from_env().redis.cluster) == (True, False)


def test_the_bot_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ESCOPA_BOTS", "0")
    monkeypatch.setenv("ESCOPA_BOT_BUDGET", "500")
    monkeypatch.setenv("ESCOPA_BOT_PROCESSES", "2")
    monkeypatch.setenv("ESCOPA_BOT_CLAIM_IDLE", "2.5")
    monkeypatch.setenv("ESCOPA_HINT_RATE_LIMIT", "5/10")
    settings = Settings.from_env()
    assert (settings.bots.worker, settings.bots.budget, settings.bots.processes) == (False, 500, 2)
    hints = settings.limits.hints
    assert (settings.bots.claim_idle, hints.limit, hints.window) == (2.5, 5, 10.0)
    monkeypatch.setenv("ESCOPA_HINT_RATE_LIMIT", "-1")
    with pytest.raises(ValueError, match="ESCOPA_HINT_RATE_LIMIT='-1'"):
        Settings.from_env()


def test_the_replay_limit_counts_moves_per_window_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert (Settings().limits.replays.limit, Settings().limits.replays.window) == (20000, 60.0)
    monkeypatch.setenv("ESCOPA_REPLAY_RATE_LIMIT", "5000/30")
    settings = Settings.from_env()
    assert (settings.limits.replays.limit, settings.limits.replays.window) == (5000, 30.0)
