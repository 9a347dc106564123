from enum import StrEnum


class MoveKind(StrEnum):
    CLAIM = "claim"
    DEAL = "deal"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
