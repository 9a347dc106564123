"""Players known across games: a finished game's named seats are settled once (their history,
and for a rated game their ratings on its ladder, `service.ledger.ratings`), and read back as
a player's ratings, a player's games and a ladder's leaderboard, all in the API key's scope."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

import msgspec

from engine.rules import PRESETS, Rules, side_of
from engine.scoring import Outcome
from service.core.player_ids import scope_of
from service.errors import ServiceError, busy
from service.ledger.ratings import (
    BOT_PREFIX,
    FIRST,
    LADDER_PATTERN,
    LadderRating,
    Rating,
    RatingChange,
    board_member,
    places,
    rated,
)
from service.store.game_store import StoredGame
from service.store.rating_store import (
    PlayedGame,
    PlayerOutcome,
    RatingStore,
    SeatRating,
    Settled,
    SettledSeat,
    decode_rating,
    rating_bytes,
)

TRIES: Final = 20
"""How often a settlement that found a rating moved (another game of a player settled first)
reads the ratings again."""


class PlayerRatings(msgspec.Struct, kw_only=True):
    """A player's ratings, one per ladder it played rated games on."""

    player_id: str
    ratings: dict[str, LadderRating]


class PlayerGames(msgspec.Struct, kw_only=True):
    """A player's finished games, newest first; `next_after` (null: the last page) asks for
    the next page."""

    player_id: str
    games: list[PlayedGame]
    next_after: int | None


class LeaderboardEntry(msgspec.Struct, kw_only=True):
    """A player's place on a ladder (ranked by ordinal, ties by games, then id)."""

    rank: int
    player_id: str
    name: str
    ordinal: float
    mu: float
    sigma: float
    games: int


class Leaderboard(msgspec.Struct, kw_only=True):
    """A page of a ladder's leaderboard; `next_after` (null: the last page) asks for the next."""

    ladder: str
    entries: list[LeaderboardEntry]
    next_after: str | None


class Page(msgspec.Struct, frozen=True, kw_only=True):
    """Which page of a leaderboard: after a cursor or around a player, of the listed players
    or (`provisional`) of all."""

    after: str | None = None
    limit: int = 20
    around: str | None = None
    provisional: bool = False


def ladder_rating(rating: Rating) -> LadderRating:
    """A rating on the wire."""
    return LadderRating(
        mu=rating.mu,
        sigma=rating.sigma,
        ordinal=rating.ordinal,
        games=rating.games,
        wins=rating.wins,
    )


def player_outcome(outcome: Outcome, place: int) -> PlayerOutcome:
    """How the match went for a side at `place`."""
    if outcome.result == "aborted":
        return "aborted"
    if place != 1:
        return "lost"
    return "draw" if outcome.result == "draw" else "won"


def known_ladder(ladder: str) -> str:
    """The ladder, if it names a preset and a number of seats; else 404."""
    if re.fullmatch(LADDER_PATTERN, ladder) and ladder.rsplit("-", 1)[0] in PRESETS:
        return ladder
    raise ServiceError("ladder/not_found", 404, f"no ladder {ladder!r}: `<preset>-<n>p`")


def player_not_found(player_id: str) -> ServiceError:
    return ServiceError("player/not_found", 404, f"no player {player_id!r}")


def seat_players(game: StoredGame) -> dict[int, str]:
    """The seats a settlement names: every seat of a rated game (bots as `bot:<level>`), else
    the seats with a player id."""
    named: dict[int, str] = {}
    for seat, kept in enumerate(game.meta.seats):
        if kept.player_id:
            named[seat] = kept.player_id
        elif game.meta.rated and kept.bot is not None:
            named[seat] = f"{BOT_PREFIX}{kept.bot}"
    return named


@dataclass(frozen=True)
class Match:
    """A finished match to settle: its settlement id (a game's id, or a rated tournament
    table's, with its tournament and two games), the scope and ladder it counts in, its rules
    and outcome, the seats it names (seat -> player id), each seat's name, whether it is rated."""

    settlement_id: str
    scope: str
    ladder: str
    rules: Rules
    outcome: Outcome
    named: dict[int, str]
    names: tuple[str, ...]
    rated: bool = True
    tournament_id: str | None = None
    game_ids: tuple[str, ...] | None = None


def _rated(match: Match, before: dict[int, Rating | None]) -> dict[int, Rating]:
    """Every seat's rating after the match (a seat never rated starts at `FIRST`)."""
    seats = [before.get(s) or FIRST for s in range(match.rules.players)]
    return dict(enumerate(rated(match.rules, match.outcome, seats)))


class Players:
    """Settles finished games' players and reads them back, over `store`."""

    def __init__(self, store: RatingStore, min_games: int) -> None:
        self.store = store
        self.min_games = min_games
        """The rated games on a ladder that list a player on its leaderboard."""
        self.settled_games = 0
        """Settlements this process wrote."""

    async def settle(self, game_id: str, game: StoredGame) -> None:
        """Settle the finished game's named seats once (a second call, here or in another
        process, finds it settled and writes nothing)."""
        state, meta = game.state, game.meta
        named = seat_players(game)
        if state.outcome is None or meta.ladder is None or not named:
            return
        is_rated = meta.rated and state.outcome.result != "aborted"
        names = tuple(seat.name for seat in meta.seats)
        scope, ladder = scope_of(meta.key), meta.ladder
        match = Match(game_id, scope, ladder, state.rules, state.outcome, named, names, is_rated)
        await self.settle_match(match)

    async def settle_match(self, match: Match) -> None:
        """Settle a match's named seats once, by its settlement id."""
        for _ in range(TRIES):
            read = await self.store.ratings(match.scope, match.ladder, list(match.named.values()))
            before = {s: decode_rating(r) for s, r in zip(match.named, read, strict=True)}
            after = _rated(match, before) if match.rated else {}
            settled, seats = self._settlement(match, before, after, read)
            result = await self.store.settle(match.scope, settled, seats)
            if result >= 0:
                self.settled_games += result > 0
                return
        raise busy()

    def _settlement(
        self,
        match: Match,
        before: dict[int, Rating | None],
        after: dict[int, Rating],
        read: list[bytes],
    ) -> tuple[Settled, list[SettledSeat]]:
        ranks = places(match.rules, match.outcome)
        rows: list[SeatRating] = []
        writes: list[SettledSeat] = []
        for (seat, player_id), was in zip(match.named.items(), read, strict=True):
            new = after.get(seat)
            old = (before[seat] or FIRST) if new is not None else None
            rows.append(SeatRating(seat=seat, player_id=player_id, before=old, after=new))
            record = PlayedGame(
                game_id=match.settlement_id,
                ladder=match.ladder,
                rated=new is not None,
                seat=seat,
                outcome=player_outcome(match.outcome, ranks[side_of(match.rules, seat)]),
                rating_change=None if new is None or old is None else new.ordinal - old.ordinal,
                tournament_id=match.tournament_id,
                game_ids=match.game_ids,
            )
            prior = before[seat]
            writes.append(
                SettledSeat(
                    player_id=player_id,
                    read=was,
                    after=rating_bytes(new),
                    member_before=board_member(player_id, prior) if prior else "",
                    member_after=board_member(player_id, new) if new else "",
                    record=msgspec.json.encode(record),
                    name=match.names[seat] or player_id,
                    listed=new is not None and new.games >= self.min_games,
                )
            )
        settled = Settled(
            game_id=match.settlement_id,
            ladder=match.ladder,
            rated=bool(after),
            seats=tuple(rows),
            tournament_id=match.tournament_id,
        )
        return settled, writes

    # --- reading ---------------------------------------------------------------------------

    async def changes(self, game_id: str, game: StoredGame) -> tuple[RatingChange, ...]:
        """Each seat's rating before and after a settled rated game (none before it is)."""
        return await self.settled_changes(scope_of(game.meta.key), game_id)

    async def settled_changes(self, scope: str, settlement_id: str) -> tuple[RatingChange, ...]:
        """Each seat's rating before and after a settled rated match (none before it is)."""
        found = await self.store.settled(scope, settlement_id)
        if found is None:
            return ()
        return tuple(
            RatingChange(seat=s.seat, before=ladder_rating(s.before), after=ladder_rating(s.after))
            for s in found.seats
            if s.before is not None and s.after is not None
        )

    async def player(self, player_id: str, key: str | None) -> PlayerRatings:
        """A player's ratings in the key's scope; 404 for a player never seen."""
        found = await self.store.player(scope_of(key), player_id)
        if not found:
            raise player_not_found(player_id)
        ratings = {
            ladder: ladder_rating(rating)
            for ladder, data in found.items()
            if ladder != "name" and (rating := decode_rating(data)) is not None
        }
        return PlayerRatings(player_id=player_id, ratings=ratings)

    async def games(
        self, player_id: str, key: str | None, after: int | None, limit: int
    ) -> PlayerGames:
        """A page of a player's finished games, newest first; 404 for a player never seen."""
        scope = scope_of(key)
        games = await self.store.games(scope, player_id, after, limit)
        if not games and after is None and not await self.store.player(scope, player_id):
            raise player_not_found(player_id)
        last = games[-1].seq if len(games) == limit else None
        return PlayerGames(player_id=player_id, games=games, next_after=last)

    async def leaderboard(self, ladder: str, key: str | None, page: Page) -> Leaderboard:
        """A page of the ladder: after the cursor `page.after`, or around a player."""
        scope = scope_of(key)
        known_ladder(ladder)
        if page.around is not None:
            members, first = await self._around(scope, ladder, page)
        else:
            members, first = await self.store.board(
                scope, ladder, page.after, page.limit, page.provisional
            )
        found = await self.store.names(scope, [m.split(":", 2)[2] for m in members], ladder)
        entries = []
        for offset, (member, (name, data)) in enumerate(zip(members, found, strict=True)):
            rating = decode_rating(data) or FIRST
            entries.append(
                LeaderboardEntry(
                    rank=first + offset,
                    player_id=member.split(":", 2)[2],
                    name=bytes(name or b"").decode(),
                    ordinal=rating.ordinal,
                    mu=rating.mu,
                    sigma=rating.sigma,
                    games=rating.games,
                )
            )
        last = members[-1] if len(members) == page.limit else None
        return Leaderboard(ladder=ladder, entries=entries, next_after=last)

    async def _around(self, scope: str, ladder: str, page: Page) -> tuple[list[str], int]:
        assert page.around is not None
        [data] = await self.store.ratings(scope, ladder, [page.around])
        rating = decode_rating(data)
        if rating is None:
            raise player_not_found(page.around)
        member = board_member(page.around, rating)
        rank = await self.store.rank(scope, ladder, member, page.provisional)
        if rank is None:
            raise ServiceError(
                "player/not_listed",
                404,
                f"player {page.around!r} has fewer than {self.min_games} rated games on"
                f" {ladder}: ask with provisional=true",
            )
        start = max(0, rank - page.limit // 2)
        board = await self.store.board_at(scope, ladder, start, page.limit, page.provisional)
        return board, start + 1
