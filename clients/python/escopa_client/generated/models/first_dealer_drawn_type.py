from enum import StrEnum


class FirstDealerDrawnType(StrEnum):
    FIRST_DEALER = "first_dealer"

    def __str__(self) -> str:
        return str(self.value)
