"""Opening the store: a worker alone waits for a Redis that is not up yet."""

from __future__ import annotations

import asyncio
from pathlib import Path

from service.settings import RedisSettings
from service.store.connections import close_store, open_store_waiting
from service.store.redis_server import RedisServer, free_port


def test_a_worker_started_before_its_redis_waits_for_it_and_then_works(tmp_path: Path) -> None:
    port = free_port()
    settings = RedisSettings(url=f"redis://127.0.0.1:{port}/0")

    async def body() -> None:
        opening = asyncio.create_task(open_store_waiting(settings, pause=0.1))
        await asyncio.sleep(0.5)
        assert not opening.done()  # refused, tried again, still waiting: not ended
        with RedisServer(tmp_path / "redis", port, "everysec"):
            store = await asyncio.wait_for(opening, 30)
            try:
                assert await store.pipeline([("PING",)]) in ([b"PONG"], ["PONG"], [True])
            finally:
                await close_store(store)

    asyncio.run(body())
