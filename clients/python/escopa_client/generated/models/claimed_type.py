from enum import StrEnum


class ClaimedType(StrEnum):
    CLAIMED = "claimed"

    def __str__(self) -> str:
        return str(self.value)
