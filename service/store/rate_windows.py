"""The rate limits' counters in Redis: per client and kind, one counter a fixed window, each
request counted in the current one and the previous one read, in one pipelined round trip."""

from __future__ import annotations

from collections.abc import Sequence

from service.store import redis_keys
from service.store.multiplex import Arg
from service.store.redis_gateway import RedisGateway


async def counted(
    gateway: RedisGateway, clients: Sequence[tuple[str, str]], index: int, cost: int, expiry_ms: int
) -> list[tuple[int, int]]:
    """Count `cost` for each `(kind, client)` in window `index` (kept `expiry_ms`); each one's
    count in that window, this request's included, and in the window before."""
    commands: list[tuple[Arg, ...]] = []
    for kind, who in clients:
        current = redis_keys.rate(kind, who, index)
        commands += [("INCRBY", current, max(1, cost)), ("PEXPIRE", current, expiry_ms)]
        commands.append(("GET", redis_keys.rate(kind, who, index - 1)))
    replies = await gateway.pipeline(commands)
    return [(int(replies[at]), int(replies[at + 2] or 0)) for at in range(0, len(replies), 3)]
