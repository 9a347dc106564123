from enum import StrEnum


class LogEntryType(StrEnum):
    ABORTED = "aborted"
    CREATED = "created"
    DEAL = "deal"
    JOINED = "joined"
    LEFT = "left"
    MOVE = "move"
    REMATCH = "rematch"
    RESIGNED = "resigned"
    SIGNAL = "signal"

    def __str__(self) -> str:
        return str(self.value)
