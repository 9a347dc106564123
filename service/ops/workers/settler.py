"""The settle worker: settles the players of finished games whose writer did not (it crashed,
or Redis failed between the ending and the settlement), from the index of games to settle
(`keys.ratings_due`, sharded by hash tag). Every `escopa serve` process runs one; settling is
idempotent by game id (`lua/ratings_settle.lua`), so two workers, or a worker and the writer,
never apply a result twice."""

from __future__ import annotations

import logging
from typing import Final

from service.core.games.journal import Journal
from service.core.ratings.players import Players
from service.errors import ServiceError, gone
from service.ops.workers.due_worker import DueWorker, Pace

log = logging.getLogger("escopa.settle")
INTERVAL: Final = 1.0
BATCH: Final = 50
AT_ONCE: Final = 1
LEASE_MS: Final = 30_000
"""How long a claimed entry stays with its worker before another may take it."""


class Settler(DueWorker):
    """Settles the due games of `journal` with `players`, every `interval` seconds."""

    what = "settling"

    def __init__(self, journal: Journal, players: Players, interval: float = INTERVAL) -> None:
        pace = Pace(interval, BATCH, AT_ONCE, LEASE_MS, retry_seconds=interval)
        super().__init__(journal.settling, pace, log)
        self.journal = journal
        self.games = journal.games
        self.players = players

    async def work(self, game_id: str) -> int | None:
        """Settle the game if it finished; its entry goes either way."""
        try:
            game = await self.games.read(game_id)
        except ServiceError as error:
            if not gone(error):
                raise
            return None
        if game.state.status == "finished":
            await self.players.settle(game_id, game)
        return None
