from enum import StrEnum


class TournamentViewScoring(StrEnum):
    IMPS = "imps"
    MATCHPOINTS = "matchpoints"
    PAIRS = "pairs"
    PLAIN = "plain"

    def __str__(self) -> str:
        return str(self.value)
