from enum import StrEnum


class ReplayResultStatus(StrEnum):
    DEALING = "dealing"
    FINISHED = "finished"
    PLAYING = "playing"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
