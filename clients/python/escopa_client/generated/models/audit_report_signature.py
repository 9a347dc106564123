from enum import StrEnum


class AuditReportSignature(StrEnum):
    ABSENT = "absent"
    FAILED = "failed"
    UNCHECKED = "unchecked"
    VERIFIED = "verified"

    def __str__(self) -> str:
        return str(self.value)
