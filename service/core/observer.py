"""What the use cases report as they happen, for whoever counts it (the metrics)."""

from __future__ import annotations


class GameObserver:
    """What the use cases report as they happen; this base ignores it all."""

    def game_created(self) -> None:
        """A game was stored."""

    def committed(self, kind: str, finished: bool) -> None:
        """An entry was committed (`kind`: a move, a deal, a timeout, a step of the game's
        life); `finished`: it ended the match."""
