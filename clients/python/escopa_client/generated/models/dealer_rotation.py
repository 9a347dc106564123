from enum import StrEnum


class DealerRotation(StrEnum):
    HAND = "hand"
    ROUND = "round"

    def __str__(self) -> str:
        return str(self.value)
