from enum import StrEnum


class RulesFirstDealerType0(StrEnum):
    DRAW = "draw"

    def __str__(self) -> str:
        return str(self.value)
