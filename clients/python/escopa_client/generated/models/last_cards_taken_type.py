from enum import StrEnum


class LastCardsTakenType(StrEnum):
    LAST_CARDS = "last_cards"

    def __str__(self) -> str:
        return str(self.value)
