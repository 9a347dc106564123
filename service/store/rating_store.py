"""Players in Redis, one scope (an API key's players) under one hash tag
(`redis_keys.ratings_scope`): each player's ratings and abuse watches, each ladder's
leaderboard, each player's finished games, the settled games and the flagged players, so one
script (`lua/ratings_settle.lua`) settles a game's players at once and only once; on a cluster
each scope is on one shard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, cast

import msgspec

from service.ledger.ratings import Rating
from service.ledger.watch import WATCH_PREFIX, Thresholds
from service.store import redis_keys
from service.store.redis_gateway import RedisGateway
from service.store.scripts import CLEAR_FLAG, REGISTER_PLAYER, SETTLE

PlayerOutcome = Literal["won", "lost", "draw", "aborted"]


class SeatRating(msgspec.Struct, frozen=True, kw_only=True):
    """A seat of a settled game: its player and, when rated, the rating before and after."""

    seat: int
    player_id: str
    before: Rating | None = None
    after: Rating | None = None


class Settled(msgspec.Struct, frozen=True, kw_only=True):
    """A settled game: its ladder, whether it was rated, each named seat's ratings."""

    game_id: str
    ladder: str
    rated: bool
    seats: tuple[SeatRating, ...]
    tournament_id: str | None = None
    """A rated tournament's table: `game_id` is then its settlement id
    (`<tournament_id>.r<round>.t<table>`)."""
    watch: Thresholds | None = None
    """The abuse watch's thresholds when it counted this match (a rated game, aborted ones
    too, or a table): the recompute counts it again with them."""
    cleared: bool = False
    """Not a match: the operator cleared the flag of the one seat's player on `ladder` here,
    in the settle order (`game_id` is then `cleared.<n>`)."""


class PlayedGame(msgspec.Struct, frozen=True, kw_only=True):
    """A finished game as a player's history lists it (`seq`: the paging cursor); a rated
    tournament's table as one match: `game_id` is then its settlement id
    (`<tournament_id>.r<round>.t<table>`, not a game's), with its `tournament_id` and its two
    `game_ids`."""

    seq: int = 0
    game_id: str
    ladder: str
    rated: bool
    seat: int
    outcome: PlayerOutcome
    rating_change: float | None = None
    """The ordinal after the game less the one before (null: not rated)."""
    tournament_id: str | None = None
    """The tournament whose table this match was (null: a game)."""
    game_ids: tuple[str, ...] | None = None
    """A table's two games, seats swapped (null: a game)."""


class SettledSeat(msgspec.Struct, frozen=True, kw_only=True):
    """What the settle script writes for one player: its rating as read and after, its
    board members before and after, its history record, its seat's name, and whether it has
    the games to be listed."""

    player_id: str
    read: bytes
    after: bytes
    member_before: str
    member_after: str
    record: bytes
    name: str
    listed: bool = False
    watch_read: bytes = b""
    watch_after: bytes = b""
    flagged: bool = False


_rating = msgspec.msgpack.Decoder(Rating)
_encode = msgspec.msgpack.Encoder().encode


def rating_bytes(rating: Rating | None) -> bytes:
    return b"" if rating is None else _encode(rating)


def decode_rating(data: bytes | None) -> Rating | None:
    return None if not data else _rating.decode(data)


class RatingStore:
    """The scopes' players over `gateway`."""

    def __init__(self, gateway: RedisGateway) -> None:
        self.gateway = gateway

    async def ratings(self, scope: str, ladder: str, players: Sequence[str]) -> list[bytes]:
        """The stored ratings of the players on the ladder, as bytes (b'': none yet)."""
        found = await self.gateway.pipeline(
            [("HGET", redis_keys.player(scope, p), ladder) for p in players]
        )
        return [bytes(f) if f is not None else b"" for f in found]

    async def read(
        self, scope: str, ladder: str, players: Sequence[str]
    ) -> list[tuple[bytes, bytes]]:
        """Each player's stored rating and abuse watch on the ladder, as bytes (b'': none)."""
        found = await self.gateway.pipeline(
            [("HMGET", redis_keys.player(scope, p), ladder, WATCH_PREFIX + ladder) for p in players]
        )
        return [(bytes(rating or b""), bytes(watch or b"")) for rating, watch in found]

    async def settle(self, scope: str, settled: Settled, seats: Sequence[SettledSeat]) -> int:
        """Write the match's settlement once: its count in the scope; 0 settled before; -1 a
        rating or a watch moved since it was read."""
        keys_ = [
            redis_keys.settled(scope),
            redis_keys.settle_order(scope),
            redis_keys.leaderboard(scope, settled.ladder),
            redis_keys.leaderboard(scope, settled.ladder, provisional=True),
            redis_keys.flagged(scope),
        ]
        args: list[Any] = [
            settled.game_id,
            msgspec.json.encode(settled),
            settled.ladder,
            int(settled.rated),
            len(seats),
            int(settled.watch is not None),
        ]
        for seat in seats:
            keys_ += [
                redis_keys.player(scope, seat.player_id),
                redis_keys.player_games(scope, seat.player_id),
            ]
            args += [seat.read, seat.after, seat.member_before, seat.member_after, seat.record]
            args += [seat.name, int(seat.listed), seat.watch_read, seat.watch_after]
            args.append(flagged_member(settled.ladder, seat.player_id) if seat.flagged else "")
        return int(await self.gateway.write(SETTLE, keys_, args))

    async def clear_flag(
        self, scope: str, cleared: Settled, read: bytes, after: bytes, member: str, listed: bool
    ) -> int:
        """Write the operator's clearing of a flag (its one seat's player on its ladder): its
        count in the scope; -1 the watch moved since it was read."""
        player = cleared.seats[0].player_id
        keys_ = [
            redis_keys.settled(scope),
            redis_keys.settle_order(scope),
            redis_keys.leaderboard(scope, cleared.ladder),
            redis_keys.flagged(scope),
            redis_keys.player(scope, player),
        ]
        args: list[Any] = [cleared.game_id, msgspec.json.encode(cleared)]
        args += [WATCH_PREFIX + cleared.ladder, read, after, member, int(listed)]
        args.append(flagged_member(cleared.ladder, player))
        return int(await self.gateway.write(CLEAR_FLAG, keys_, args))

    async def flagged(self, scope: str) -> list[tuple[str, str]]:
        """The scope's flagged players: (ladder, player id), sorted."""
        [members] = await self.gateway.pipeline([("SMEMBERS", redis_keys.flagged(scope))])
        found = [bytes(member).decode().partition(" ") for member in members]
        return sorted((ladder, player) for ladder, _, player in found)

    async def register(self, scope: str, player_id: str, secret_hash: str) -> int:
        """Keep a new player id's secret hash: 1 kept; 0 held already; -1 the id has a history
        from before player secrets (`lua/player_register.lua`)."""
        keys_ = [redis_keys.player_secret(scope, player_id), redis_keys.player(scope, player_id)]
        return int(await self.gateway.write(REGISTER_PLAYER, keys_, [secret_hash]))

    async def renew_secret(self, scope: str, player_id: str, secret_hash: str) -> None:
        """Keep a player id's new secret hash, whatever it held before (the operator's)."""
        await self.gateway.pipeline(
            [("SET", redis_keys.player_secret(scope, player_id), secret_hash)]
        )

    async def secret_hashes(self, scope: str, players: Sequence[str]) -> list[str | None]:
        """Each player id's secret hash (None: it has none)."""
        found = await self.gateway.pipeline(
            [("GET", redis_keys.player_secret(scope, p)) for p in players]
        )
        return [None if f is None else bytes(f).decode() for f in found]

    async def settle_order(self, scope: str) -> list[str]:
        """The ids of the scope's settled games and tables, in the order they were settled."""
        [ids] = await self.gateway.pipeline([("ZRANGE", redis_keys.settle_order(scope), 0, -1)])
        return [bytes(i).decode() for i in ids]

    async def settled(self, scope: str, game_id: str) -> Settled | None:
        """The settlement of a game, if it is settled."""
        [found] = await self.gateway.pipeline([("HGET", redis_keys.settled(scope), game_id)])
        return None if found is None else msgspec.json.decode(found, type=Settled)

    async def player(self, scope: str, player_id: str) -> dict[str, bytes]:
        """A player's hash: a rating per ladder and its `name` (empty: never seen)."""
        [found] = await self.gateway.pipeline([("HGETALL", redis_keys.player(scope, player_id))])
        return _hash(found)

    async def names(self, scope: str, players: Sequence[str], ladder: str) -> list[list[Any]]:
        """Each player's name and rating on the ladder."""
        return cast(
            "list[list[Any]]",
            await self.gateway.pipeline(
                [("HMGET", redis_keys.player(scope, p), "name", ladder) for p in players]
            ),
        )

    async def games(
        self, scope: str, player_id: str, after: int | None, limit: int
    ) -> list[PlayedGame]:
        """A player's finished games, newest first, those before `after` (a `seq`)."""
        top = f"({after}" if after is not None else "+inf"
        key = redis_keys.player_games(scope, player_id)
        [found] = await self.gateway.pipeline(
            [("ZRANGE", key, top, "-inf", "BYSCORE", "REV", "LIMIT", 0, limit, "WITHSCORES")]
        )
        return [
            msgspec.structs.replace(msgspec.json.decode(m, type=PlayedGame), seq=int(s))
            for m, s in _pairs(found)
        ]

    async def board(
        self, scope: str, ladder: str, after: str | None, limit: int, provisional: bool
    ) -> tuple[list[str], int]:
        """A ladder's members (listed, or with `provisional` all) after the cursor `after` (a
        member), and the first one's rank (1 best)."""
        key = redis_keys.leaderboard(scope, ladder, provisional)
        low = f"({after}" if after is not None else "-"
        [members] = await self.gateway.pipeline(
            [("ZRANGE", key, low, "+", "BYLEX", "LIMIT", 0, limit)]
        )
        found = [bytes(m).decode() for m in members]
        if not found:
            return [], 0
        [rank] = await self.gateway.pipeline([("ZRANK", key, found[0])])
        return found, int(rank) + 1

    async def board_at(
        self, scope: str, ladder: str, start: int, limit: int, provisional: bool
    ) -> list[str]:
        """A ladder's members from rank `start + 1`."""
        key = redis_keys.leaderboard(scope, ladder, provisional)
        [members] = await self.gateway.pipeline([("ZRANGE", key, start, start + limit - 1)])
        return [bytes(m).decode() for m in members]

    async def rank(self, scope: str, ladder: str, member: str, provisional: bool) -> int | None:
        """The 0-based rank of a member on the ladder, or None."""
        key = redis_keys.leaderboard(scope, ladder, provisional)
        [rank] = await self.gateway.pipeline([("ZRANK", key, member)])
        return None if rank is None else int(rank)


def flagged_member(ladder: str, player_id: str) -> str:
    """A flagged player's member of its scope's set of them (ids and ladders hold no space)."""
    return f"{ladder} {player_id}"


def _hash(found: Any) -> dict[str, bytes]:
    if isinstance(found, dict):
        return {bytes(k).decode(): bytes(v) for k, v in found.items()}
    flat = list(found or [])
    return {bytes(flat[i]).decode(): bytes(flat[i + 1]) for i in range(0, len(flat), 2)}


def _pairs(found: Any) -> list[tuple[bytes, float]]:
    items = list(found or [])
    if items and not isinstance(items[0], list | tuple):
        return [(bytes(items[i]), float(items[i + 1])) for i in range(0, len(items), 2)]
    return [(bytes(m), float(s)) for m, s in items]
