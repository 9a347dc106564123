"""The archive worker: archives each finished game within seconds of its end
(`service.core.archive.archiving`), then lets Redis drop it after `ESCOPA_FINISHED_TTL`.

Every `escopa serve` process with an archive runs one (unless `ESCOPA_ARCHIVER=0`), and
`escopa archive` runs one alone. They share the index of finished games (`keys.finished`,
sharded by hash tag, so a Redis Cluster spreads it): a worker claims an entry by moving it a
lease ahead (compare-and-set), archives and checks the game, and only then drops the entry; a
worker that dies at any step leaves the entry due again when its lease ends, and the next one
archives the game again, which stores it once (idempotent by game id).
"""

from __future__ import annotations

import logging
from typing import Final

from redis.exceptions import RedisError

from service.core.archive.archiving import Archived, Archiving
from service.errors import ServiceError
from service.ledger.log import now_ms
from service.ops.workers.due_worker import DueWorker, Pace, Retry

log = logging.getLogger("escopa.archive")
INTERVAL: Final = 0.5
"""Seconds between looks at the index: a game is archived this long after its end at most,
plus the time archiving takes."""
BATCH: Final = 50
AT_ONCE: Final = 8
LEASE_MS: Final = 30_000
"""How long a claimed entry stays with its worker before another may take it."""
RETRY_MS: Final = 60_000
"""When a game whose archived copy did not check (or whose archive failed) is tried again."""
PENDING_MS: Final = 10_000
"""When a game whose webhook deliveries were still being made is looked at again."""
RUNNING_MS: Final = 60_000
"""When a game found not over but played lately is looked at again (its finishing write may
have been in flight; a finishing write indexes it again anyway)."""
RETRY_SECONDS: Final = 1.0
SOON_MS: Final = 1000
"""When a game whose release Redis did not confirm (a connection broken, a failover) is tried
again: archiving it again costs one more look, and stores nothing twice."""


class Archiver(DueWorker):
    """Archives the finished games `archiving` is given, every `interval` seconds."""

    what = "archiving"

    def __init__(self, archiving: Archiving, interval: float = INTERVAL) -> None:
        pace = Pace(interval, BATCH, AT_ONCE, LEASE_MS, RETRY_SECONDS)
        super().__init__(archiving.journal.finished, pace, log)
        self.archiving = archiving

    async def sweep(self) -> int:
        """One pass over the index, then the backlog reported."""
        count = await super().sweep()
        self.archiving.journal.reports.archive_backlog(await self.index.size())
        return count

    async def work(self, game_id: str) -> int | None:
        """Archive the game: when it is looked at again (None: its entry goes)."""
        reports = self.archiving.journal.reports
        try:
            result = await self.archiving.archive_game(game_id)
        except RedisError:
            raise
        except ServiceError as error:  # a write to Redis not confirmed, or the archive down
            quiet = error.code == "archive/unavailable"  # logged once, by the archive's health
            raise Retry(SOON_MS, error.code, logging.DEBUG if quiet else logging.WARNING) from error
        except Exception as error:  # the archive failed, or its copy did not check
            reports.archiving("failed")
            raise Retry(RETRY_MS, f"failed: {error}", logging.ERROR) from error
        reports.archiving(result)
        return next_look(result)


def next_look(result: Archived) -> int | None:
    """When the game is looked at again after `result` (None: its entry goes)."""
    later = {"pending": PENDING_MS, "moved": 0, "running": RUNNING_MS}.get(result)
    return None if later is None else now_ms() + later
