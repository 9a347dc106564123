from enum import StrEnum


class WebhookSubscriptionEventsItem(StrEnum):
    GAME_FINISHED = "game.finished"
    GAME_STARTED = "game.started"
    ROUND_STARTED = "round.started"
    TABLE_RESULT = "table.result"
    TIMEOUT = "timeout"
    TOURNAMENT_FINISHED = "tournament.finished"
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)
