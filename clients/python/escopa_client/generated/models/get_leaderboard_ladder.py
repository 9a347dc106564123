from enum import StrEnum


class GetLeaderboardLadder(StrEnum):
    ESCOBA_2P = "escoba-2p"
    ESCOBA_3P = "escoba-3p"
    ESCOBA_4P = "escoba-4p"
    ESCOPA_2P = "escopa-2p"
    ESCOPA_3P = "escopa-3p"
    ESCOPA_4P = "escopa-4p"
    ESCOVA_2P = "escova-2p"
    ESCOVA_3P = "escova-3p"
    ESCOVA_4P = "escova-4p"

    def __str__(self) -> str:
        return str(self.value)
