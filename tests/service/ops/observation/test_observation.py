"""Observation: Prometheus /metrics, request ids, JSON log lines."""

from __future__ import annotations

import json
import logging
import os
import sys

from litestar.testing import AsyncTestClient
from prometheus_client.parser import text_string_to_metric_families

from service.ops.observation.log_lines import (
    REQUEST_ID,
    JsonFormatter,
    log_config,
    without_password,
)
from tests.harness.api import assert_problem, create_game, ok


async def samples(client: AsyncTestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:  # type: ignore[type-arg]
    """Every sample of /metrics by name and sorted labels (parsed by prometheus_client)."""
    response = await client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=")
    found = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def requests(method: str, route: str, status: int) -> tuple[str, tuple[tuple[str, str], ...]]:
    labels = {"method": method, "route": route, "status": str(status)}
    return "escopa_http_requests_total", tuple(sorted(labels.items()))


async def test_metrics_count_requests_moves_conflicts_and_games(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    game = await create_game(client, players=2)
    moves = await game.legal(game.created["view"]["turn"])
    turn = game.created["view"]["turn"]
    body = {"expected_version": 1, "move": moves[0]["id"]}
    ok(await game.post_move(turn, body, key="once"))
    ok(await game.post_move(turn, body, key="once"))  # a replay applies nothing
    assert_problem(await game.post_move(turn, body), 409, "game/version_conflict")
    assert (await client.get("/no/such/route")).status_code == 404
    finished = await create_game(client, players=2, target=1)
    await finished.play_out()

    found = await samples(client)
    assert found[requests("POST", "/v1/games", 201)] == 2
    assert found[requests("GET", "/v1/games/{game_id}/legal-moves", 200)] >= 1
    assert found[requests("POST", "/v1/games/{game_id}/moves", 409)] == 1
    assert found[requests("GET", "unmatched", 404)] == 1
    latency = (
        "escopa_http_request_duration_seconds_count",
        (("method", "POST"), ("route", "/v1/games")),
    )
    assert found[latency] == 2
    played = (await finished.view())["version"] - 1
    assert found[("escopa_moves_applied_total", (("kind", "move"),))] == 1 + played
    assert found[("escopa_version_conflicts_total", ())] == 1
    assert found[("escopa_problems_total", (("code", "game/version_conflict"),))] == 1
    assert found[("escopa_games_created_total", ())] == 2
    assert found[("escopa_games_finished_total", ())] == 1
    assert found[("escopa_games_active", ())] == 1
    assert found[("escopa_event_streams_open", ())] == 0
    assert ("process_resident_memory_bytes", ()) in found


async def test_metrics_are_not_part_of_the_api_schema(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    schema = (await client.get("/schema/openapi.json")).json()
    assert "/metrics" not in schema["paths"]


async def test_a_request_id_is_echoed_or_made(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    given = await client.get("/healthz", headers={"X-Request-ID": "abc-123.def:9_z"})
    assert given.headers["X-Request-ID"] == "abc-123.def:9_z"
    for unfit in ("with space", "x" * 129, "a/b", "<script>"):
        made = await client.get("/healthz", headers={"X-Request-ID": unfit})
        assert len(made.headers["X-Request-ID"]) == 32
    problem = await client.get("/v1/games/0123456789abcdef01234567")
    assert len(problem.headers["X-Request-ID"]) == 32


def test_log_lines_are_json_with_the_request_id_and_extra_fields() -> None:
    formatter = JsonFormatter()
    record = logging.LogRecord("escopa.access", logging.INFO, __file__, 1, "GET %s", ("/x",), None)
    record.status = 200
    token = REQUEST_ID.set("rid-1")
    try:
        line = json.loads(formatter.format(record))
    finally:
        REQUEST_ID.reset(token)
    assert line["message"] == "GET /x"
    assert line["request_id"] == "rid-1"
    assert line["status"] == 200
    assert line["level"] == "info"
    assert line["logger"] == "escopa.access"
    assert line["pid"] == os.getpid()
    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.LogRecord("escopa", logging.ERROR, __file__, 1, "x", (), sys.exc_info())
    assert "ValueError: boom" in json.loads(formatter.format(record))["exception"]
    assert "request_id" not in json.loads(formatter.format(record))
    logging.config.dictConfig(log_config("text"))  # both formats are valid configurations
    logging.config.dictConfig(log_config("json"))
    logging.getLogger().handlers.clear()


def test_a_redis_password_never_reaches_a_log_line() -> None:
    assert without_password("redis://:s3cret@redis:6379/0") == "redis://:***@redis:6379/0"
    assert without_password("rediss://app:s3cret@r.example/1") == "rediss://app:***@r.example/1"
    assert without_password("redis://127.0.0.1:6379/0") == "redis://127.0.0.1:6379/0"
