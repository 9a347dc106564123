from enum import StrEnum


class PrimeiraFigures(StrEnum):
    COUNT = "count"
    IGNORE = "ignore"

    def __str__(self) -> str:
        return str(self.value)
