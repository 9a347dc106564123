from enum import StrEnum


class CaptureRule(StrEnum):
    MANDATORY = "mandatory"
    OPTIONAL = "optional"

    def __str__(self) -> str:
        return str(self.value)
