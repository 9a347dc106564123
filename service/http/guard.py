"""The guard in front of the API: per-client rate limits shared through Redis, and API keys.

Every request under `/v1/` counts against its client address and, when it carries a valid
`X-API-Key`, against that key too. The counters live in Redis (`service.core.rate_limits`), so
every API process shares them; counting costs one pipelined round trip per request. Over the
limit: 429 `rate/limited` with `Retry-After`. Probes (`/healthz`, `/readyz`), `/metrics` and
the schema are not counted.

Each counter is a sliding window (`service.core.rate_limits`); refused requests count too, so a
client that ignores `Retry-After` stays limited.

Creating a game or a commitment stores something for days, so those requests also count
against a lower limit of their own (`ESCOPA_CREATE_RATE_LIMIT`), per address and per key; a
tournament counts every game it will ever open, once its body is read (one that could never
fit is refused 422), and on a server without keys a tournament of bots alone also counts
against `ESCOPA_BOT_TOURNAMENT_RATE_LIMIT`. A replay costs what it replays: its moves count
against `ESCOPA_REPLAY_RATE_LIMIT` (moves per window), once the body is read.

Routes whose OpenAPI security names `apiKey` (creating games, commitments, replays) need a valid
`X-API-Key` when the server has keys (`ESCOPA_API_KEYS`): none is 401 `auth/api_key_required`,
a wrong one 401 `auth/invalid_api_key`. Keys are kept only as SHA-256 hashes and compared in
constant time. Rate limits come first, so guessing keys is rate limited as well.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Final

from litestar import Litestar
from litestar.enums import ScopeType
from litestar.handlers import HTTPRouteHandler
from litestar.middleware import DefineMiddleware
from litestar.types import ASGIApp, Receive, Scope, Send

from service.core.rate_limits import RateCounts, RateLimiter
from service.errors import ServiceError
from service.settings import KEY_ID_LENGTH, Settings, matching_key_hash

API_KEY_SCHEME: Final = "apiKey"
API_KEY_HEADER: Final = "X-API-Key"
API_KEY_NAME: Final = API_KEY_HEADER.lower().encode("ascii")
API_KEY_SECURITY: Final[list[dict[str, list[str]]]] = [{}, {API_KEY_SCHEME: []}]
"""The OpenAPI security of a route that needs a key when the server has keys (else none: `{}`)."""
HINT_RATE: Final = "hint_rate"
"""The `opt` flag of a route counted against the hint limit too (it costs a bot's thinking)."""
HINT_ADMISSION: Final = "escopa.admit_hint"
"""Where a hint route finds its deferred count (in the scope's state): a hint is counted once
its token and turn are checked, so a request refused 401, 404 or 409 spends no hint."""
REPLAY_COST: Final = "replay_cost"
"""The `opt` flag of a route whose moves count against the replay limit."""
REPLAY_ADMISSION: Final = "escopa.admit_replay"
"""Where a replay route finds its deferred count: the cost is known once the body is read."""
GUARDED_PREFIX: Final = "/v1/"
MAX_KEY_LENGTH: Final = 200
CREATING: Final = frozenset({"createGame", "createCommitment", "registerPlayer"})
"""The operations that store a new game, commitment or player: they count against the creation
limit."""
CREATION_COST: Final = "creation_cost"
"""The `opt` flag of a route whose creations are counted once its body is read (a tournament
counts each game it will open)."""
CREATION_ADMISSION: Final = "escopa.admit_creation"
"""Where such a route finds its deferred count: `await admit(games, bots_only)`."""
Admission = Callable[[int, bool], Awaitable[None]]
API_KEY_OPTIONAL: Final = "api_key_optional"
"""The `opt` flag of a route an API key may authorize but need not (a seat's token may)."""


def api_key_required() -> ServiceError:
    return ServiceError(
        "auth/api_key_required", 401, "this server needs an API key: send `X-API-Key`"
    )


def invalid_api_key() -> ServiceError:
    return ServiceError("auth/invalid_api_key", 401, "this `X-API-Key` is not valid")


def rate_limited(retry_after: int, what: str = "requests") -> ServiceError:
    return ServiceError(
        "rate/limited",
        429,
        "too many {what} from this client; retry in {retry_after} s",
        {"Retry-After": str(retry_after)},
        what=what,
        retry_after=retry_after,
    )


def too_many_games(games: int, limit: RateLimiter) -> ServiceError:
    return ServiceError(
        "tournament/too_many_games",
        422,
        "this tournament would open {games} games, more than the {limit} the creation limit "
        "allows in {seconds} s: fewer entrants or rounds",
        games=games,
        limit=limit.limit,
        seconds=format(limit.window, "g"),
    )


def needs_key(handler: HTTPRouteHandler) -> bool:
    """Whether the route's OpenAPI security names the API key (and it is not optional)."""
    if handler.opt.get(API_KEY_OPTIONAL):
        return False
    return any(API_KEY_SCHEME in requirement for requirement in handler.resolve_security())


def creates(handler: object) -> bool:
    """Whether the route stores a new game or commitment (the creation limit counts it)."""
    return isinstance(handler, HTTPRouteHandler) and handler.operation_id in CREATING


def costs(handler: object) -> bool:
    """Whether the route's work is counted in moves (the replay limit)."""
    return isinstance(handler, HTTPRouteHandler) and bool(handler.opt.get(REPLAY_COST))


def hints(handler: object) -> bool:
    """Whether the route asks a bot to think (the hint limit counts it too)."""
    return isinstance(handler, HTTPRouteHandler) and bool(handler.opt.get(HINT_RATE))


def hint_admission(scope: Scope) -> Callable[[], Awaitable[None]]:
    """What a hint route awaits before the bot thinks: the hint limit's count, if any."""
    admit: Callable[[], Awaitable[None]] | None = scope.get("state", {}).get(HINT_ADMISSION)
    return admit if admit is not None else _admitted


async def _admitted() -> None:
    return None


def creation_admission(scope: Scope) -> Admission:
    """What a tournament route awaits with the games it will open: the creation limit's count."""
    admit: Admission | None = scope.get("state", {}).get(CREATION_ADMISSION)
    return admit if admit is not None else _open


async def _open(games: int, bots_only: bool) -> None:
    return None


def replay_admission(scope: Scope) -> Callable[[int], Awaitable[None]]:
    """What a replay route awaits with its count of moves: the replay limit's count, if any."""
    admit: Callable[[int], Awaitable[None]] | None = scope.get("state", {}).get(REPLAY_ADMISSION)
    return admit if admit is not None else _free


async def _free(cost: int) -> None:
    return None


def header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return str(value.decode("latin-1"))
    return None


class Guard:
    """ASGI middleware: count the request against its client and key, then check the key."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.hashes = settings.keys.api_hashes
        limits = settings.limits
        self.limiter = RateLimiter.of(limits.requests)
        self.creation = RateLimiter.of(limits.creations)
        self.hints = RateLimiter.of(limits.hints)
        self.replays = RateLimiter.of(limits.replays)
        self.bot_tournaments = RateLimiter.of(settings.tournaments.bots_only)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == ScopeType.HTTP and scope["path"].startswith(GUARDED_PREFIX):
            await self.check(scope)
        await self.app(scope, receive, send)

    async def check(self, scope: Scope) -> None:
        presented = header(scope, API_KEY_NAME) if self.hashes else None
        key = self.key_hash(presented)
        handler = scope.get("route_handler")
        address = scope.get("client")
        clients = [("a", address[0] if address else "unknown")]
        if key is not None:
            clients.append(("k", key[:KEY_ID_LENGTH]))
        store: RateCounts = Litestar.from_scope(scope).state.house.rate_counts
        if self.limiter is not None:
            wait = await self.limiter.hit(store, clients, time.time())
            if wait:
                raise rate_limited(wait)
        if self.creation is not None and creates(handler):
            wait = await self.creation.hit(store, [(f"c{k}", c) for k, c in clients], time.time())
            if wait:
                raise rate_limited(wait, "creations")
        if self.hints is not None and hints(handler):
            admit = partial(self.admit_hint, self.hints, store, clients)
            scope.setdefault("state", {})[HINT_ADMISSION] = admit
        if isinstance(handler, HTTPRouteHandler) and handler.opt.get(CREATION_COST):
            admit = partial(self.admit_creation, store, clients)
            scope.setdefault("state", {})[CREATION_ADMISSION] = admit
        if self.replays is not None and costs(handler):
            counted = partial(self.admit_replay, self.replays, store, clients)
            scope.setdefault("state", {})[REPLAY_ADMISSION] = counted
        if self.hashes and isinstance(handler, HTTPRouteHandler) and needs_key(handler):
            if presented is None:
                raise api_key_required()
            if key is None:
                raise invalid_api_key()

    @staticmethod
    async def admit_hint(
        limiter: RateLimiter, store: RateCounts, clients: list[tuple[str, str]]
    ) -> None:
        """Count a hint about to be thought; 429 when the client has spent its hints."""
        wait = await limiter.hit(store, [(f"h{k}", c) for k, c in clients], time.time())
        if wait:
            raise rate_limited(wait, "hints")

    async def admit_creation(
        self, store: RateCounts, clients: list[tuple[str, str]], games: int, bots_only: bool
    ) -> None:
        """Count the games a tournament will open against the creation limit (422 when they
        could never fit in its window, 429 when they do not fit now), and on a server without
        keys a tournament of bots alone against its own limit."""
        if self.creation is not None:
            if games > self.creation.limit:
                raise too_many_games(games, self.creation)
            counted = [(f"c{k}", c) for k, c in clients]
            wait = await self.creation.hit(store, counted, time.time(), games)
            if wait:
                raise rate_limited(wait, "creations")
        if bots_only and not self.hashes and self.bot_tournaments is not None:
            counted = [(f"b{k}", c) for k, c in clients]
            wait = await self.bot_tournaments.hit(store, counted, time.time())
            if wait:
                raise rate_limited(wait, "tournaments of bots alone")

    @staticmethod
    async def admit_replay(
        limiter: RateLimiter, store: RateCounts, clients: list[tuple[str, str]], moves: int
    ) -> None:
        """Count a replay's moves; 429 when the client has replayed its share of moves."""
        wait = await limiter.hit(store, [(f"r{k}", c) for k, c in clients], time.time(), moves)
        if wait:
            raise rate_limited(wait, "replayed moves")

    def key_hash(self, presented: str | None) -> str | None:
        """The stored hash the key matches (every hash compared, in constant time), or None."""
        if presented is not None and len(presented) > MAX_KEY_LENGTH:
            return None
        return matching_key_hash(self.hashes, presented)


def guard(settings: Settings) -> DefineMiddleware:
    """The guard as Litestar middleware, configured by `settings`."""
    return DefineMiddleware(Guard, settings=settings)
