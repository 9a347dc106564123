from enum import StrEnum


class Signal(StrEnum):
    GUINDIS = "guindis"
    SEVEN = "seven"

    def __str__(self) -> str:
        return str(self.value)
