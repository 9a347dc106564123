from enum import StrEnum


class TournamentStreamEventEvent(StrEnum):
    ROUND_STARTED = "round.started"
    TABLE_RESULT = "table.result"
    TOURNAMENT_FINISHED = "tournament.finished"

    def __str__(self) -> str:
        return str(self.value)
