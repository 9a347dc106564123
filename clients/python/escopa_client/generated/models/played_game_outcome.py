from enum import StrEnum


class PlayedGameOutcome(StrEnum):
    ABORTED = "aborted"
    DRAW = "draw"
    LOST = "lost"
    WON = "won"

    def __str__(self) -> str:
        return str(self.value)
