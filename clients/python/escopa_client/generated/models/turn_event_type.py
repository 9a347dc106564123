from enum import StrEnum


class TurnEventType(StrEnum):
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)
