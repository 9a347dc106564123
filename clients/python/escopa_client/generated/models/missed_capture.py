from enum import StrEnum


class MissedCapture(StrEnum):
    CLAIMABLE = "claimable"
    STAYS = "stays"

    def __str__(self) -> str:
        return str(self.value)
