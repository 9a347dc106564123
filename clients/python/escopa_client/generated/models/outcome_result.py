from enum import StrEnum


class OutcomeResult(StrEnum):
    ABORTED = "aborted"
    DRAW = "draw"
    RESIGNED = "resigned"
    SHARED = "shared"
    WON = "won"

    def __str__(self) -> str:
        return str(self.value)
