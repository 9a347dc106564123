from enum import StrEnum


class LegalClaimKind(StrEnum):
    CLAIM = "claim"

    def __str__(self) -> str:
        return str(self.value)
