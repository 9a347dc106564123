from enum import StrEnum


class ExportFormat(StrEnum):
    ESCOPA_EXPORT_V1 = "escopa-export-v1"
    ESCOPA_EXPORT_V2 = "escopa-export-v2"
    ESCOPA_EXPORT_V3 = "escopa-export-v3"

    def __str__(self) -> str:
        return str(self.value)
