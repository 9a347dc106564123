"""A move against a timeout for the same turn, from two processes (two `House`, each with its
own cache, on one Redis): exactly one is committed, a move only before the deadline, a
timeout only at or after it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from redis.asyncio import Redis

from service.core.games.messages import CreateGame, MoveRequest
from service.core.house import House
from service.errors import ServiceError
from service.ledger.log import now_ms
from service.ledger.overrides import RulesOverride
from service.store.redis_gateway import RedisGateway
from service.store.signing_key_file import key_ring
from tests.harness.api import chosen_seed
from tests.harness.clocks import clock, clock_settings, ms


@pytest.fixture
async def processes(redis_url: str) -> AsyncIterator[tuple[House, House]]:
    config = clock_settings(redis_url)
    clients = [Redis.from_url(redis_url, protocol=3) for _ in range(2)]
    ring = key_ring(config)
    yield (
        House(RedisGateway(clients[0]), config, ring),
        House(RedisGateway(clients[1]), config, ring),
    )
    for client in clients:
        await client.aclose()


async def running(
    games: House, first_move: bool = True, turn: int = 1
) -> tuple[str, list[str], int]:
    """A forfeit-clocked game (`turn` seconds a turn) after its first move (or before it: then
    the deadline is the abort's): its id, tokens and the deadline."""
    rules = msgspec.convert({"clock": clock("forfeit", turn)}, RulesOverride)
    created = await games.creation.create(
        CreateGame(players=["Ana", "Bia"], rules=rules, seed=chosen_seed("race"))
    )
    tokens = [seat.token or "" for seat in created.players]
    turn = created.view.turn
    assert turn is not None
    if first_move:
        first = (await games.reads.legal_moves(created.game_id, tokens[turn])).moves[0].id
        request = MoveRequest(move=first, expected_version=1)
        await games.moves.play(created.game_id, tokens[turn], request, None)
    game = await games.access.load(created.game_id)
    deadline = games.clocks.deadline(game.state, game.timing)
    assert deadline is not None
    return created.game_id, tokens, deadline


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(offset=st.integers(min_value=-40, max_value=40), first_move=st.booleans())
async def test_a_move_and_a_timeout_racing_for_one_turn_commit_exactly_one(
    processes: tuple[House, House], offset: int, first_move: bool
) -> None:
    mover, sweeper = processes
    game_id, tokens, deadline = await running(mover, first_move)
    seen = await sweeper.repository.load(game_id)  # the sweeper's copy, read before the deadline
    assert seen is not None and seen.timing is not None
    seat = seen.timing.seat
    assert seat is not None
    move = (await mover.reads.legal_moves(game_id, tokens[seat])).moves[0].id
    await asyncio.sleep(max(0.0, (deadline + offset - now_ms()) / 1000))

    async def play() -> str:
        request = MoveRequest(move=move, expected_version=seen.version)
        try:
            await mover.moves.play(game_id, tokens[seat], request, None)
        except ServiceError as refused:
            return refused.code
        return "committed"

    async def time_out() -> int:
        return (await sweeper.endings.timeout(game_id, seen)).version

    played, _ = await asyncio.gather(play(), time_out())
    entries = await mover.games.entries(
        game_id, await mover.repository.load(game_id) or seen, 0, 10, True
    )
    after = [entry for entry in entries if entry.seq > seen.version]
    assert len(after) == 1
    if after[0].type == "move":
        assert played == "committed" and ms(after[0].time) < deadline
    else:
        assert after[0].type == "timeout" and ms(after[0].time) >= deadline
        assert played in ("move/timed_out", "game/version_conflict", "move/game_over")


async def test_a_timeout_before_the_deadline_is_refused_by_the_commit_script(
    processes: tuple[House, House],
) -> None:
    mover, sweeper = processes
    game_id, _, deadline = await running(mover, turn=10)  # its deadline far off, even under load
    seen = await sweeper.repository.load(game_id)
    assert seen is not None
    assert now_ms() < deadline - 300
    again = await sweeper.endings.timeout(game_id, seen)  # stamped at the deadline, too early
    assert again.version == seen.version and again.state.status == "playing"


async def test_a_timeout_seen_by_two_processes_is_applied_once(
    processes: tuple[House, House],
) -> None:
    first, second = processes
    game_id, _, deadline = await running(first)
    seen = [await games.repository.load(game_id) for games in processes]
    await asyncio.sleep(max(0.0, (deadline - now_ms()) / 1000 + 0.05))
    results = await asyncio.gather(
        *(
            games.endings.timeout(game_id, copy)
            for games, copy in zip(processes, seen, strict=True)
            if copy is not None
        )
    )
    assert {result.version for result in results} == {(seen[0] or results[0]).version + 1}
    game = await first.repository.load(game_id)
    assert game is not None
    entries = await first.games.entries(game_id, game, 0, 10, True)
    assert [entry.type for entry in entries].count("timeout") == 1
    assert game.state.status == "finished" and second.endings.applied + first.endings.applied == 1
