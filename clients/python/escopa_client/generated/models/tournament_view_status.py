from enum import StrEnum


class TournamentViewStatus(StrEnum):
    FINISHED = "finished"
    RUNNING = "running"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
