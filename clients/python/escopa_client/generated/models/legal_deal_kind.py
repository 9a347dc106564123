from enum import StrEnum


class LegalDealKind(StrEnum):
    DEAL = "deal"

    def __str__(self) -> str:
        return str(self.value)
