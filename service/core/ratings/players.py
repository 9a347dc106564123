"""Players known across games: a finished game's named seats are settled once (their history,
and for a rated game their ratings on its ladder, `service.ledger.ratings`, and the abuse
watch's counts, `service.ledger.watch`), and read back as a player's ratings, a player's games
and a ladder's leaderboard, all in the API key's scope; the operator lists and clears flags."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Final

import msgspec

from engine.rules import PRESETS, Rules, side_of
from engine.scoring import Outcome
from service.core.ratings.player_ids import scope_of
from service.errors import ServiceError, busy
from service.ledger.log import DEAL, Step, decode_record
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
from service.ledger.stored_game import StoredGame
from service.ledger.watch import (
    WATCH_PREFIX,
    Ending,
    Flag,
    Thresholds,
    Watch,
    cleared,
    decode_watch,
    ending_of,
    reliability,
    watch_bytes,
    watch_match,
)
from service.settings import RatingSettings
from service.store.games_repository import GamesRepository
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


class FlagShown(msgspec.Struct, kw_only=True):
    """Why the abuse watch flagged a player on a ladder: `sandbag` (rated games given up early)
    or `boost` (wins off one opponent), and the settlement that raised it (a game's id, or a
    tournament table's)."""

    kind: str
    at: str


class PlayerRating(LadderRating, kw_only=True):
    """A player's rating on one ladder, with its reliability beside it: of its `watched` rated
    games (aborted ones too), those it walked away from (`left`: lost on time, or never moved),
    `reliability` the share it did not (null: none yet); `flagged` while the abuse watch flags
    it (then it is off the listed leaderboard)."""

    watched: int = 0
    left: int = 0
    reliability: float | None = None
    flagged: FlagShown | None = None


class PlayerRatings(msgspec.Struct, kw_only=True):
    """A player's ratings, one per ladder it played rated games on."""

    player_id: str
    ratings: dict[str, PlayerRating]


class FlagRow(msgspec.Struct, frozen=True, kw_only=True):
    """A flagged player, for the operator: its scope, ladder and id, and the flag."""

    scope: str
    ladder: str
    player_id: str
    flag: Flag


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
    raise ServiceError(
        "ladder/not_found", 404, "no ladder '{ladder}': `<preset>-<n>p`", ladder=ladder
    )


def player_not_found(player_id: str) -> ServiceError:
    return ServiceError("player/not_found", 404, "no player '{player_id}'", player_id=player_id)


def thresholds_of(settings: RatingSettings) -> Thresholds:
    """The abuse watch's thresholds, as the settings give them."""
    return Thresholds(
        window=settings.watch_window,
        early_moves=settings.watch_early_moves,
        sandbag=settings.watch_sandbag,
        boost=settings.watch_boost,
        repeats=settings.watch_repeats,
    )


def ending_in(records: list[bytes]) -> Ending:
    """The ending of a game from its stored records after the opening (`watch.ending_of`)."""
    steps = []
    for data in records:
        record = decode_record(data)
        if isinstance(record, Step):
            steps.append(("deal" if record.move == DEAL else "move", record.seat, record.move))
        else:
            steps.append((record.kind, record.seat, record.text))
    return ending_of(steps)


def player_rating(rating: Rating | None, watch: Watch) -> PlayerRating:
    """A player's rating on one ladder on the wire, its watch beside it."""
    flag = watch.flag
    return PlayerRating(
        **msgspec.structs.asdict(ladder_rating(rating or FIRST)),
        watched=watch.games,
        left=watch.left,
        reliability=reliability(watch),
        flagged=None if flag is None else FlagShown(kind=flag.kind, at=flag.at),
    )


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
    watched: bool = True
    """Whether the abuse watch counts it: a rated game (aborted too) or table."""
    ending: Ending | None = None
    """How a game ended, as its log says (None: a table, whose log the watch does not read)."""


def _rated(match: Match, before: dict[int, Rating | None]) -> dict[int, Rating]:
    """Every seat's rating after the match (a seat never rated starts at `FIRST`)."""
    seats = [before.get(s) or FIRST for s in range(match.rules.players)]
    return dict(enumerate(rated(match.rules, match.outcome, seats)))


class Players:
    """Settles finished games' players and reads them back, over `store` (the finished games'
    records from `repository`)."""

    def __init__(
        self, store: RatingStore, repository: GamesRepository, settings: RatingSettings
    ) -> None:
        self.store = store
        self.repository = repository
        self.min_games = settings.min_games
        """The rated games on a ladder that list a player on its leaderboard."""
        self.thresholds = thresholds_of(settings)
        """The abuse watch's thresholds in force, recorded with each match it counts."""
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
        ending = None
        if meta.rated:
            ending = ending_in(await self.repository.records_of(game_id, game, 1, -1))
        match = Match(
            game_id,
            scope,
            ladder,
            state.rules,
            state.outcome,
            named,
            names,
            is_rated,
            watched=meta.rated,
            ending=ending,
        )
        await self.settle_match(match)

    async def settle_match(self, match: Match) -> None:
        """Settle a match's named seats once, by its settlement id."""
        for _ in range(TRIES):
            read = await self.store.read(match.scope, match.ladder, list(match.named.values()))
            before = {s: decode_rating(r) for s, (r, _) in zip(match.named, read, strict=True)}
            after = _rated(match, before) if match.rated else {}
            settled, seats = self._settlement(match, before, after, read)
            result = await self.store.settle(match.scope, settled, seats)
            if result >= 0:
                self.settled_games += result > 0
                return
        raise busy()

    def _watches(self, match: Match, read: list[tuple[bytes, bytes]]) -> dict[int, Watch]:
        """Each watched seat's watch after the match (none: not watched; bots never are)."""
        if not match.watched:
            return {}
        before = {s: decode_watch(w) for s, (_, w) in zip(match.named, read, strict=True)}
        return watch_match(
            match.rules,
            match.outcome,
            match.named,
            match.ending,
            self.thresholds,
            match.settlement_id,
            before,
        )

    def _settlement(
        self,
        match: Match,
        before: dict[int, Rating | None],
        after: dict[int, Rating],
        read: list[tuple[bytes, bytes]],
    ) -> tuple[Settled, list[SettledSeat]]:
        ranks = places(match.rules, match.outcome)
        rows: list[SeatRating] = []
        writes: list[SettledSeat] = []
        watches = self._watches(match, read)
        for (seat, player_id), (was, watch_was) in zip(match.named.items(), read, strict=True):
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
            watch = watches.get(seat)
            counted = after or watch is not None  # the boards move, or a flag may unlist
            current = new or prior
            writes.append(
                SettledSeat(
                    player_id=player_id,
                    read=was,
                    after=rating_bytes(new),
                    member_before=board_member(player_id, prior) if prior and counted else "",
                    member_after=board_member(player_id, new) if new else "",
                    record=msgspec.json.encode(record),
                    name=match.names[seat] or player_id,
                    listed=self._listed(current, watch),
                    watch_read=watch_was,
                    watch_after=b"" if watch is None else watch_bytes(watch),
                    flagged=watch is not None and watch.flag is not None,
                )
            )
        settled = Settled(
            game_id=match.settlement_id,
            ladder=match.ladder,
            rated=bool(after),
            seats=tuple(rows),
            tournament_id=match.tournament_id,
            watch=self.thresholds if match.watched else None,
        )
        return settled, writes

    def _listed(self, rating: Rating | None, watch: Watch | None) -> bool:
        """Whether a player is on the listed leaderboard: enough rated games, and no flag."""
        unflagged = watch is None or watch.flag is None
        return rating is not None and rating.games >= self.min_games and unflagged

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
        """A player's ratings in the key's scope, each with its watch (none yet for a player
        registered that has not played); 404 for a player never seen."""
        scope = scope_of(key)
        found = await self.store.player(scope, player_id)
        if not found and not await self.registered(scope, player_id):
            raise player_not_found(player_id)
        ladders = {field.removeprefix(WATCH_PREFIX) for field in found} - {"name"}
        ratings = {
            ladder: player_rating(
                decode_rating(found.get(ladder)), decode_watch(found.get(WATCH_PREFIX + ladder))
            )
            for ladder in sorted(ladders)
        }
        return PlayerRatings(player_id=player_id, ratings=ratings)

    async def registered(self, scope: str, player_id: str) -> bool:
        """Whether the id was registered (`POST /v1/players`), whether or not it has played."""
        [held] = await self.store.secret_hashes(scope, [player_id])
        return held is not None

    # --- the operator's ----------------------------------------------------------------------

    async def flags(self, scopes: list[str]) -> list[FlagRow]:
        """Every flagged player of the scopes, with its flag."""
        rows = []
        for scope in scopes:
            for ladder, player_id in await self.store.flagged(scope):
                [(_, data)] = await self.store.read(scope, ladder, [player_id])
                flag = decode_watch(data).flag
                if flag is not None:
                    rows.append(FlagRow(scope=scope, ladder=ladder, player_id=player_id, flag=flag))
        return rows

    async def clear_flag(self, scope: str, ladder: str, player_id: str) -> bool:
        """Clear a player's flag on a ladder (back on the listed board if it has the games),
        recorded in the settle order so that the recompute clears it there too; False when
        it has none."""
        for _ in range(TRIES):
            [(rating_data, was)] = await self.store.read(scope, ladder, [player_id])
            watch = decode_watch(was)
            if watch.flag is None:
                return False
            rating = decode_rating(rating_data)
            member = board_member(player_id, rating) if rating else ""
            record = Settled(
                game_id=f"cleared.{secrets.token_hex(6)}",
                ladder=ladder,
                rated=False,
                seats=(SeatRating(seat=0, player_id=player_id),),
                cleared=True,
            )
            after = watch_bytes(cleared(watch))
            listed = self._listed(rating, None)
            if await self.store.clear_flag(scope, record, was, after, member, listed) >= 0:
                return True
        raise busy()

    async def games(
        self, player_id: str, key: str | None, after: int | None, limit: int
    ) -> PlayerGames:
        """A page of a player's finished games, newest first; 404 for a player never seen."""
        scope = scope_of(key)
        games = await self.store.games(scope, player_id, after, limit)
        unseen = not games and after is None and not await self.store.player(scope, player_id)
        if unseen and not await self.registered(scope, player_id):
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
        [(data, watch)] = await self.store.read(scope, ladder, [page.around])
        rating = decode_rating(data)
        if rating is None:
            raise player_not_found(page.around)
        member = board_member(page.around, rating)
        rank = await self.store.rank(scope, ladder, member, page.provisional)
        if rank is None and decode_watch(watch).flag is not None:
            raise ServiceError(
                "player/not_listed",
                404,
                "player '{player_id}' is flagged by the abuse watch on {ladder}: ask with "
                "provisional=true",
                player_id=page.around,
                ladder=ladder,
            )
        if rank is None:
            raise ServiceError(
                "player/not_listed",
                404,
                "player '{player_id}' has fewer than {games} rated games on {ladder}: ask with "
                "provisional=true",
                player_id=page.around,
                games=self.min_games,
                ladder=ladder,
            )
        start = max(0, rank - page.limit // 2)
        board = await self.store.board_at(scope, ladder, start, page.limit, page.provisional)
        return board, start + 1
