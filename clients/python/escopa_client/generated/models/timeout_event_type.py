from enum import StrEnum


class TimeoutEventType(StrEnum):
    TIMEOUT = "timeout"

    def __str__(self) -> str:
        return str(self.value)
