"""A process-local cache of the last known state of recently played games.

Only moves trust it: the commit script checks the cached version and head against Redis, so
a stale entry costs a 409 and a re-read, never a wrong write.
"""

from __future__ import annotations

from collections import OrderedDict

from service.ledger.stored_game import StoredGame


class GameCache:
    """The `size` most recently used games, by id; size 0 keeps nothing."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._games: OrderedDict[str, StoredGame] = OrderedDict()

    def get(self, game_id: str) -> StoredGame | None:
        game = self._games.get(game_id)
        if game is not None:
            self._games.move_to_end(game_id)
        return game

    def put(self, game_id: str, game: StoredGame) -> None:
        """Remember `game` unless a newer version of it is already known."""
        if self.size <= 0:
            return
        known = self._games.get(game_id)
        if known is not None and known.version > game.version:
            return
        self._games[game_id] = game
        self._games.move_to_end(game_id)
        if len(self._games) > self.size:
            self._games.popitem(last=False)

    def drop(self, game_id: str) -> None:
        self._games.pop(game_id, None)

    def __len__(self) -> int:
        return len(self._games)
