"""The tournament worker: moves tournaments on as their games end. The commit that ends a
tournament game indexes it (`keys.tournaments_due`, sharded by hash tag); a worker claims the
entry, tells the tournament (`Tournaments.ended`: the game counted once, the round recorded
and the next one opened by compare-and-set once all its games are over), then drops it. A
worker that dies or fails leaves the entry due again, so a tournament never waits for a read.
Every `escopa serve` process runs one, and so does `escopa bots` where no archive is named (a
table's games may be in the archive alone, which `escopa bots` does not open).
"""

from __future__ import annotations

import logging
from typing import Final

from service.core.games.journal import Journal
from service.core.tournaments.tournaments import Tournaments
from service.errors import ServiceError, gone
from service.ops.workers.due_worker import DueWorker, Pace, Retry

log = logging.getLogger("escopa.tournaments")
INTERVAL: Final = 0.25
"""Seconds between looks at the index: a round moves on this long after its last game ends
at most, plus the time opening the next one takes."""
BATCH: Final = 50
AT_ONCE: Final = 4
LEASE_MS: Final = 60_000
"""How long a claimed entry stays with its worker: opening a round of many games takes a while."""
RETRY_MS: Final = 1000


class TournamentWorker(DueWorker):
    """Tells each tournament of its games that ended, from `journal`'s index."""

    what = "tournament step"

    def __init__(
        self, journal: Journal, tournaments: Tournaments, interval: float = INTERVAL
    ) -> None:
        pace = Pace(interval, BATCH, AT_ONCE, LEASE_MS, interval)
        super().__init__(journal.due.tournaments, pace, log)
        self.journal = journal
        self.games = journal.games
        self.tournaments = tournaments

    async def work(self, game_id: str) -> int | None:
        """Tell the game's tournament that it ended; its entry goes once that is done."""
        try:
            game = await self.games.read(game_id)
        except ServiceError as error:
            if gone(error):
                return None
            raise
        if game.state.status != "finished" or game.meta.tournament is None:
            return None
        try:
            await self.tournaments.ended(game_id, game)
        except ServiceError as error:
            if error.status >= 500:
                raise Retry(RETRY_MS, error.code) from error
            raise
        return None
