"""A waiting game's seats: taking an open seat (by invite, or by number in the lobby) and
giving one up. Of two racers for one seat exactly one gets it (the commit's version check;
the loser reads the game again and decides again), and the last seat taken deals."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable, Sequence
from typing import Final

import msgspec
from msgspec import UnsetType

from service.core.games.access import Access
from service.core.games.journal import Change, Draft, Journal
from service.core.games.messages import Changed, Joined, JoinRequest
from service.core.games.presented import changed, seat_view
from service.core.lifecycle.clocks import Clocks
from service.core.lifecycle.invites import invite
from service.core.lifecycle.lobby import Lobby
from service.core.ratings.player_ids import checked
from service.core.ratings.player_secrets import Named, PlayerSecrets
from service.errors import ServiceError, busy
from service.ledger.chain import visible
from service.ledger.game_meta import GameMeta, SeatMeta, open_seats
from service.ledger.log import Life, now_ms
from service.ledger.names import lookalike, shown_name, twin
from service.ledger.signatures import KeyRing
from service.ledger.stored_game import StoredGame
from service.settings import secret_hash

TRIES: Final = 50
"""How often a write that found the game moved on reads it again (only racers cause it)."""


def not_waiting(game_id: str) -> ServiceError:
    return ServiceError(
        "game/not_waiting", 409, "game {game_id} is not waiting for players", game_id=game_id
    )


def joining_name(given: str, seats: Sequence[SeatMeta]) -> str:
    """The name a join takes (in NFC), if it can be shown and no seat's looks the same."""
    name = shown_name(given, "name")
    others = [seat.name for seat in seats]
    same = lookalike(name, others)
    if same is not None:
        template, params = twin(name, same, others[same])
        raise ServiceError("join/name_taken", 409, template, field="name", **params)
    return name


def seat_to_take(game_id: str, game: StoredGame, request: JoinRequest) -> int:
    """The open seat the request names: by its invite, or by number in a lobby game."""
    if game.state.status != "waiting":
        raise not_waiting(game_id)
    code, seat = request.invite, request.seat
    if isinstance(code, str) == isinstance(seat, int):
        raise ServiceError(
            "join/ambiguous",
            422,
            "give either an `invite` or a lobby game's `seat`",
            field="invite",
        )
    kept = game.meta.seats
    if isinstance(code, str):
        digest = secret_hash(code)
        for at, meta in enumerate(kept):
            if meta.open and hmac.compare_digest(digest, meta.invite_hash):
                return at
        raise ServiceError(
            "join/invite_invalid", 403, "this invite is unknown, used, or for another game"
        )
    assert isinstance(seat, int)
    if seat >= len(kept):
        raise ServiceError(
            "join/no_such_seat",
            409,
            "seat {seat} does not exist: seats 0-{last}",
            field="seat",
            seat=seat,
            last=len(kept) - 1,
        )
    if not kept[seat].open:
        raise ServiceError(
            "join/seat_taken", 409, "seat {seat} is taken already", field="seat", seat=seat
        )
    if not game.meta.lobby:
        raise ServiceError(
            "join/invite_required", 403, "this game is not in the lobby: join by invite"
        )
    return seat


def joining_id(meta: GameMeta, request: JoinRequest, key: str | None, seat: int) -> str:
    """The player id a join names ('' none): only in the scope of the key that created the
    game (on a server with keys, a request without one names none); the game's ladder then
    lists the seat's games."""
    player_id = request.player_id
    if isinstance(player_id, UnsetType):
        return ""
    if key != meta.key:
        raise ServiceError(
            "player/scope",
            403,
            "player ids are named by the API key that created the game (send its `X-API-Key`)",
            field="player_id",
        )
    if any(kept.player_id == player_id for kept in meta.seats):
        raise ServiceError(
            "player/duplicate",
            422,
            "'{player_id}' has a seat already",
            field="player_id",
            player_id=player_id,
        )
    return checked(player_id, seat)


def with_seat(meta: GameMeta, seat: int, kept: SeatMeta) -> GameMeta:
    """The meta with `seat` replaced."""
    seats = list(meta.seats)
    seats[seat] = kept
    return msgspec.structs.replace(meta, seats=tuple(seats))


class Seats:
    """Joins and leaves of the waiting games in `journal`; the player id a join names vouched
    for by `player_secrets`."""

    def __init__(
        self,
        access: Access,
        journal: Journal,
        lobby: Lobby,
        clocks: Clocks,
        ring: KeyRing,
        player_secrets: PlayerSecrets,
    ) -> None:
        self.access = access
        self.journal = journal
        self.lobby = lobby
        self.clocks = clocks
        self.ring = ring
        self.secrets = player_secrets

    async def join(self, game_id: str, request: JoinRequest, key: str | None = None) -> Joined:
        """Take an open seat by its invite, or a lobby game's open seat by number; the last
        seat taken deals the game. A `player_id` is the API key's (`key`: its id)."""
        token = secrets.token_urlsafe(32)
        for _ in range(TRIES):
            game = await self.access.current(game_id)
            seat = seat_to_take(game_id, game, request)
            name = joining_name(request.name, game.meta.seats)
            player_id = joining_id(game.meta, request, key, seat)
            await self._vouched(player_id, request)
            kept = SeatMeta(name, secret_hash(token), player_id=player_id)
            meta = with_seat(game.meta, seat, kept)
            change = Change(record=Life("joined", seat, now_ms() - game.ms, name), meta=meta)
            stored = await self.journal.commit(
                game_id, game, change, self._joined(seat, name, token), Joined
            )
            if stored.result is not None:
                await self.lobby.relist(game_id, meta, not open_seats(meta))
                return stored.result
        raise busy()

    async def _vouched(self, player_id: str, request: JoinRequest) -> None:
        """The joining player id comes with its secret (a secret alone is refused)."""
        secret = request.player_secret if isinstance(request.player_secret, str) else None
        if player_id:
            await self.secrets.vouch([Named(player_id, secret, "player_id")])
        elif secret is not None:
            raise ServiceError(
                "request/secret_without_player_id",
                422,
                "a `player_secret` goes with a `player_id`",
                field="player_secret",
            )

    def _joined(self, seat: int, name: str, token: str) -> Callable[[Draft], Joined]:
        def answer(draft: Draft) -> Joined:
            after, entry, game_id = draft.after, draft.entry, draft.game_id
            return Joined(
                game_id=game_id,
                seat=seat,
                name=name,
                token=token,
                version=entry.seq,
                entry=visible(entry, seat, False, after.state.rules),
                view=seat_view(game_id, after, seat, self.clocks),
                receipt=self.ring.receipt(game_id, entry.seq, entry.hash),
            )

        return answer

    async def leave(self, game_id: str, token: str | None) -> Changed:
        """Give up a seat before the game starts: it opens again, with a new invite for the
        creator (or back in the lobby)."""
        for _ in range(TRIES):
            game, seat = await self.access.writing(game_id, token)
            if game.state.status != "waiting":
                raise not_waiting(game_id)
            if seat == game.meta.creator:
                raise ServiceError(
                    "leave/creator", 409, "the creator cannot leave a waiting game: abort it"
                )
            opened = game.version + 1
            code = invite(self.ring, game_id, seat, opened)
            kept = SeatMeta("", "", open=True, invite_hash=secret_hash(code), opened=opened)
            meta = with_seat(game.meta, seat, kept)
            change = Change(record=Life("left", seat, now_ms() - game.ms), meta=meta)
            await self.lobby.announce(game_id, meta)  # before the write that opens the seat
            stored = await self.journal.commit(game_id, game, change, self._left, Changed)
            if stored.result is not None:
                return stored.result
        raise busy()

    def _left(self, draft: Draft) -> Changed:
        return changed(self.ring, draft.game_id, draft.entry, draft.after, None)
