from enum import StrEnum


class TournamentFinishedEventType(StrEnum):
    TOURNAMENT_FINISHED = "tournament.finished"

    def __str__(self) -> str:
        return str(self.value)
