from enum import StrEnum


class HandDealtType(StrEnum):
    DEALT = "dealt"

    def __str__(self) -> str:
        return str(self.value)
