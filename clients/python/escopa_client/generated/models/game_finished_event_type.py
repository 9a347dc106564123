from enum import StrEnum


class GameFinishedEventType(StrEnum):
    GAME_FINISHED = "game.finished"

    def __str__(self) -> str:
        return str(self.value)
