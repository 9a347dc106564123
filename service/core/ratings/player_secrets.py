"""Who holds a player id: on a server without API keys, a person registers an id once and gets
its secret (shown once, kept only as SHA-256); a game, a join or a tournament then names that
id only with the secret, so nobody moves the rating of an id it does not hold. On a server
with API keys, the key vouches for the ids it names, as before. An id with a history from
before secrets existed is held by nobody until the operator gives its secret to its person
(`escopa ratings --player-secret ID`), who also gives a new one for a secret lost."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from service.core.games.messages import RegisteredPlayer, RegisterPlayer
from service.core.ratings.player_ids import NO_KEYS_SCOPE, checked
from service.errors import ServiceError
from service.settings import secret_hash
from service.store.rating_store import RatingStore

SECRET_PREFIX: Final = "ps_"


@dataclass(frozen=True, slots=True)
class Named:
    """A player id a request names, the secret given with it, and where (the problem's field
    and index)."""

    player_id: str
    secret: str | None
    field: str
    index: int | None = None


def new_secret() -> str:
    return SECRET_PREFIX + secrets.token_urlsafe(32)


def _refused(code: str, status: int, template: str, named: Named, **params: Any) -> ServiceError:
    return ServiceError(code, status, template, field=named.field, index=named.index, **params)


class PlayerSecrets:
    """The secrets of the player ids of the scope without API keys, in `store`; `keyless`:
    the server has no API keys (else the keys vouch, and no secret is used)."""

    def __init__(self, store: RatingStore, keyless: bool) -> None:
        self.store = store
        self.keyless = keyless

    async def register(self, request: RegisterPlayer) -> RegisteredPlayer:
        """Hold a new player id: its secret, once; 409 for an id held already, or with a
        history from before player secrets (the operator gives that one)."""
        player_id = checked(request.player_id, 0)
        if not self.keyless:
            raise _not_used(Named(player_id, None, "player_id"))
        secret = new_secret()
        kept = await self.store.register(NO_KEYS_SCOPE, player_id, secret_hash(secret))
        if kept == 0:
            raise ServiceError(
                "player/taken",
                409,
                "player '{player_id}' is held already: choose another id",
                player_id=player_id,
            )
        if kept < 0:
            raise ServiceError(
                "player/history",
                409,
                "player '{player_id}' has a history from before player secrets: the operator "
                "gives its secret to its player",
                player_id=player_id,
            )
        return RegisteredPlayer(player_id=player_id, player_secret=secret)

    async def renew(self, player_id: str) -> str:
        """A new secret for a player id, replacing any it had (the operator's: a secret lost,
        or an id with a history from before player secrets)."""
        secret = new_secret()
        await self.store.renew_secret(NO_KEYS_SCOPE, checked(player_id, 0), secret_hash(secret))
        return secret

    async def vouch(self, named: Sequence[Named]) -> None:
        """Every player id named comes with its secret (403 otherwise), on a server without
        API keys; with API keys, the key vouches, and a secret given is refused (422)."""
        if not self.keyless:
            for one in named:
                if one.secret is not None:
                    raise _not_used(one)
            return
        kept = await self.store.secret_hashes(NO_KEYS_SCOPE, [one.player_id for one in named])
        for one, stored in zip(named, kept, strict=True):
            _check(one, stored)


def _check(named: Named, stored: str | None) -> None:
    """The secret given matches the one kept for the id (compared in constant time)."""
    if named.secret is None:
        raise _refused(
            "player/secret_required",
            403,
            "player '{player_id}' is named only with its `player_secret` on a server without API "
            "keys (POST /v1/players gives one)",
            named,
            player_id=named.player_id,
        )
    if stored is None:
        raise _refused(
            "player/not_registered",
            403,
            "player '{player_id}' has no secret: register it (POST /v1/players), or ask the "
            "operator for the secret of an id with a history from before player secrets",
            named,
            player_id=named.player_id,
        )
    if not hmac.compare_digest(secret_hash(named.secret), stored):
        raise _refused(
            "player/secret_invalid",
            403,
            "this is not the `player_secret` of player '{player_id}'",
            named,
            player_id=named.player_id,
        )


def _not_used(named: Named) -> ServiceError:
    return _refused(
        "player/secret_not_used",
        422,
        "this server has API keys: each key vouches for the player ids it names, and no "
        "`player_secret` is used",
        named,
    )
