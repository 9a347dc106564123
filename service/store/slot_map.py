"""A Redis Cluster's slot map learnt again after a failure says it may have changed."""

from __future__ import annotations

import asyncio
import logging

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

log = logging.getLogger("escopa")


class SlotMap:
    """Relearns the cluster client's map once at a time, in the background: the call that saw
    the failure answers at once (503), the next ones find the new master."""

    def __init__(self, client: Redis | RedisCluster) -> None:
        self.client = client
        self._refresh: asyncio.Task[None] | None = None

    def changed(self) -> None:
        """A slot may have moved or a master died (nothing to learn on a single Redis)."""
        if not isinstance(self.client, RedisCluster):
            return
        if self._refresh is None or self._refresh.done():
            self._refresh = asyncio.get_running_loop().create_task(self._relearn(self.client))

    @staticmethod
    async def _relearn(cluster: RedisCluster) -> None:
        try:
            await cluster.nodes_manager.initialize()
        except Exception as error:  # the next failure tries again
            log.info("cluster map not refreshed: %s", error)
