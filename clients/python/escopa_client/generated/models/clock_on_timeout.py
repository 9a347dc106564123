from enum import StrEnum


class ClockOnTimeout(StrEnum):
    BOT = "bot"
    FIRST_MOVE = "first_move"
    FORFEIT = "forfeit"

    def __str__(self) -> str:
        return str(self.value)
