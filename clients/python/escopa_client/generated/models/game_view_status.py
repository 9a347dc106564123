from enum import StrEnum


class GameViewStatus(StrEnum):
    DEALING = "dealing"
    FINISHED = "finished"
    PLAYING = "playing"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
