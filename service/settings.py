"""Service settings, from the command line or the environment: one frozen Struct per concern
(Redis, keys, HTTP, event streams, rate limits, lifetimes, clocks, bots, webhooks, archive,
ratings, tournaments), each field with the one environment variable it is read from written
beside it."""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Final, NamedTuple, TypeVar, get_args

import msgspec

from bots import DEFAULT_BUDGET


@dataclass(frozen=True)
class Env:
    """The environment variable a settings field is read from; `parse` reads its text when the
    field's type alone does not say how (API keys are kept hashed)."""

    name: str
    parse: Callable[[str], Any] | None = None


class Rate(NamedTuple):
    """A rate limit: `limit` requests (0: none) per `window` seconds; `requests/seconds` in the
    environment."""

    limit: int
    window: float


class RedisSettings(msgspec.Struct, frozen=True, kw_only=True):
    """The Redis every process shares, and when a write counts as acknowledged."""

    url: Annotated[str, Env("REDIS_URL")] = "redis://127.0.0.1:6379/0"
    """the Redis to use. Default: `escopa serve` starts a private `redis-server` (see
    `--redis-url`)."""
    timeout: Annotated[float, Env("ESCOPA_REDIS_TIMEOUT")] = 2.0
    """seconds before a Redis call fails with 503."""
    cluster: Annotated[bool, Env("ESCOPA_REDIS_CLUSTER")] = False
    """the Redis URL names a node of a Redis Cluster."""
    connections: Annotated[int, Env("ESCOPA_REDIS_CONNECTIONS")] = 100
    """calls a process sends at once down borrowed connections (redis-py's pool: writes that
    wait for replicas or the disk, and every call with `ESCOPA_MULTIPLEX=0`); more wait their
    turn, within `ESCOPA_REDIS_TIMEOUT`."""
    multiplex: Annotated[bool, Env("ESCOPA_MULTIPLEX")] = True
    """over `redis://`, send quick commands down one shared pipelined connection (on a cluster,
    one per master) (`0`: through redis-py's pool)."""
    wait_replicas: Annotated[int, Env("ESCOPA_WAIT_REPLICAS")] = -1
    """replicas that must hold a write before it is acknowledged (-1: 1 on a cluster, 0
    otherwise)."""
    wait_timeout_ms: Annotated[int, Env("ESCOPA_WAIT_TIMEOUT_MS")] = 500
    """how long to wait for them; too few in time: 503 `store/not_replicated`."""
    wait_aof: Annotated[bool, Env("ESCOPA_WAIT_AOF")] = False
    """acknowledge a write only once Redis has also fsynced it to its append-only file
    (`WAITAOF 1 <replicas> <timeout>` in place of `WAIT`; Redis 7.2 or later with `appendonly
    yes`, else the service refuses to start); not in time: 503 `store/not_durable`. With
    `appendfsync everysec` a write waits for the next fsync, up to a second: give it
    `appendfsync always` or a timeout above 1000 ms."""

    def replicas_to_wait(self) -> int:
        """Replicas that must hold a write before it is acknowledged (-1: 1 on a cluster)."""
        if self.wait_replicas >= 0:
            return self.wait_replicas
        return 1 if self.cluster else 0


class KeySettings(msgspec.Struct, frozen=True, kw_only=True):
    """The keys that sign receipts and exports, and the API keys that may create games."""

    signing: Annotated[tuple[str, ...], Env("ESCOPA_SIGNING_KEY")] = ()
    """the Ed25519 private keys that sign receipts and exports, comma-separated (43 base64url
    characters each, `escopa keygen` makes one): the first signs, all verify (rotation). Every
    process over one Redis needs the same keys, so with `REDIS_URL` and no key `escopa serve`
    refuses to start. Default: with a private Redis, a key made on first start in the data
    folder (`signing-keys`, mode 0600)."""
    signing_file: Annotated[str | None, Env("ESCOPA_SIGNING_KEY_FILE")] = None
    """a file of such keys, one a line (`#` comments), read after `ESCOPA_SIGNING_KEY`'s."""
    api_hashes: Annotated[tuple[str, ...], Env("ESCOPA_API_KEYS", api_key_hashes)] = ()
    """comma-separated API keys needed to create games, commitments and replays (kept as SHA-256
    hashes); none: creation is open."""


class HttpSettings(msgspec.Struct, frozen=True, kw_only=True):
    """How each process takes requests in."""

    max_body_bytes: Annotated[int, Env("ESCOPA_MAX_BODY_BYTES")] = 16 * 1024
    """the largest request body accepted."""
    receive_timeout: Annotated[float, Env("ESCOPA_RECEIVE_TIMEOUT")] = 10.0
    """seconds a request has, from its first byte, to arrive whole (head and body); late: 408
    `request/timeout`, connection closed (`escopa serve`; 0: no limit)."""
    fast_moves: Annotated[bool, Env("ESCOPA_FAST_MOVES")] = True
    """serve well-formed moves without the framework's per-request layers (same answers; `0`:
    every move through the declared handler)."""
    game_cache: Annotated[int, Env("ESCOPA_GAME_CACHE")] = 4096
    """games each process keeps decoded in memory so a move costs one Redis round trip (checked
    by version and head in Redis; 0: none)."""


class StreamSettings(msgspec.Struct, frozen=True, kw_only=True):
    """The event streams (`GET /v1/games/{id}/events`, `GET /v1/tournaments/{id}/events`) each
    process serves."""

    max_total: Annotated[int, Env("ESCOPA_MAX_STREAMS")] = 200
    """event streams one process serves at once (beyond: 503)."""
    max_per_client: Annotated[int, Env("ESCOPA_MAX_STREAMS_PER_CLIENT")] = 20
    """event streams one process serves one client address at once (beyond: 429
    `events/too_many_for_client`)."""
    max_per_game: Annotated[int, Env("ESCOPA_MAX_STREAMS_PER_GAME")] = 50
    """spectator streams one process serves one game at once (beyond: 429
    `events/too_many_for_game`; the game's own seats are never refused for them; a
    tournament's streams have no such cap)."""
    heartbeat: Annotated[float, Env("ESCOPA_STREAM_HEARTBEAT")] = 15.0
    """seconds between heartbeat comments on a quiet event stream."""
    block: Annotated[float, Env("ESCOPA_STREAM_BLOCK")] = 5.0
    """seconds one blocking read of an event stream waits in Redis."""
    ticket_ttl: Annotated[int, Env("ESCOPA_STREAM_TICKET_TTL")] = 300
    """seconds a stream ticket (browsers' `EventSource`) stays valid."""


class LimitSettings(msgspec.Struct, frozen=True, kw_only=True):
    """Rate limits per client address and per API key, shared by all processes through Redis;
    each `requests/seconds` (`600/60`), `requests` (the default window), or `0` for none."""

    requests: Annotated[Rate, Env("ESCOPA_RATE_LIMIT")] = Rate(12000, 60.0)
    """requests per client address and per API key, as `requests/seconds`, shared by all
    processes through Redis; `0`: no limits."""
    creations: Annotated[Rate, Env("ESCOPA_CREATE_RATE_LIMIT")] = Rate(120, 60.0)
    """games and commitments created per client address and per API key, as
    `requests/seconds`, besides `ESCOPA_RATE_LIMIT`; `0`: no limit."""
    hints: Annotated[Rate, Env("ESCOPA_HINT_RATE_LIMIT")] = Rate(60, 60.0)
    """hints per client, as `requests/seconds`."""
    replays: Annotated[Rate, Env("ESCOPA_REPLAY_RATE_LIMIT")] = Rate(20000, 60.0)
    """moves `POST /v1/replays` replays per client address and per API key, as `moves/seconds`
    (over it: 429 `rate/limited`); `0`: no limit."""


class TtlSettings(msgspec.Struct, frozen=True, kw_only=True):
    """How long, in seconds, Redis keeps what the service writes."""

    game: Annotated[int, Env("ESCOPA_GAME_TTL")] = 7 * 24 * 3600
    """seconds after its last move that an abandoned game expires."""
    finished: Annotated[int | None, Env("ESCOPA_FINISHED_TTL")] = None
    """seconds a finished game stays in Redis once the archive holds it, checked (0: forever);
    without an archive, seconds after its end (0: forever). Default: `3600` once archived;
    forever without an archive."""
    waiting: Annotated[int, Env("ESCOPA_WAITING_TTL")] = 24 * 3600
    """seconds a game with open seats waits for its players; then it expires (read after: 410
    `game/expired`)."""
    idempotency: Annotated[int, Env("ESCOPA_IDEMPOTENCY_TTL")] = 24 * 3600
    """seconds an `Idempotency-Key`'s first answer is kept."""
    commitment: Annotated[int, Env("ESCOPA_COMMITMENT_TTL")] = 24 * 3600
    """seconds an unused seed commitment is kept."""


class ClockSettings(msgspec.Struct, frozen=True, kw_only=True):
    """Turn clocks: the first move's deadline, and who applies due timeouts."""

    first_move_timeout: Annotated[float, Env("ESCOPA_FIRST_MOVE_TIMEOUT")] = 60.0
    """seconds a game with a `clock` waits for its first move of a seat; then it is aborted (a
    `timeout` entry; 0: never)."""
    sweep: Annotated[bool, Env("ESCOPA_CLOCK_SWEEP")] = True
    """run a clock sweeper in each `serve` process and in `escopa bots`: it applies due timeouts
    with no request needed ([operations.md](operations.md#turn-clocks-who-applies-a-timeout))."""


class BotSettings(msgspec.Struct, frozen=True, kw_only=True):
    """The bots: where they run and how hard they think."""

    worker: Annotated[bool, Env("ESCOPA_BOTS")] = True
    """run the bot worker in each `serve` process (`escopa bots` runs one alone;
    [bots.md](bots.md))."""
    budget: Annotated[int, Env("ESCOPA_BOT_BUDGET")] = DEFAULT_BUDGET
    """the bots' search budget, nodes per move."""
    processes: Annotated[int, Env("ESCOPA_BOT_PROCESSES")] = 1
    """the processes where bots think and replays run (stand-ins, hints, bot turns,
    `POST /v1/replays`), never on the loop that serves requests."""
    claim_idle: Annotated[float, Env("ESCOPA_BOT_CLAIM_IDLE")] = 10.0
    """seconds after which a dead worker's bot turn is claimed by another."""


class WebhookSettings(msgspec.Struct, frozen=True, kw_only=True):
    """Webhook deliveries: where they may go and how they are retried."""

    worker: Annotated[bool, Env("ESCOPA_WEBHOOKS")] = True
    """run the webhook worker in each `serve` process (`escopa bots` runs one too)."""
    allow: Annotated[tuple[str, ...], Env("ESCOPA_WEBHOOK_ALLOW", hosts)] = ()
    """hosts or addresses (comma-separated) a webhook may reach though they are inner addresses,
    and over plain `http` ([security.md](security.md#where-a-webhook-may-point-ssrf))."""
    timeout: Annotated[float, Env("ESCOPA_WEBHOOK_TIMEOUT")] = 10.0
    """the seconds a delivery attempt has."""
    attempts: Annotated[int, Env("ESCOPA_WEBHOOK_ATTEMPTS")] = 8
    """the attempts before a delivery fails."""
    backoff: Annotated[float, Env("ESCOPA_WEBHOOK_BACKOFF")] = 2.0
    """the first retry's delay in seconds (doubling)."""


class ArchiveSettings(msgspec.Struct, frozen=True, kw_only=True):
    """Where finished games are kept once they leave Redis
    ([operations.md](operations.md#the-archive))."""

    url: Annotated[str, Env("ESCOPA_ARCHIVE_URL")] = ""
    """the archive: `sqlite:///path/to/file` (embedded) or `postgresql://user:pass@host/db`;
    none: finished games stay in Redis. Default: with a private Redis, `escopa serve` keeps one
    in its data folder (`archive.sqlite3`); none otherwise."""
    worker: Annotated[bool, Env("ESCOPA_ARCHIVER")] = True
    """run the archive worker in each `serve` process (`escopa archive` runs one alone): it
    moves each finished game to the archive within seconds of its end."""


class RatingSettings(msgspec.Struct, frozen=True, kw_only=True):
    """Players' ratings and leaderboards ([ratings.md](ratings.md))."""

    min_games: Annotated[int, Env("ESCOPA_LEADERBOARD_MIN_GAMES")] = 3
    """the rated games a player needs on a ladder to be listed on its leaderboard; fewer: listed
    only when asked (`?provisional=true`)."""
    watch_window: Annotated[int, Env("ESCOPA_WATCH_WINDOW")] = 20
    """the abuse watch reads each player's last this many rated matches on a ladder (each
    threshold below counts among them; each flag records them)."""
    watch_early_moves: Annotated[int, Env("ESCOPA_WATCH_EARLY_MOVES")] = 8
    """a rated game resigned, aborted or lost on time before this many moves is given up
    early."""
    watch_sandbag: Annotated[int, Env("ESCOPA_WATCH_SANDBAG")] = 3
    """the games a player gave up early, of the window's, that flag it as sandbagging."""
    watch_boost: Annotated[int, Env("ESCOPA_WATCH_BOOST")] = 3
    """the wins over one opponent who gave them up early, of the window's, that flag a player as
    boosting."""
    watch_repeats: Annotated[int, Env("ESCOPA_WATCH_REPEATS")] = 10
    """the wins over one opponent, however they ended, of the window's, that flag a player as
    boosting."""


class TournamentSettings(msgspec.Struct, frozen=True, kw_only=True):
    """What one tournament may open ([tournaments.md](tournaments.md#bounds)). Every game it
    will open counts against the creation limit (`ESCOPA_CREATE_RATE_LIMIT`) when it is made;
    a game costs about 9 KB of Redis while it runs and 6 KB once finished, until archived."""

    max_entrants: Annotated[int, Env("ESCOPA_TOURNAMENT_MAX_ENTRANTS")] = 64
    """the most entrants one tournament takes (at most 2000): each round opens one game per
    two entrants."""
    max_rounds: Annotated[int, Env("ESCOPA_TOURNAMENT_MAX_ROUNDS")] = 20
    """the most rounds one tournament plays (at most 20)."""
    max_boards: Annotated[int, Env("ESCOPA_TOURNAMENT_MAX_BOARDS")] = 10
    """the most boards a round deals (at most 10): the length of each of its games."""
    bots_only: Annotated[Rate, Env("ESCOPA_BOT_TOURNAMENT_RATE_LIMIT")] = Rate(10, 3600.0)
    """tournaments of bots alone (no person plays in them) one client address may create on a
    server without API keys, as `requests/seconds`, besides the creation limit; `0`: no
    limit."""


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """Everything the app needs to run, by concern; the app itself requires `redis.url` and a
    signing key (`keys.signing`, private keys with the signing one first, or
    `keys.signing_file`)."""

    redis: RedisSettings = RedisSettings()
    keys: KeySettings = KeySettings()
    http: HttpSettings = HttpSettings()
    streams: StreamSettings = StreamSettings()
    limits: LimitSettings = LimitSettings()
    ttl: TtlSettings = TtlSettings()
    clocks: ClockSettings = ClockSettings()
    bots: BotSettings = BotSettings()
    webhooks: WebhookSettings = WebhookSettings()
    archive: ArchiveSettings = ArchiveSettings()
    ratings: RatingSettings = RatingSettings()
    tournaments: TournamentSettings = TournamentSettings()

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Settings from the environment (or `env`): each field from the variable named beside
        it, its default when that is unset or blank."""
        source = os.environ if env is None else env
        values: dict[str, Any] = {
            name: group_from_env(kind, source) for name, kind in groups().items()
        }
        return cls(**values)


Group = TypeVar("Group", bound=msgspec.Struct)


class Variable(NamedTuple):
    """One field of a settings group: its name, the type its text is read as, its variable and
    its default."""

    field: str
    kind: Any
    env: Env
    default: Any


def groups() -> dict[str, type[msgspec.Struct]]:
    """The settings groups, by their field name in `Settings`, in order."""
    return {field.name: field.type for field in msgspec.structs.fields(Settings)}


def variables(group: type[msgspec.Struct]) -> list[Variable]:
    """Each field of a settings group with its variable; a field without one is a mistake."""
    found = []
    for field in msgspec.structs.fields(group):
        kind, *extras = get_args(field.type) or (field.type,)
        named = [extra for extra in extras if isinstance(extra, Env)]
        if len(named) != 1:
            raise TypeError(f"{group.__name__}.{field.name}: want one Env(...) beside its type")
        found.append(Variable(field.name, kind, named[0], field.default))
    return found


def group_from_env(group: type[Group], env: Mapping[str, str]) -> Group:
    """One settings group from `env`, each field from its own variable."""
    return group(**{each.field: read(env.get(each.env.name), each) for each in variables(group)})


def read(text: str | None, variable: Variable) -> Any:
    """A variable's value: its default when unset or blank, else its text read as its type."""
    if text is None or not text.strip():
        return variable.default
    if variable.env.parse is not None:
        return variable.env.parse(text)
    return READERS[variable.kind](text, variable.env.name, variable.default)


def whole(text: str, name: str, default: int) -> int:
    """An integer setting."""
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{name}={text!r}: want a whole number") from None


def number(text: str, name: str, default: float) -> float:
    """A number setting (seconds, mostly)."""
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"{name}={text!r}: want a number") from None


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


def hosts(text: str) -> tuple[str, ...]:
    """Comma-separated host names or addresses, lowercased as they are compared."""
    return tuple(host.lower() for host in listed(text))


def requests_per_window(text: str | None, name: str, default: tuple[int, float]) -> Rate:
    """A rate limit setting: `requests/seconds` (`600/60`), `requests` (the default window), or
    `0` for none; unset: `default`."""
    if text is None or not text.strip():
        return Rate(*default)
    count, _, seconds = text.strip().partition("/")
    try:
        limit, window = int(count), float(seconds or default[1])
    except ValueError:
        raise ValueError(f"{name}={text!r}: want `requests/seconds`, or 0 for none") from None
    if limit < 0 or window <= 0:
        raise ValueError(f"{name}={text!r}: want `requests/seconds`, or 0 for none")
    return Rate(limit, window)


READERS: Final[dict[object, Callable[[str, str, Any], Any]]] = {
    bool: flag,
    int: whole,
    float: number,
    str: lambda text, name, default: text,
    str | None: lambda text, name, default: text,
    int | None: whole,
    tuple[str, ...]: lambda text, name, default: listed(text),
    Rate: requests_per_window,
}
"""How the text of a variable is read, by the type of its field."""
