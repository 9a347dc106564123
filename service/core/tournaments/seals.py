"""Sealed games: every table of a tournament round plays the same deals, so while the round
runs a game of it shows its cards, seed and results to its own seats only. Anyone else (a
spectator, another entrant) is refused with 409 `tournament/sealed` until the round is over;
its seats see it as a running game even once it has ended (no deal revealed, no seed, no
export). Everything opens when the round is scored."""

from __future__ import annotations

from service.errors import ServiceError
from service.ledger.stored_game import StoredGame
from service.ledger.tournament_record import round_of
from service.store.tournament_store import TournamentStore


def sealed_problem(game_id: str, game: StoredGame) -> ServiceError:
    round_no = round_of(game.state.rules)
    return ServiceError(
        "tournament/sealed",
        409,
        "game {game_id} is a table of round {round} of tournament {tournament_id}, which is still "
        "being played: its cards, seed and results open when the round ends",
        {"Retry-After": "5"},
        game_id=game_id,
        round=round_no,
        tournament_id=game.meta.tournament,
    )


class Seals:
    """Which tournament games are sealed now, from each tournament's sealed round."""

    def __init__(self, tournaments: TournamentStore) -> None:
        self.tournaments = tournaments

    async def sealed(self, game: StoredGame) -> bool:
        """Whether the game is a table of a tournament round that is still running."""
        tournament_id = game.meta.tournament
        if tournament_id is None or not game.state.rules.boards:
            return False
        return await self.tournaments.sealed(tournament_id) == round_of(game.state.rules)

    async def check(self, game_id: str, game: StoredGame) -> None:
        """Refuse the game to whoever is not one of its seats while it is sealed."""
        if await self.sealed(game):
            raise sealed_problem(game_id, game)
