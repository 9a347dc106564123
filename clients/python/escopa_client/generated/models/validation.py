from enum import StrEnum


class Validation(StrEnum):
    HONOR = "honor"
    STRICT = "strict"

    def __str__(self) -> str:
        return str(self.value)
