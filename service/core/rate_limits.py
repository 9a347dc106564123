"""The rate limits' policy: a sliding window per client, estimated from two fixed windows
(Cloudflare's approach), over counters every API process shares (`service.store.rate_windows`).

With `p` requests in the previous window, `c` in the current one, and a fraction `f` of the
current window gone, the rate is `p * (1 - f) + c`. Refused requests count too, so a client
that ignores `Retry-After` stays limited.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from service.settings import Rate
from service.store.rate_windows import counted
from service.store.redis_gateway import RedisGateway


class RateCounts:
    """The counters of every rate limit, in Redis."""

    def __init__(self, gateway: RedisGateway) -> None:
        self.gateway = gateway

    async def count(
        self, clients: Sequence[tuple[str, str]], index: int, cost: int, expiry_ms: int
    ) -> list[tuple[int, int]]:
        """Each client's count in window `index` (this request's `cost` included) and before."""
        return await counted(self.gateway, clients, index, cost, expiry_ms)


class RateLimiter:
    """Sliding-window request counters in Redis: `limit` requests per `window` seconds."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window

    @classmethod
    def of(cls, rate: Rate) -> RateLimiter | None:
        """The limiter of a rate limit setting; None when it is 0 (no limit)."""
        return cls(rate.limit, rate.window) if rate.limit else None

    async def hit(
        self, counts: RateCounts, clients: list[tuple[str, str]], now: float, cost: int = 1
    ) -> int:
        """Count a request (`cost` units of it) for each `(kind, client)`: 0 if it may go on,
        else seconds to wait."""
        index = int(now // self.window)
        elapsed = now / self.window - index
        expiry_ms = math.ceil(self.window * 2000) + 1000
        wait = 0.0
        for current, previous in await counts.count(clients, index, cost, expiry_ms):
            wait = max(wait, self.wait(current, previous, elapsed))
        return min(max(1, math.ceil(wait)), math.floor(self.window) or 1) if wait > 0 else 0

    def wait(self, current: int, previous: int, elapsed: float) -> float:
        """Seconds until one more request fits, given the counts (this request included).

        Never more than the window: by then the counts of this request's window have at least
        begun to decay (a client far over the limit may meet another, shorter, wait).
        """
        return min(self.window, self._wait(current, previous, elapsed))

    def _wait(self, current: int, previous: int, elapsed: float) -> float:
        if previous * (1 - elapsed) + current <= self.limit:
            return 0.0
        if current + 1 <= self.limit:  # the previous window's share decays within this one
            fits_at = 1 - (self.limit - current - 1) / previous
            return (fits_at - elapsed) * self.window
        fits_at = max(0.0, 1 - (self.limit - 1) / current)  # in the next window
        return (1 - elapsed + fits_at) * self.window
