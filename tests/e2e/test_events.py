"""Live events across processes: two real `escopa serve` processes over one Redis.

A follower on one process gets the moves posted to the other, each entry exactly as `GET /log`
shows it to the follower's token; it resumes with `Last-Event-ID`; the stream ends with the
match; each process serves a bounded number of streams.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest

from service.store.redis_server import RedisServer
from tests.harness.api import Game, Json, assert_problem, chosen_seed, create_game, ok
from tests.harness.processes import Served, counted, serve_processes
from tests.harness.sse import follow

MAX_STREAMS = 3
HEARTBEAT = 0.4


@pytest.fixture(scope="module")
def processes(
    redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[Served]]:
    folder = tmp_path_factory.mktemp("events")
    env = {"ESCOPA_MAX_STREAMS": str(MAX_STREAMS), "ESCOPA_STREAM_HEARTBEAT": str(HEARTBEAT)}
    with serve_processes(redis_server.url, folder, 2, **env) as served:
        yield served


@pytest.fixture
async def clients(processes: list[Served]) -> AsyncIterator[tuple[httpx.AsyncClient, ...]]:
    """Clients of process A and process B; each test starts with no stream open."""
    pair = tuple(httpx.AsyncClient(base_url=p.base, timeout=10) for p in processes)
    for client in pair:
        await wait_streams(client, 0)
    yield pair
    for client in pair:
        await client.aclose()


async def open_streams(client: httpx.AsyncClient) -> float:
    return counted((await client.get("/metrics")).text, "escopa_event_streams_open")


async def wait_streams(client: httpx.AsyncClient, count: int) -> None:
    """Until the process counts `count` open streams (a closed one is released promptly)."""
    async with asyncio.timeout(5):
        while await open_streams(client) != count:
            await asyncio.sleep(0.02)


async def play(game: Game, moves: int) -> None:
    """Each seat in turn plays its first legal move, `moves` times."""
    for _ in range(moves):
        view = await game.view()
        legal = await game.legal(view["turn"])
        body = {"expected_version": view["version"], "move": legal[0]["id"]}
        ok(await game.post_move(view["turn"], body))


def hands_dealt(entries: list[Json]) -> list[Json]:
    return [e for entry in entries for e in entry["events"] if e["type"] == "dealt"]


async def test_a_follower_on_one_process_gets_moves_posted_to_another_as_its_token_may(
    clients: tuple[httpx.AsyncClient, ...],
) -> None:
    a, b = clients
    game = await create_game(b, players=2, seed="live-events")
    seat0, seat1 = game.tokens
    async with (
        follow(a, game.id, seat0, after=1) as as_seat0,
        follow(a, game.id, None, after=1) as as_spectator,
        follow(b, game.id, seat1, after=1) as as_seat1,
    ):
        await play(game, 7)  # six cards, then the seventh move deals the second hand
        expected = {
            "seat0": (await game.on(a).log(0))[1:],
            "spectator": (await game.log(None))[1:],
            "seat1": (await game.log(1))[1:],
        }
        got = {
            "seat0": await as_seat0.entries(7),
            "spectator": await as_spectator.entries(7),
            "seat1": await as_seat1.entries(7),
        }
    assert [e["seq"] for e in got["seat0"]] == list(range(2, 9))
    assert got == expected
    dealt = {who: hands_dealt(entries) for who, entries in got.items()}
    assert dealt["seat0"] != dealt["seat1"] != dealt["spectator"], "each sees only its own hand"
    assert [e["hash"] for e in got["seat0"]] == [e["hash"] for e in got["seat1"]]


async def test_a_follower_resumes_with_last_event_id_and_gets_exactly_the_missed_entries(
    clients: tuple[httpx.AsyncClient, ...],
) -> None:
    a, b = clients
    game = await create_game(b, players=2, seed="resume")
    token = game.tokens[1]
    async with follow(a, game.id, token) as first:
        await play(game, 3)
        seen = await first.entries(4)  # created, then three moves
    last = seen[-1]["seq"]
    await play(game, 4)  # while nobody follows
    log = await game.log(1)
    async with follow(b, game.id, token, after=0, last_event_id=last) as again:
        missed = await again.entries(4)
        quiet = await again.message(timeout=HEARTBEAT * 5)
    assert seen + missed == log
    assert [e["seq"] for e in missed] == [last + 1, last + 2, last + 3, last + 4]
    assert quiet is not None and quiet.data is None and quiet.comments == ["heartbeat"]
    async with follow(a, game.id, token, after=last + 2) as by_query:
        assert await by_query.entries(2) == log[last + 2 :]


async def test_the_stream_ends_after_the_entry_that_ends_the_match(
    clients: tuple[httpx.AsyncClient, ...],
) -> None:
    a, b = clients
    game = await create_game(b, players=2, seed="to-the-end", target=1)
    async with follow(a, game.id) as spectator:
        await game.play_out()
        messages = await spectator.rest()
    entries = [m.entry() for m in messages if m.data is not None]
    log = await game.log()  # finished: nothing redacted any more
    assert [e["seq"] for e in entries] == [e["seq"] for e in log]
    assert [e["hash"] for e in entries] == [e["hash"] for e in log]
    assert entries[-1] == log[-1]
    assert any(e["type"] == "match_ended" for e in entries[-1]["events"])
    assert entries[0]["game"]["seed"] is None, "the seed was secret while the game ran"
    assert log[0]["game"]["seed"] == chosen_seed("to-the-end")

    async with follow(a, game.id, after=len(log) - 3) as late:  # a finished game: all shown
        assert [m.entry() for m in await late.rest() if m.data is not None] == log[-3:]
    async with follow(b, game.id, last_event_id=len(log)) as done:
        assert await done.rest() == []


async def test_each_process_serves_a_bounded_number_of_streams(
    clients: tuple[httpx.AsyncClient, ...],
) -> None:
    a, b = clients
    game = await create_game(a, players=2, seed="limit")
    async with follow(a, game.id), follow(a, game.id), follow(a, game.id, after=1) as third:
        refused = await a.get(f"/v1/games/{game.id}/events")
        body = assert_problem(refused, 503, "events/too_many_streams")
        assert refused.headers["Retry-After"].isdigit()
        assert str(MAX_STREAMS) in body["detail"]
        async with follow(b, game.id, after=1) as elsewhere:  # the limit is per process
            await play(game, 1)
            assert (await elsewhere.entry())["seq"] == 2
        assert (await third.entry())["seq"] == 2
        metrics = (await a.get("/metrics")).text
        assert f"escopa_event_streams_open {float(MAX_STREAMS)}" in metrics
        assert "escopa_event_streams_refused_total 1.0" in metrics
    await wait_streams(a, 0)  # closing a stream frees its place
    async with follow(a, game.id, after=1) as again:
        assert (await again.entry())["seq"] == 2


async def test_a_browser_follows_with_a_ticket_from_another_process_as_the_tickets_seat(
    clients: tuple[httpx.AsyncClient, ...],
) -> None:
    a, b = clients
    game = await create_game(b, players=2, seed="ticket")
    issued = ok(await b.post(f"{game.url}/stream-tickets", headers=game.auth(1)), 201)
    async with follow(a, game.id, after=1, ticket=issued["ticket"]) as browser:
        await play(game, 7)
        got = await browser.entries(7)
    assert got == (await game.log(1))[1:]
    async with follow(a, game.id, after=8, ticket=issued["ticket"]) as reconnected:
        await play(game, 1)
        assert await reconnected.entries(1) == (await game.log(1))[8:]


async def test_refusals_come_before_any_stream(clients: tuple[httpx.AsyncClient, ...]) -> None:
    a, _ = clients
    game = await create_game(a, players=2)
    url = f"/v1/games/{game.id}/events"
    assert_problem(await a.get("/v1/games/0123456789abcdef01234567/events"), 404, "game/not_found")
    bad = {"Authorization": "Bearer not-a-seat"}
    assert_problem(await a.get(url, headers=bad), 401, "auth/invalid_token")
    assert_problem(await a.get(url, headers={"Last-Event-ID": "x"}), 400, "request/invalid")
    await wait_streams(a, 0)


async def test_each_request_is_logged_as_one_json_line_with_its_request_id(
    clients: tuple[httpx.AsyncClient, ...], processes: list[Served]
) -> None:
    a, _ = clients
    game = await create_game(a, players=2)
    response = await a.get(game.url, headers={"X-Request-ID": "trace-me-42"})
    assert response.headers["X-Request-ID"] == "trace-me-42"
    generated = (await a.get("/healthz")).headers["X-Request-ID"]
    assert len(generated) == 32
    async with asyncio.timeout(5):
        while not (lines := _logged(processes[0], "trace-me-42")):
            await asyncio.sleep(0.05)
    (line,) = lines
    assert line["route"] == "/v1/games/{game_id}"
    assert line["method"] == "GET"
    assert line["status"] == 200
    assert line["game_id"] == game.id
    assert line["duration_ms"] > 0
    assert line["logger"] == "escopa.access"


def _logged(served: Served, request_id: str) -> list[Json]:
    lines = [json.loads(x) for x in served.log_lines() if x.startswith("{")]
    return [x for x in lines if x.get("request_id") == request_id]
