from enum import StrEnum


class TableResultEventType(StrEnum):
    TABLE_RESULT = "table.result"

    def __str__(self) -> str:
        return str(self.value)
