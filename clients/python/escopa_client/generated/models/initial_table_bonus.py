from enum import StrEnum


class InitialTableBonus(StrEnum):
    FIFTEEN = "fifteen"
    NONE = "none"
    PAIRS = "pairs"

    def __str__(self) -> str:
        return str(self.value)
