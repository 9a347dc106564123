"""The events stream announces a rematch: with `until=rematch` it goes on past the match's end
until the entry that offers the rematch, on any process."""

from __future__ import annotations

import asyncio

from tests.harness.api import create_game, ok, serve_apps
from tests.harness.seats import act
from tests.harness.sse import follow


async def test_a_follower_waiting_past_the_end_hears_of_the_rematch(redis_url: str) -> None:
    async with serve_apps(redis_url, 2) as (one, two):
        game = await create_game(one)
        ok(await act(one, game.id, "resign", game.tokens[0]))
        head = await game.version()
        async with follow(two, game.id, game.tokens[1], after=head, until="rematch") as seat:
            await asyncio.sleep(0.2)
            new = ok(await act(one, game.id, "rematch", game.tokens[0]))["game_id"]
            messages = await seat.rest()
        entries = [m.entry() for m in messages if m.data is not None]
        assert [(e["type"], e["rematch"]) for e in entries] == [("rematch", new)]


async def test_a_stream_of_a_game_with_its_rematch_sent_already_ends_at_once(
    redis_url: str,
) -> None:
    async with serve_apps(redis_url, 1) as (one,):
        game = await create_game(one)
        ok(await act(one, game.id, "resign", game.tokens[0]))
        ok(await act(one, game.id, "rematch", game.tokens[1]))
        head = await game.version()
        async with follow(one, game.id, after=head, until="rematch") as late:
            assert await late.rest(timeout=3) == []


async def test_without_until_the_stream_still_ends_with_the_match(redis_url: str) -> None:
    async with serve_apps(redis_url, 1) as (one,):
        game = await create_game(one)
        ok(await act(one, game.id, "resign", game.tokens[0]))
        async with follow(one, game.id, after=1) as follower:
            entries = [m.entry() for m in await follower.rest(timeout=3) if m.data is not None]
        assert [e["type"] for e in entries] == ["resigned"]
