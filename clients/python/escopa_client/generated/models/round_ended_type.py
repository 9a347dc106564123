from enum import StrEnum


class RoundEndedType(StrEnum):
    ROUND_ENDED = "round_ended"

    def __str__(self) -> str:
        return str(self.value)
