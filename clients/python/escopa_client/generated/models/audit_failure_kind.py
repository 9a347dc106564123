from enum import StrEnum


class AuditFailureKind(StrEnum):
    CHAIN = "chain"
    FORMAT = "format"
    INCOMPLETE = "incomplete"
    REPLAY = "replay"
    RULES = "rules"
    SEED = "seed"
    SIGNAL = "signal"
    SIGNATURE = "signature"

    def __str__(self) -> str:
        return str(self.value)
