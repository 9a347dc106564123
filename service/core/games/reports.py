"""What the core reports as it happens, for whoever counts it: the port the journal reports to.

Observation itself (metrics, logs) lives in `service.ops.observation`; its metrics implement
this port, and the app plugs them into the journal.
"""

from __future__ import annotations


class Reports:
    """What the core reports as it happens; this base ignores it all."""

    def game_created(self) -> None:
        """A game was stored."""

    def committed(self, kind: str, finished: bool) -> None:
        """An entry was committed (`kind`: a move, a deal, a timeout, a step of the game's
        life); `finished`: it ended the match."""

    def archiving(self, result: str) -> None:
        """The archive worker looked at a finished game: `archived`, `pending` (deliveries
        still to make), `failed` (its archived copy did not check), or another result."""

    def archive_backlog(self, games: int) -> None:
        """How many finished games wait to be archived (or checked again)."""
