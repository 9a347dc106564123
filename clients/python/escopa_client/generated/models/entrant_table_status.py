from enum import StrEnum


class EntrantTableStatus(StrEnum):
    BYE = "bye"
    FINISHED = "finished"
    PLAYED = "played"
    PLAYING = "playing"

    def __str__(self) -> str:
        return str(self.value)
