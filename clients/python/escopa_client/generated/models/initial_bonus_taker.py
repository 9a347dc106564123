from enum import StrEnum


class InitialBonusTaker(StrEnum):
    DEALER = "dealer"
    MANO = "mano"

    def __str__(self) -> str:
        return str(self.value)
