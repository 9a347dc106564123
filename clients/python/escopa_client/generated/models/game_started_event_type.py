from enum import StrEnum


class GameStartedEventType(StrEnum):
    GAME_STARTED = "game.started"

    def __str__(self) -> str:
        return str(self.value)
