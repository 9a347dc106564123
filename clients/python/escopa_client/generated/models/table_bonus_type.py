from enum import StrEnum


class TableBonusType(StrEnum):
    TABLE_BONUS = "table_bonus"

    def __str__(self) -> str:
        return str(self.value)
