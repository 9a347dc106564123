"""Which seat a request speaks for: its token or stream ticket checked against the seats'
hashes, compared in constant time. Pure: the game comes from whoever read it."""

from __future__ import annotations

import hmac

from service.errors import ServiceError
from service.ledger.game_meta import GameMeta
from service.settings import secret_hash


def seat_of(meta: GameMeta, token: str | None) -> int | None:
    """The seat whose token this is (compared in constant time), or None."""
    if token is None:
        return None
    digest = secret_hash(token)
    found = None
    for seat, stored in enumerate(meta.seats):
        if hmac.compare_digest(digest, stored.token_hash):
            found = seat
    return found


def holds(meta: GameMeta, seat: int, holder: str) -> bool:
    """Whether `holder` (the SHA-256 of a token) still holds `seat` (compared in constant time)."""
    if not 0 <= seat < len(meta.seats) or not holder:
        return False
    return hmac.compare_digest(holder, meta.seats[seat].token_hash)


def reader_seat(meta: GameMeta, token: str | None) -> int | None:
    """The reader's seat (None: a spectator); a token that is given must be valid."""
    seat = seat_of(meta, token)
    if token is not None and seat is None:
        raise ServiceError("auth/invalid_token", 401, "this token is not a seat of this game")
    return seat


def acting_seat(meta: GameMeta, token: str | None) -> int:
    """The seat a request acts for; a valid token is required."""
    if token is None:
        raise ServiceError("auth/missing_token", 401, "send `Authorization: Bearer <player token>`")
    seat = reader_seat(meta, token)
    assert seat is not None
    return seat


def invalid_ticket() -> ServiceError:
    return ServiceError(
        "auth/invalid_ticket",
        401,
        "this stream ticket is unknown, expired, for another game, or its seat's holder has left",
    )
