from enum import StrEnum


class AuditReportStatusType0(StrEnum):
    DEALING = "dealing"
    FINISHED = "finished"
    PLAYING = "playing"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
