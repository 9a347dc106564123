"""Server-seed commitments in Redis: one hash per commitment, consumed once by one Lua script.

A fresh commitment holds `seed` (the secret server seed). Creating a game from it runs
`scripts.CONSUME_COMMITMENT`, which atomically takes the seed out and records the game in
`used`: a second use finds `used` and is refused, a commitment that never existed or expired
is not found. The key keeps its time to live after use, so a refused second use says "used"
until it expires.
Both scripts go through the Redis gateway's write path, so with `ESCOPA_WAIT_REPLICAS` a consumed
commitment is acknowledged only once replicas hold it (a failover cannot make it usable again).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from service.store import redis_keys, scripts
from service.store.redis_gateway import RedisGateway

USED_UP: Final = "the commitment now counts as used: ask POST /v1/commitments for a new one"
Consumed = Literal["missing", "used", "consumed"]
OUTCOMES: Final[tuple[Consumed, ...]] = ("missing", "used", "consumed")


@dataclass(frozen=True, slots=True)
class ConsumeResult:
    """What consuming a commitment found: its server seed when it was still unused."""

    outcome: Consumed
    seed: str = ""


class CommitmentStore:
    """Creates and consumes commitments; each write is one script on the commitment's key."""

    def __init__(self, gateway: RedisGateway) -> None:
        self.gateway = gateway

    async def create(self, commitment_id: str, server_seed: str, ttl_ms: int) -> bool:
        """Store a fresh server seed under a new id; False if the id is taken."""
        args: list[Any] = [server_seed, ttl_ms]
        key = redis_keys.commitment(commitment_id)
        created = await self.gateway.write(
            scripts.CREATE_COMMITMENT, [key], args, "retry: a new one is made"
        )
        return bool(created)

    async def consume(self, commitment_id: str, game_id: str) -> ConsumeResult:
        """Take the server seed out of a commitment, once."""
        key = redis_keys.commitment(commitment_id)
        status, seed = await self.gateway.write(
            scripts.CONSUME_COMMITMENT, [key], [game_id], USED_UP
        )
        outcome = OUTCOMES[int(status)]
        text = seed.decode() if isinstance(seed, bytes) else str(seed)
        return ConsumeResult(outcome, text if outcome == "consumed" else "")
