from enum import StrEnum


class LeftoverCards(StrEnum):
    DEALER = "dealer"
    MANO = "mano"
    NOBODY = "nobody"

    def __str__(self) -> str:
        return str(self.value)
