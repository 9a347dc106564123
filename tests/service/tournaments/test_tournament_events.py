"""A tournament's events: told in order on its event stream as it moves on, resumable, told
once for each stored change and never for one not stored."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import msgspec
import pytest
from litestar.testing import AsyncTestClient
from redis.asyncio import Redis

from service.app import create_app
from service.core.house import House
from service.core.tournaments.tournament_events import event_count
from service.core.tournaments.tournaments import StoredTournament, Tournaments
from service.store import redis_keys
from service.store.redis_gateway import RedisGateway
from service.store.signing_key_file import key_ring
from tests.harness.api import Client, assert_problem
from tests.harness.clocks import clock, clock_settings
from tests.harness.settings import app_settings
from tests.harness.sse import Message, follow_tournament
from tests.harness.tournaments import create_tournament, entrants, tournament

Json = dict[str, Any]
SCORED = ("results", "points", "left", "matchpoints", "imps")
"""A table's members that only its round's end fills in."""


async def told_to_the_end(
    client: Client, tournament_id: str, after: int | None = None
) -> list[Json]:
    """Every event the stream tells (after `after`) until it ends, each checked against its
    `id:` and `event:` lines."""
    async with follow_tournament(client, tournament_id, after) as follower:
        messages = await follower.rest(timeout=60)
    return [m.entry() for m in messages if m.data is not None]


def expected_kinds(view: Json) -> list[tuple[str, int]]:
    """The events a finished tournament told: each round's start, then its played tables'
    results (in table order), then the end."""
    kinds: list[tuple[str, int]] = []
    for record in view["rounds"]:
        kinds.append(("round.started", record["round"]))
        kinds += [("table.result", record["round"]) for t in record["tables"] if "b" in t]
    return [*kinds, ("tournament.finished", 0)]


def assert_told_once_in_order(events: list[Json], view: Json) -> None:
    """Every change of the finished tournament told once, in order, numbered from 1."""
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert [(e["type"], e.get("round", 0)) for e in events] == expected_kinds(view)


async def test_a_tournament_of_bots_tells_its_rounds_results_and_end_in_order(
    client: Client,
) -> None:
    created = await create_tournament(client, entrants=entrants(0, 5, "random"), rounds=2)
    tournament_id = created["tournament_id"]

    events = await told_to_the_end(client, tournament_id)

    view = await tournament(client, tournament_id)
    assert view["status"] == "finished"
    assert_told_once_in_order(events, view)
    assert all(e["id"] == f"{tournament_id}.{e['seq']}" for e in events)
    started = [e for e in events if e["type"] == "round.started"]
    assert [(e["boards"], e["tables"]) for e in started] == [
        (r["boards"], [{k: v for k, v in t.items() if k not in SCORED} for t in r["tables"]])
        for r in view["rounds"]
    ]
    results = {(e["round"], e["table"]): (e["results"], e["total"]) for e in events[1:-1]
               if e["type"] == "table.result"}  # fmt: skip
    for record in view["rounds"]:
        for number, table in enumerate(record["tables"]):
            if "b" in table:
                expected = (table["results"], sum(table["results"]))
                assert results[(record["round"], number)] == expected
    assert events[-1]["standings"] == view["standings"]
    assert events[-1]["seed"] == view["seed"]


async def test_a_follower_on_one_process_sees_another_process_move_the_tournament_on(
    redis_url: str,
) -> None:
    settings = app_settings(redis_url)
    quiet = msgspec.structs.replace(
        settings, bots=msgspec.structs.replace(settings.bots, worker=False)
    )
    async with (
        AsyncTestClient(app=create_app(quiet)) as follower_side,
        AsyncTestClient(app=create_app(settings)),  # its bot worker plays, its journal advances
    ):
        created = await create_tournament(
            follower_side, entrants=entrants(0, 4, "random"), rounds=2
        )
        async with follow_tournament(follower_side, created["tournament_id"]) as follower:
            live = [m.entry() for m in await follower.rest(timeout=60) if m.data is not None]
        view = await tournament(follower_side, created["tournament_id"])
    assert_told_once_in_order(live, view)


async def test_a_follower_resuming_from_last_event_id_gets_only_the_later_events(
    client: Client,
) -> None:
    created = await create_tournament(client, entrants=entrants(0, 4, "random"), rounds=1)
    tournament_id = created["tournament_id"]
    every = await told_to_the_end(client, tournament_id)

    later = await told_to_the_end(client, tournament_id, after=2)
    none_left = await told_to_the_end(client, tournament_id, after=len(every))

    assert len(every) == 4, "the round, its 2 tables' results, the end"
    assert later == every[2:]
    assert none_left == []


async def test_a_stream_opened_while_a_person_has_not_played_waits_and_beats(
    redis_url: str,
) -> None:
    settings = clock_settings(redis_url, sweep=True)  # the people's turns time out: it ends
    streams = msgspec.structs.replace(settings.streams, heartbeat=0.2, block=0.1)
    app = create_app(msgspec.structs.replace(settings, streams=streams))
    async with AsyncTestClient(app=app) as client:
        created = await create_tournament(
            client, entrants=entrants(2, 0), rounds=1, clock=clock("bot", turn=1)
        )
        async with follow_tournament(client, created["tournament_id"]) as follower:
            first = await follower.message()
            beat = await follower.message(timeout=5)
            rest = await follower.rest(timeout=60)
    assert first is not None and first.entry()["type"] == "round.started"
    assert beat == Message(comments=["heartbeat"])
    told = [m.entry()["type"] for m in rest if m.data is not None]
    assert told == ["table.result", "tournament.finished"], "then the stream ends"


async def test_an_unknown_tournament_has_no_event_stream(client: Client) -> None:
    response = await client.get("/v1/tournaments/nope/events")
    assert_problem(response, 404, "tournament/not_found")


@pytest.fixture
async def houses(redis_url: str) -> AsyncIterator[list[House]]:
    """Two more processes' cores over the app's Redis (each its own client), in this loop."""
    settings = app_settings(redis_url)
    clients = [Redis.from_url(redis_url, protocol=3) for _ in range(2)]
    yield [House(RedisGateway(c), settings, key_ring(settings)) for c in clients]
    for client in clients:
        await client.aclose()


async def test_advances_raced_from_two_processes_tell_each_change_once(
    client: Client, houses: list[House]
) -> None:
    created = await create_tournament(client, entrants=entrants(0, 4, "random"), rounds=2)
    tournament_id = created["tournament_id"]
    await asyncio.gather(*(_advance_until_over(h.tournaments, tournament_id) for h in houses))
    events = await told_to_the_end(client, tournament_id)
    view = await tournament(client, tournament_id)
    assert_told_once_in_order(events, view)


async def _advance_until_over(tournaments: Tournaments, tournament_id: str) -> None:
    """Move the tournament on from this process, over and over, until it is over."""
    for _ in range(3000):
        kept = await asyncio.gather(*(tournaments.advance(tournament_id) for _ in range(2)))
        if kept[0].record.status == "finished":
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the tournament did not end")  # pragma: no cover


async def test_a_save_that_loses_its_compare_and_set_appends_no_event(
    client: Client, houses: list[House], redis_url: str
) -> None:
    created = await create_tournament(client, entrants=entrants(2, 0), rounds=1)
    tournament_id = created["tournament_id"]
    store = houses[0].tournaments.store
    doc, version = await store.load(tournament_id) or (b"", 0)
    kept = msgspec.msgpack.decode(doc, type=StoredTournament)
    stale = [(event_count(kept.record) + 1, "table.result", b"{}")]

    saved = await store.save(tournament_id, doc, version - 1, stale)

    direct = Redis.from_url(redis_url)
    try:
        length = await direct.xlen(redis_keys.tournament_events(tournament_id))
        stored_version = await direct.hget(redis_keys.tournament(tournament_id), "version")
    finally:
        await direct.aclose()
    assert saved is False
    assert length == event_count(kept.record) == 1
    assert stored_version is not None and int(stored_version) == version
