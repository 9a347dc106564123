from enum import StrEnum


class LegalPlayKind(StrEnum):
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
