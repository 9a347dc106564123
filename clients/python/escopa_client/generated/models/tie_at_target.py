from enum import StrEnum


class TieAtTarget(StrEnum):
    DRAW = "draw"
    PLAY_ON = "play_on"
    SHARED = "shared"

    def __str__(self) -> str:
        return str(self.value)
