from enum import StrEnum


class MoveClaimKind(StrEnum):
    CLAIM = "claim"

    def __str__(self) -> str:
        return str(self.value)
