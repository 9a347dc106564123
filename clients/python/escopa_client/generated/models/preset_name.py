from enum import StrEnum


class PresetName(StrEnum):
    ESCOBA = "escoba"
    ESCOPA = "escopa"
    ESCOVA = "escova"

    def __str__(self) -> str:
        return str(self.value)
