"""What the use cases report as they happen, for whoever counts it (the metrics)."""

from __future__ import annotations


class GameObserver:
    """What the use cases report as they happen; this base ignores it all."""

    def game_created(self) -> None:
        """A game was stored."""

    def move_applied(self, kind: str, finished: bool) -> None:
        """A move or deal was committed; `finished`: it ended the match."""
