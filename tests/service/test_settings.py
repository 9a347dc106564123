"""Settings from the environment: each field of each group reads the one variable written
beside it, on/off flags say what they mean, and a malformed value is refused with its name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from service.settings import Rate, Settings, Variable, flag, groups, variables

SOURCE = Path(__file__).resolve().parents[2] / "service" / "settings.py"
DEPLOYED: dict[str, tuple[str, Any]] = {
    "REDIS_URL": ("redis.url", "redis://127.0.0.1:6379/0"),
    "ESCOPA_REDIS_TIMEOUT": ("redis.timeout", 2.0),
    "ESCOPA_REDIS_CLUSTER": ("redis.cluster", False),
    "ESCOPA_REDIS_CONNECTIONS": ("redis.connections", 100),
    "ESCOPA_MULTIPLEX": ("redis.multiplex", True),
    "ESCOPA_WAIT_REPLICAS": ("redis.wait_replicas", -1),
    "ESCOPA_WAIT_TIMEOUT_MS": ("redis.wait_timeout_ms", 500),
    "ESCOPA_WAIT_AOF": ("redis.wait_aof", False),
    "ESCOPA_SIGNING_KEY": ("keys.signing", ()),
    "ESCOPA_SIGNING_KEY_FILE": ("keys.signing_file", None),
    "ESCOPA_API_KEYS": ("keys.api_hashes", ()),
    "ESCOPA_MAX_BODY_BYTES": ("http.max_body_bytes", 16384),
    "ESCOPA_RECEIVE_TIMEOUT": ("http.receive_timeout", 10.0),
    "ESCOPA_FAST_MOVES": ("http.fast_moves", True),
    "ESCOPA_GAME_CACHE": ("http.game_cache", 4096),
    "ESCOPA_MAX_STREAMS": ("streams.max_total", 200),
    "ESCOPA_MAX_STREAMS_PER_CLIENT": ("streams.max_per_client", 20),
    "ESCOPA_MAX_STREAMS_PER_GAME": ("streams.max_per_game", 50),
    "ESCOPA_STREAM_HEARTBEAT": ("streams.heartbeat", 15.0),
    "ESCOPA_STREAM_BLOCK": ("streams.block", 5.0),
    "ESCOPA_STREAM_TICKET_TTL": ("streams.ticket_ttl", 300),
    "ESCOPA_RATE_LIMIT": ("limits.requests", Rate(12000, 60.0)),
    "ESCOPA_CREATE_RATE_LIMIT": ("limits.creations", Rate(120, 60.0)),
    "ESCOPA_HINT_RATE_LIMIT": ("limits.hints", Rate(60, 60.0)),
    "ESCOPA_REPLAY_RATE_LIMIT": ("limits.replays", Rate(20000, 60.0)),
    "ESCOPA_GAME_TTL": ("ttl.game", 604800),
    "ESCOPA_FINISHED_TTL": ("ttl.finished", None),
    "ESCOPA_WAITING_TTL": ("ttl.waiting", 86400),
    "ESCOPA_IDEMPOTENCY_TTL": ("ttl.idempotency", 86400),
    "ESCOPA_COMMITMENT_TTL": ("ttl.commitment", 86400),
    "ESCOPA_FIRST_MOVE_TIMEOUT": ("clocks.first_move_timeout", 60.0),
    "ESCOPA_CLOCK_SWEEP": ("clocks.sweep", True),
    "ESCOPA_BOTS": ("bots.worker", True),
    "ESCOPA_BOT_BUDGET": ("bots.budget", 3000),
    "ESCOPA_BOT_PROCESSES": ("bots.processes", 1),
    "ESCOPA_BOT_CLAIM_IDLE": ("bots.claim_idle", 10.0),
    "ESCOPA_WEBHOOKS": ("webhooks.worker", True),
    "ESCOPA_WEBHOOK_ALLOW": ("webhooks.allow", ()),
    "ESCOPA_WEBHOOK_TIMEOUT": ("webhooks.timeout", 10.0),
    "ESCOPA_WEBHOOK_ATTEMPTS": ("webhooks.attempts", 8),
    "ESCOPA_WEBHOOK_BACKOFF": ("webhooks.backoff", 2.0),
    "ESCOPA_ARCHIVE_URL": ("archive.url", ""),
    "ESCOPA_ARCHIVER": ("archive.worker", True),
    "ESCOPA_LEADERBOARD_MIN_GAMES": ("ratings.min_games", 3),
    "ESCOPA_WATCH_WINDOW": ("ratings.watch_window", 20),
    "ESCOPA_WATCH_EARLY_MOVES": ("ratings.watch_early_moves", 8),
    "ESCOPA_WATCH_SANDBAG": ("ratings.watch_sandbag", 3),
    "ESCOPA_WATCH_BOOST": ("ratings.watch_boost", 3),
    "ESCOPA_WATCH_REPEATS": ("ratings.watch_repeats", 10),
    "ESCOPA_TOURNAMENT_MAX_ENTRANTS": ("tournaments.max_entrants", 64),
    "ESCOPA_TOURNAMENT_MAX_ROUNDS": ("tournaments.max_rounds", 20),
    "ESCOPA_TOURNAMENT_MAX_BOARDS": ("tournaments.max_boards", 10),
    "ESCOPA_BOT_TOURNAMENT_RATE_LIMIT": ("tournaments.bots_only", Rate(10, 3600.0)),
}
"""Every variable deployments set, with the setting it fills and its default: none may change."""


def every_variable() -> list[tuple[str, Variable]]:
    """Each field of each group with its variable, the group's name first."""
    return [(name, variable) for name, group in groups().items() for variable in variables(group)]


def sample(variable: Variable, n: int) -> tuple[str, Any]:
    """A text for the variable that is not its default, and the value it should read as; `n`
    makes each field's value its own, so a field reading another's variable is seen."""
    kind, default = variable.kind, variable.default
    if kind is bool:
        return ("0", False) if default else ("1", True)
    if kind is int:
        return str(default + 1000 + n), default + 1000 + n
    if kind == int | None:
        return str(1000 + n), 1000 + n
    if kind is float:
        return f"{default + n + 0.5:g}", default + n + 0.5
    if kind is Rate:
        return f"{default.limit + n}/{default.window + n:g}", (
            default.limit + n,
            default.window + n,
        )
    text = f"x{n}.example,y{n}.example" if kind == tuple[str, ...] else f"redis://h{n}:6380/{n}"
    if variable.env.parse is not None:
        return text, variable.env.parse(text)
    return text, tuple(text.split(",")) if kind == tuple[str, ...] else text


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


def test_every_field_of_every_group_reads_one_variable_and_no_variable_twice() -> None:
    named = [variable.env.name for _, variable in every_variable()]
    fields = sum(len(msgspec.structs.fields(group)) for group in groups().values())

    assert len(named) == fields == 53
    assert len(set(named)) == len(named)
    source = SOURCE.read_text()
    assert [name for name in named if source.count(f'"{name}"') != 1] == []


def test_every_variable_keeps_its_name_and_its_default() -> None:
    default = Settings()
    kept = {
        variable.env.name: (f"{group}.{variable.field}", variable.default)
        for group, variable in every_variable()
    }

    assert kept == DEPLOYED
    for path, value in DEPLOYED.values():
        group, field = path.split(".")
        assert getattr(getattr(default, group), field) == value


def test_a_field_without_its_variable_is_refused_by_name() -> None:
    class Bare(msgspec.Struct, frozen=True):
        size: int = 1

    with pytest.raises(TypeError, match=r"Bare\.size"):
        variables(Bare)


def test_every_field_reads_back_the_value_its_variable_gives() -> None:
    env, wanted = {}, {}
    for n, (group, variable) in enumerate(every_variable()):
        text, value = sample(variable, n)
        assert value != variable.default, variable
        env[variable.env.name], wanted[group, variable.field] = text, value

    settings = Settings.from_env(env)

    read = {
        (group, variable.field): getattr(getattr(settings, group), variable.field)
        for group, variable in every_variable()
    }
    assert read == wanted
    assert Settings.from_env(dict.fromkeys(env, " ")) == Settings.from_env({}) == Settings()


@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        ("ESCOPA_GAME_TTL", "a week", "want a whole number"),
        ("ESCOPA_REDIS_TIMEOUT", "2s", "want a number"),
        ("ESCOPA_CLOCK_SWEEP", "maybe", "want 1/true/yes/on or 0/false/no/off"),
        ("ESCOPA_CREATE_RATE_LIMIT", "ten/60", "want `requests/seconds`, or 0 for none"),
    ],
)
def test_a_malformed_value_is_refused_with_its_variable(name: str, text: str, said: str) -> None:
    with pytest.raises(ValueError, match=f"^{name}='{text}': {said}"):
        Settings.from_env({name: text})
