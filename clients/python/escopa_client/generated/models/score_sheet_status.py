from enum import StrEnum


class ScoreSheetStatus(StrEnum):
    DEALING = "dealing"
    FINISHED = "finished"
    PLAYING = "playing"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
