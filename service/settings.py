"""Service settings, from the command line or the environment."""

from __future__ import annotations

import hashlib
import hmac
import os
from typing import Final

import msgspec

from bots import DEFAULT_BUDGET


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """Everything the app needs to run; the app itself requires `redis_url` and a signing key
    (`signing_keys`, private keys with the signing one first, or `signing_key_file`)."""

    redis_url: str = "redis://127.0.0.1:6379/0"
    """REDIS_URL: the Redis to use. Default: `escopa serve` starts a private `redis-server` (see
    `--redis-url`)."""
    game_ttl: int = 7 * 24 * 3600
    """ESCOPA_GAME_TTL: seconds after its last move that an abandoned game expires."""
    finished_ttl: int = 0
    """ESCOPA_FINISHED_TTL: seconds a finished game is kept (0: forever)."""
    idempotency_ttl: int = 24 * 3600
    """ESCOPA_IDEMPOTENCY_TTL: seconds an `Idempotency-Key`'s first answer is kept."""
    max_body_bytes: int = 16 * 1024
    """ESCOPA_MAX_BODY_BYTES: the largest request body accepted."""
    redis_timeout: float = 2.0
    """ESCOPA_REDIS_TIMEOUT: seconds before a Redis call fails with 503."""
    commitment_ttl: int = 24 * 3600
    """ESCOPA_COMMITMENT_TTL: seconds an unused seed commitment is kept."""
    max_streams: int = 200
    """ESCOPA_MAX_STREAMS: event streams one process serves at once (beyond: 503)."""
    max_streams_per_client: int = 20
    """ESCOPA_MAX_STREAMS_PER_CLIENT: event streams one process serves one client address at once
    (beyond: 429 `events/too_many_for_client`)."""
    max_streams_per_game: int = 50
    """ESCOPA_MAX_STREAMS_PER_GAME: spectator streams one process serves one game at once (beyond:
    429 `events/too_many_for_game`; the game's own seats are never refused for them)."""
    stream_heartbeat: float = 15.0
    """ESCOPA_STREAM_HEARTBEAT: seconds between heartbeat comments on a quiet event stream."""
    stream_block: float = 5.0
    """ESCOPA_STREAM_BLOCK: seconds one blocking read of an event stream waits in Redis."""
    redis_cluster: bool = False
    """ESCOPA_REDIS_CLUSTER: the Redis URL names a node of a Redis Cluster."""
    wait_replicas: int = -1
    """ESCOPA_WAIT_REPLICAS: replicas that must hold a write before it is acknowledged (-1: 1 on a
    cluster, 0 otherwise)."""
    wait_timeout_ms: int = 500
    """ESCOPA_WAIT_TIMEOUT_MS: how long to wait for them; too few in time: 503
    `store/not_replicated`."""
    api_key_hashes: tuple[str, ...] = ()
    """ESCOPA_API_KEYS: comma-separated API keys needed to create games, commitments and replays
    (kept as SHA-256 hashes); none: creation is open."""
    rate_limit: int = 12000
    """ESCOPA_RATE_LIMIT: requests per client address and per API key, as `requests/seconds`, shared
    by all processes through Redis; `0`: no limits."""
    rate_window: float = 60.0
    """the window of `ESCOPA_RATE_LIMIT`, in seconds."""
    create_rate_limit: int = 120
    """ESCOPA_CREATE_RATE_LIMIT: games and commitments created per client address and per API key,
    as `requests/seconds`, besides `ESCOPA_RATE_LIMIT`; `0`: no limit."""
    create_rate_window: float = 60.0
    """the window of `ESCOPA_CREATE_RATE_LIMIT`, in seconds."""
    game_cache: int = 4096
    """ESCOPA_GAME_CACHE: games each process keeps decoded in memory so a move costs one Redis round
    trip (checked by version and head in Redis; 0: none)."""
    stream_ticket_ttl: int = 300
    """ESCOPA_STREAM_TICKET_TTL: seconds a stream ticket (browsers' `EventSource`) stays valid."""
    fast_moves: bool = True
    """ESCOPA_FAST_MOVES: serve well-formed moves without the framework's per-request layers (same
    answers; `0`: every move through the declared handler)."""
    signing_keys: tuple[str, ...] = ()
    """ESCOPA_SIGNING_KEY: the Ed25519 private keys that sign receipts and exports, comma-separated
    (43 base64url characters each, `escopa keygen` makes one): the first signs, all verify
    (rotation). Every process over one Redis needs the same keys, so with `REDIS_URL` and no key
    `escopa serve` refuses to start. Default: with a private Redis, a key made on first start in the
    data folder (`signing-keys`, mode 0600)."""
    signing_key_file: str | None = None
    """ESCOPA_SIGNING_KEY_FILE: a file of such keys, one a line (`#` comments), read after
    `ESCOPA_SIGNING_KEY`'s."""
    multiplex: bool = True
    """ESCOPA_MULTIPLEX: on a single Redis over `redis://`, send quick commands down one shared
    pipelined connection (`0`: through redis-py's pool)."""
    receive_timeout: float = 10.0
    """ESCOPA_RECEIVE_TIMEOUT: seconds a request has, from its first byte, to arrive whole (head and
    body); late: 408 `request/timeout`, connection closed (`escopa serve`; 0: no limit)."""
    bots: bool = True
    """ESCOPA_BOTS: run the bot worker in each `serve` process (`escopa bots` runs one alone;
    [bots.md](bots.md))."""
    bot_budget: int = DEFAULT_BUDGET
    """ESCOPA_BOT_BUDGET: the bots' search budget, nodes per move."""
    bot_processes: int = 1
    """ESCOPA_BOT_PROCESSES: the processes where bots think and replays run (stand-ins, hints, bot
    turns, `POST /v1/replays`), never on the loop that serves requests."""
    bot_claim_idle: float = 10.0
    """ESCOPA_BOT_CLAIM_IDLE: seconds after which a dead worker's bot turn is claimed by another."""
    hint_rate_limit: int = 60
    """ESCOPA_HINT_RATE_LIMIT: hints per client, as `requests/seconds`."""
    hint_rate_window: float = 60.0
    """the window of `ESCOPA_HINT_RATE_LIMIT`, in seconds."""
    replay_rate_limit: int = 20000
    """ESCOPA_REPLAY_RATE_LIMIT: moves `POST /v1/replays` replays per client address and per API
    key, as `moves/seconds` (over it: 429 `rate/limited`); `0`: no limit."""
    replay_rate_window: float = 60.0
    """the window of `ESCOPA_REPLAY_RATE_LIMIT`, in seconds."""
    waiting_ttl: int = 24 * 3600
    """ESCOPA_WAITING_TTL: seconds a game with open seats waits for its players; then it expires
    (read after: 410 `game/expired`)."""
    first_move_timeout: float = 60.0
    """ESCOPA_FIRST_MOVE_TIMEOUT: seconds a game with a `clock` waits for its first move of a seat;
    then it is aborted (a `timeout` entry; 0: never)."""
    clock_sweep: bool = True
    """ESCOPA_CLOCK_SWEEP: run a clock sweeper in each `serve` process and in `escopa bots`: it
    applies due timeouts with no request needed
    ([operations.md](operations.md#turn-clocks-who-applies-a-timeout))."""
    webhooks: bool = True
    """ESCOPA_WEBHOOKS: run the webhook worker in each `serve` process (`escopa bots` runs one
    too)."""
    webhook_allow: tuple[str, ...] = ()
    """ESCOPA_WEBHOOK_ALLOW: hosts or addresses (comma-separated) a webhook may reach though they
    are inner addresses, and over plain `http`
    ([security.md](security.md#where-a-webhook-may-point-ssrf))."""
    webhook_timeout: float = 10.0
    """ESCOPA_WEBHOOK_TIMEOUT: the seconds a delivery attempt has."""
    webhook_attempts: int = 8
    """ESCOPA_WEBHOOK_ATTEMPTS: the attempts before a delivery fails."""
    webhook_backoff: float = 2.0
    """ESCOPA_WEBHOOK_BACKOFF: the first retry's delay in seconds (doubling)."""

    def replicas_to_wait(self) -> int:
        """Replicas that must hold a write before it is acknowledged (-1: 1 on a cluster)."""
        if self.wait_replicas >= 0:
            return self.wait_replicas
        return 1 if self.redis_cluster else 0

    @classmethod
    def from_env(cls) -> Settings:
        """Settings from `REDIS_URL` and `ESCOPA_*` variables, defaults elsewhere."""
        env = os.environ
        default = cls()
        limit, window = rate_limit(env.get("ESCOPA_RATE_LIMIT"), default)
        create_limit, create_window = requests_per_window(
            env.get("ESCOPA_CREATE_RATE_LIMIT"),
            "ESCOPA_CREATE_RATE_LIMIT",
            (default.create_rate_limit, default.create_rate_window),
        )
        hint_limit, hint_window = requests_per_window(
            env.get("ESCOPA_HINT_RATE_LIMIT"),
            "ESCOPA_HINT_RATE_LIMIT",
            (default.hint_rate_limit, default.hint_rate_window),
        )
        replay_limit, replay_window = requests_per_window(
            env.get("ESCOPA_REPLAY_RATE_LIMIT"),
            "ESCOPA_REPLAY_RATE_LIMIT",
            (default.replay_rate_limit, default.replay_rate_window),
        )
        return cls(
            redis_url=env.get("REDIS_URL", default.redis_url),
            game_ttl=int(env.get("ESCOPA_GAME_TTL", default.game_ttl)),
            finished_ttl=int(env.get("ESCOPA_FINISHED_TTL", default.finished_ttl)),
            waiting_ttl=int(env.get("ESCOPA_WAITING_TTL", default.waiting_ttl)),
            idempotency_ttl=int(env.get("ESCOPA_IDEMPOTENCY_TTL", default.idempotency_ttl)),
            max_body_bytes=int(env.get("ESCOPA_MAX_BODY_BYTES", default.max_body_bytes)),
            redis_timeout=float(env.get("ESCOPA_REDIS_TIMEOUT", default.redis_timeout)),
            commitment_ttl=int(env.get("ESCOPA_COMMITMENT_TTL", default.commitment_ttl)),
            max_streams=int(env.get("ESCOPA_MAX_STREAMS", default.max_streams)),
            max_streams_per_client=int(
                env.get("ESCOPA_MAX_STREAMS_PER_CLIENT", default.max_streams_per_client)
            ),
            max_streams_per_game=int(
                env.get("ESCOPA_MAX_STREAMS_PER_GAME", default.max_streams_per_game)
            ),
            stream_heartbeat=float(env.get("ESCOPA_STREAM_HEARTBEAT", default.stream_heartbeat)),
            stream_block=float(env.get("ESCOPA_STREAM_BLOCK", default.stream_block)),
            redis_cluster=flag(
                env.get("ESCOPA_REDIS_CLUSTER"), "ESCOPA_REDIS_CLUSTER", default.redis_cluster
            ),
            wait_replicas=int(env.get("ESCOPA_WAIT_REPLICAS", default.wait_replicas)),
            wait_timeout_ms=int(env.get("ESCOPA_WAIT_TIMEOUT_MS", default.wait_timeout_ms)),
            api_key_hashes=api_key_hashes(env.get("ESCOPA_API_KEYS", "")),
            rate_limit=limit,
            rate_window=window,
            create_rate_limit=create_limit,
            create_rate_window=create_window,
            game_cache=int(env.get("ESCOPA_GAME_CACHE", default.game_cache)),
            stream_ticket_ttl=int(env.get("ESCOPA_STREAM_TICKET_TTL", default.stream_ticket_ttl)),
            fast_moves=flag(env.get("ESCOPA_FAST_MOVES"), "ESCOPA_FAST_MOVES", default.fast_moves),
            signing_keys=listed(env.get("ESCOPA_SIGNING_KEY", "")),
            signing_key_file=env.get("ESCOPA_SIGNING_KEY_FILE") or None,
            multiplex=flag(env.get("ESCOPA_MULTIPLEX"), "ESCOPA_MULTIPLEX", default.multiplex),
            receive_timeout=float(env.get("ESCOPA_RECEIVE_TIMEOUT", default.receive_timeout)),
            bots=flag(env.get("ESCOPA_BOTS"), "ESCOPA_BOTS", default.bots),
            bot_budget=int(env.get("ESCOPA_BOT_BUDGET", default.bot_budget)),
            bot_processes=int(env.get("ESCOPA_BOT_PROCESSES", default.bot_processes)),
            bot_claim_idle=float(env.get("ESCOPA_BOT_CLAIM_IDLE", default.bot_claim_idle)),
            hint_rate_limit=hint_limit,
            hint_rate_window=hint_window,
            replay_rate_limit=replay_limit,
            replay_rate_window=replay_window,
            first_move_timeout=float(
                env.get("ESCOPA_FIRST_MOVE_TIMEOUT", default.first_move_timeout)
            ),
            clock_sweep=flag(
                env.get("ESCOPA_CLOCK_SWEEP"), "ESCOPA_CLOCK_SWEEP", default.clock_sweep
            ),
            webhooks=flag(env.get("ESCOPA_WEBHOOKS"), "ESCOPA_WEBHOOKS", default.webhooks),
            webhook_allow=tuple(h.lower() for h in listed(env.get("ESCOPA_WEBHOOK_ALLOW", ""))),
            webhook_timeout=float(env.get("ESCOPA_WEBHOOK_TIMEOUT", default.webhook_timeout)),
            webhook_attempts=int(env.get("ESCOPA_WEBHOOK_ATTEMPTS", default.webhook_attempts)),
            webhook_backoff=float(env.get("ESCOPA_WEBHOOK_BACKOFF", default.webhook_backoff)),
        )


def flag(text: str | None, name: str, default: bool) -> bool:
    """An on/off setting: `1`, `true`, `yes`, `on` or `0`, `false`, `no`, `off`; unset: default."""
    if text is None or not text.strip():
        return default
    value = text.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ValueError(f"{name}={text!r}: want 1/true/yes/on or 0/false/no/off")


def secret_hash(secret: str) -> str:
    """The SHA-256 under which a secret (API key, seat token, stream ticket) is kept and compared;
    the secret itself never is."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


KEY_ID_LENGTH: Final = 16
"""An API key's id: this many hex digits of its hash (rate limits, webhooks name keys by it)."""


def matching_key_hash(hashes: tuple[str, ...], presented: str | None) -> str | None:
    """The stored hash an API key matches (every hash compared, in constant time), or None."""
    if presented is None or not hashes:
        return None
    digest = secret_hash(presented)
    found = None
    for stored in hashes:
        if hmac.compare_digest(digest, stored):
            found = stored
    return found


def api_key_hashes(keys: str) -> tuple[str, ...]:
    """The hashes of `ESCOPA_API_KEYS` (comma-separated keys); none: creating games is open."""
    return tuple(secret_hash(key.strip()) for key in keys.split(",") if key.strip())


def listed(text: str) -> tuple[str, ...]:
    """A comma-separated setting's items, blanks dropped (`ESCOPA_SIGNING_KEY`: the first signs)."""
    return tuple(item.strip() for item in text.split(",") if item.strip())


def rate_limit(text: str | None, default: Settings) -> tuple[int, float]:
    """`ESCOPA_RATE_LIMIT`: `requests/seconds` (`600/60`), or `0` to switch rate limits off."""
    return requests_per_window(text, "ESCOPA_RATE_LIMIT", (default.rate_limit, default.rate_window))


def requests_per_window(
    text: str | None, name: str, default: tuple[int, float]
) -> tuple[int, float]:
    """A rate limit setting: `requests/seconds` (`600/60`), `requests` (the default window), or
    `0` for none; unset: `default`."""
    if text is None or not text.strip():
        return default
    count, _, seconds = text.strip().partition("/")
    try:
        limit, window = int(count), float(seconds or default[1])
    except ValueError:
        raise ValueError(f"{name}={text!r}: want `requests/seconds`, or 0 for none") from None
    if limit < 0 or window <= 0:
        raise ValueError(f"{name}={text!r}: want `requests/seconds`, or 0 for none")
    return limit, window
