from enum import StrEnum


class TournamentExportFormat(StrEnum):
    ESCOPA_TOURNAMENT_V1 = "escopa-tournament-v1"
    ESCOPA_TOURNAMENT_V2 = "escopa-tournament-v2"

    def __str__(self) -> str:
        return str(self.value)
