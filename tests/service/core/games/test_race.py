"""Concurrent writers on two app instances over one Redis: each version is committed once.

Requests sent through litestar's AsyncTestClient never overlap (see `serve_apps`), so these
tests serve two app instances with uvicorn and send truly concurrent HTTP requests to both.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator

import pytest

import engine
from tests.harness.api import (
    Client,
    Game,
    assert_chain,
    assert_linked,
    create_game,
    find_seed,
    ok,
    serve_apps,
)

RACERS = 20
ROUNDS_OF_RACING = 6


@pytest.fixture
async def servers(redis_url: str) -> AsyncIterator[list[Client]]:
    async with serve_apps(redis_url, 2, connections=RACERS) as clients:
        yield clients


async def race(clients: list[Client], game: Game, seat: int, body: dict[str, object]) -> Counter:
    """`RACERS` requests posting the same body, alternating between the app instances."""
    url = f"{game.url}/moves"
    responses = await asyncio.gather(
        *(
            clients[i % len(clients)].post(url, json=body, headers=game.auth(seat))
            for i in range(RACERS)
        )
    )
    outcomes: Counter[tuple[int, str]] = Counter()
    for response in responses:
        code = "ok" if response.status_code == 200 else response.json()["code"]
        outcomes[(response.status_code, code)] += 1
    return outcomes


async def test_concurrent_moves_at_one_version_commit_exactly_once(servers: list[Client]) -> None:
    game = await create_game(servers[0], players=3, target=1)

    for _ in range(ROUNDS_OF_RACING):
        view = await game.view()
        seat, version = view["turn"], view["version"]
        move = (await game.legal(seat))[0]["id"]

        outcomes = await race(servers, game, seat, {"expected_version": version, "move": move})

        assert outcomes == {(200, "ok"): 1, (409, "game/version_conflict"): RACERS - 1}
        assert await game.version() == version + 1

    entries = await game.log()
    assert len(entries) == ROUNDS_OF_RACING + 1
    assert_linked(entries)
    assert [e["type"] for e in entries[1:]] == ["move"] * ROUNDS_OF_RACING

    await game.play_out()
    assert_chain(await game.log())


async def test_concurrent_different_moves_of_one_seat_commit_exactly_one(
    servers: list[Client],
) -> None:
    seed, _ = find_seed(lambda state: state.turn == 0 and len(engine.legal_moves(state, 0)) >= 3)
    game = await create_game(servers[0], players=2, seed=seed)
    moves = await game.legal(0)
    assert len(moves) >= 3
    url = f"{game.url}/moves"

    responses = await asyncio.gather(
        *(
            servers[i % 2].post(
                url,
                json={"expected_version": 1, "move": moves[i % len(moves)]["id"]},
                headers=game.auth(0),
            )
            for i in range(RACERS)
        )
    )

    winners = [r for r in responses if r.status_code == 200]
    assert len(winners) == 1
    assert all(r.json()["code"] == "game/version_conflict" for r in responses if r not in winners)
    entries = await game.log()
    assert [e["seq"] for e in entries] == [1, 2]
    assert entries[1]["move"] == winners[0].json()["move"]
    assert (await game.view(0))["hand_sizes"] == [2, 3]


async def test_a_burst_of_signals_and_moves_keeps_the_log_contiguous(
    servers: list[Client],
) -> None:
    game = await create_game(servers[0], players=4)
    view = await game.view()
    seat, version = view["turn"], view["version"]
    move = {"expected_version": version, "move": (await game.legal(seat))[0]["id"]}
    partner = (seat + 1) % 4

    results = await asyncio.gather(
        *(game.post_move(seat, move) for _ in range(5)),
        *(
            Game(servers[1], game.id, game.tokens, game.created).signal(partner, "seven")
            for _ in range(5)
        ),
    )

    moves, signals = results[:5], results[5:]
    committed = sum(r.status_code == 200 for r in moves)
    assert committed == 1, "signals are kept beside the log: they never make a move stale"
    assert all(r.status_code in (200, 409) for r in moves)
    kept = [r for r in signals if r.status_code == 200]
    assert len(kept) == 3, "three signals a hand, however many race for the third"
    assert all(r.json()["code"] == "signal/limit_reached" for r in signals if r not in kept)
    entries = await game.log()
    assert len(entries) == 1 + committed
    assert_linked(entries)
    assert ok(await game.log_page())["head"] == len(entries)
    assert len((await game.view(partner))["signals"]) == 3
