from enum import StrEnum


class MovePlayKind(StrEnum):
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
