from enum import StrEnum


class RulesOverrideFirstDealerType0(StrEnum):
    DRAW = "draw"

    def __str__(self) -> str:
        return str(self.value)
