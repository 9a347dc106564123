from enum import StrEnum


class StreamEventsUntil(StrEnum):
    END = "end"
    REMATCH = "rematch"

    def __str__(self) -> str:
        return str(self.value)
