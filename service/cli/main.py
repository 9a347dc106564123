"""The `escopa` command: `serve` the API (with a private Redis when no URL is given), `bots` (a
bot worker and a webhook worker alone), `archive` (the archive worker alone, or a check or
export of the archive), `bot` (one seat played by a bot as a client of the
API), `openapi`, `keygen`, the offline checks `audit FILE|FOLDER` and `replay FILE`,
`simulate` (bot levels against each other, offline) and `play` (a match in the terminal, on a
running server)."""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import logging
import logging.config
import os
import shutil
import signal
import socket
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import msgspec

if TYPE_CHECKING:
    from service.settings import Settings

log = logging.getLogger("escopa")
OPENAPI_DIR = Path("openapi")


def serve(args: argparse.Namespace) -> int:
    """Run uvicorn on a socket bound first (a taken port stops here, before anything starts),
    with a private redis-server when no Redis URL is given. The settings are read once, here,
    and handed to every API process as they are (`serving`)."""
    from service.cli.data_folder import FolderError, forget_state, locked, tell_state
    from service.ops.observation.log_lines import log_config
    from service.store.redis_server import RedisServer, Supervisor

    logging.config.dictConfig(log_config(args.log_format, args.log_level))
    try:
        sock = listening(args.host, args.port)
    except OSError as error:
        reason = "the address is already in use" if error.errno == errno.EADDRINUSE else error
        log.error("escopa cannot listen on %s port %d: %s", args.host, args.port, reason)
        return 2
    given = args.redis_url or os.environ.get("REDIS_URL")
    data = Path(args.data_dir).resolve()
    settings = serving(args, given, data)
    if settings is None:
        return 2
    with contextlib.ExitStack() as private:
        if not given:
            try:
                private.enter_context(locked(data, "escopa serve"))
            except FolderError as error:
                log.error("escopa serve: %s", error)
                return 2
            server = Supervisor(RedisServer(data, fsync=args.fsync).start())
            private.callback(server.stop)
            settings = with_redis(settings, server.server.url)
            server.start()
            tell_state(data, server.server.url)
            private.callback(forget_state, data)
            log.info("its own Redis keeps its data in %s", data)
        return run_uvicorn(args, settings, sock)


def run_uvicorn(args: argparse.Namespace, settings: Settings, sock: socket.socket) -> int:
    """Serve on `sock` until stopped (SIGTERM, or Ctrl-C: one line, no traceback)."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    from service.http.receive_deadline import ReceiveDeadline
    from service.ops.observation.log_lines import log_config, without_password

    shared = shared_metrics(args.workers)
    scratch = workers_scratch(args.workers)
    # uvicorn raises SIGTERM or SIGINT again after its graceful shutdown: exit cleanly.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    signal.signal(signal.SIGINT, lambda *_: sys.exit(0))
    trusted = trusted_proxies(args.forwarded_allow_ips)
    config = uvicorn.Config(
        functools.partial(app_factory, settings),
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level="debug" if args.log_level.lower() == "debug" else None,  # else its warnings
        log_config=log_config(args.log_format, args.log_level),
        access_log=False,
        timeout_graceful_shutdown=10,
        http=ReceiveDeadline,
        proxy_headers=trusted is not None,
        forwarded_allow_ips=trusted,
    )
    listening = (
        f"escopa listens on http://{args.host}:{args.port} "
        f"(redis {without_password(settings.redis.url)})"
    )
    try:
        if args.workers > 1:
            log.info("%s", listening)
            Multiprocess(config, sockets=[sock]).run()
        else:
            stopping_server(listening)(config).run(sockets=[sock])
    finally:
        sock.close()
        for made in (shared, scratch):
            if made is not None:
                shutil.rmtree(made, ignore_errors=True)
    return 0


def stopping_server(listening: str) -> type[Any]:
    """uvicorn's server, saying `listening` once it answers (its Ctrl-C handled from then on)
    and, in a line of its own, when it is told to stop."""
    import uvicorn

    class Stopping(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            log.info("%s", listening)

        def handle_exit(self, sig: int, frame: Any) -> None:
            if not self.should_exit:
                log.info("escopa stops: the requests in flight finish first")
            super().handle_exit(sig, frame)

    return Stopping


def app_factory(settings: Settings) -> Any:
    """The app of one API process, from the settings `serve` read (uvicorn calls this in each
    worker process, the settings pickled to it whole)."""
    from service.app import create_app

    return create_app(settings)


def serving(args: argparse.Namespace, given: str | None, data: Path) -> Settings | None:
    """The settings every API process runs with: the environment's, the command line's Redis,
    and with a private Redis (no URL `given`) the data folder's signing key and embedded
    archive unless others are named; None (logged) when they cannot sign."""
    from service.settings import Settings
    from service.store.signing_key_file import key_ring

    try:
        settings = Settings.from_env()
        if given:
            settings = with_redis(settings, given)
        if args.redis_cluster:
            redis = msgspec.structs.replace(settings.redis, cluster=True)
            settings = msgspec.structs.replace(settings, redis=redis)
        if not given:
            settings = private_defaults(settings, data)
        ring = key_ring(settings)
    except ValueError as error:
        log.error("escopa serve: %s", error)
        return None
    log.info("signing with key %s (%d key(s) verify)", ring.signer_id, len(ring.public))
    return settings


def with_redis(settings: Settings, url: str) -> Settings:
    """The settings with the Redis at `url`."""
    redis = msgspec.structs.replace(settings.redis, url=url)
    return msgspec.structs.replace(settings, redis=redis)


def private_defaults(settings: Settings, data: Path) -> Settings:
    """With a private Redis: the data folder's signing key (made on first start) when no key
    is given, and its embedded archive when none is named. A shared Redis needs the keys
    given: a key made here would be this process's alone, and the receipts of the others
    would not verify with it."""
    from service.store.archive.opening import sqlite_url
    from service.store.signing_key_file import ensure_key_file

    if not (settings.keys.signing or settings.keys.signing_file):
        key_file = str(ensure_key_file(data))
        settings = msgspec.structs.replace(
            settings, keys=msgspec.structs.replace(settings.keys, signing_file=key_file)
        )
    if not settings.archive.url:
        archive = msgspec.structs.replace(
            settings.archive, url=sqlite_url(data / "archive.sqlite3")
        )
        settings = msgspec.structs.replace(settings, archive=archive)
        log.info("finished games are archived in %s", data / "archive.sqlite3")
    return settings


def keygen(args: argparse.Namespace) -> int:
    """Print a new private signing key for `ESCOPA_SIGNING_KEY`; its id and public key to stderr."""
    from service.ledger.signatures import KeyRing, new_private_text

    text = new_private_text()
    published = KeyRing.of([text]).published().keys[0]
    print(text)
    print(f"key {published.id}, public key {published.public_key}", file=sys.stderr)
    return 0


def trusted_proxies(allowed: str) -> str | None:
    """The addresses whose `X-Forwarded-For` uvicorn may believe, or None: read no proxy headers.

    uvicorn believes it from loopback by default, which lets any client on the host choose its
    own rate-limit identity; so only the listed addresses are trusted, and none by default.
    """
    trusted = ",".join(part.strip() for part in allowed.split(",") if part.strip())
    return trusted or None


def listening(host: str, port: int) -> socket.socket:
    """A TCP socket bound to `host:port`, for uvicorn (and its workers) to accept on."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def bots(args: argparse.Namespace) -> int:
    """Run the `bots` role alone: it plays the due bot turns of every server on this Redis,
    applies due timeouts and delivers webhooks."""
    import asyncio
    import contextlib

    from service.ops.observation.log_lines import log_config, without_password
    from service.runtime import work_alone
    from service.settings import Settings
    from service.store.signing_key_file import key_ring

    logging.config.dictConfig(log_config(args.log_format, args.log_level))
    try:
        settings = Settings.from_env()
        if args.redis_url:
            settings = with_redis(settings, args.redis_url)
        key_ring(settings)
    except ValueError as error:
        log.error("escopa bots: %s", error)
        return 2
    log.warning("escopa bots works for redis %s", without_password(settings.redis.url))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with contextlib.suppress(KeyboardInterrupt, SystemExit):
        asyncio.run(work_alone(settings, "bots"))
    return 0


def bot(args: argparse.Namespace) -> int:
    """Play one seat with a bot level as an ordinary client: its token, the events stream."""
    from service.cli.client_programs import without_client

    try:
        from service.cli.remote_bot import run
    except ModuleNotFoundError as error:  # the client is the `client` extra
        return without_client("escopa bot", error)
    logging.getLogger("httpx").setLevel(logging.WARNING)
    return run(args.url, args.game, args.token, args.level, args.budget, args.api_key)


def workers_scratch(workers: int) -> str | None:
    """With several workers, a fresh temporary folder for theirs (`TMPDIR`: their bot pools'
    fork server sockets), returned so that it is removed at the end: uvicorn ends a worker by
    raising SIGTERM again after its shutdown, which skips the worker's own clean-up."""
    if workers <= 1:
        return None
    made = tempfile.mkdtemp(prefix="escopa-workers-")
    os.environ["TMPDIR"] = made
    return made


def shared_metrics(workers: int) -> str | None:
    """The directory of the workers' merged metrics (prometheus_client's multiprocess mode):
    `PROMETHEUS_MULTIPROC_DIR` when set (made if missing, a previous run's values wiped), else
    with several workers a fresh one, which is returned so that it is removed at the end."""
    from service.ops.observation.metrics import MULTIPROCESS_DIR

    given = os.environ.get(MULTIPROCESS_DIR)
    if given:
        Path(given).mkdir(parents=True, exist_ok=True)
        for stale in Path(given).glob("*.db"):
            stale.unlink()
        return None
    if workers <= 1:
        return None
    made = tempfile.mkdtemp(prefix="escopa-metrics-")
    os.environ[MULTIPROCESS_DIR] = made
    return made


def openapi(args: argparse.Namespace) -> int:
    """Write the OpenAPI document the app generates to openapi/openapi.json (and .yaml)."""
    from service.app import openapi_document as document

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    doc = document()
    (out / "openapi.json").write_bytes(
        msgspec.json.format(msgspec.json.encode(doc), indent=2) + b"\n"
    )
    print(f"wrote {out / 'openapi.json'}")
    return 0


def audit(args: argparse.Namespace) -> int:
    """Verify an exported game offline: hash chain, seed commitment, replay of every move; its
    signature with the keys given, else with the data folder's key when it has one."""
    from service.cli.data_folder import folder_keys
    from service.cli.offline import audit_paths

    keys = args.key if args.key is not None else folder_keys(Path(args.data_dir))
    return audit_paths(args.file, args.json, keys=keys, show_progress=args.progress)


def replay(args: argparse.Namespace) -> int:
    """Replay an exported game's moves offline, checking each step's state hash."""
    from service.cli.offline import replay_file

    return replay_file(args.file, as_json=args.json)


def add_audit(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `audit` command's options."""
    from service.cli.data_folder import add_option as add_data_option
    from service.cli.progress import add_option as add_progress_option

    check = commands.add_parser(
        "audit", help="verify an exported game offline (exit 0: it holds, 1: it does not)"
    )
    check.add_argument(
        "file",
        nargs="+",
        help="exports (GET /v1/games/{id}/export), JSON Lines files of them (*.jsonl, each line "
        "its own verdict, as `escopa archive --export` writes), or folders: every *.json and "
        "*.jsonl file in them; - reads stdin",
    )
    check.add_argument("--json", action="store_true", help="print the whole report as JSON")
    check.add_argument(
        "--key",
        action="append",
        default=None,
        help="a public key the export must be signed with: a file as GET /v1/keys publishes "
        "it, or the key itself (base64url or hex); repeatable",
    )
    add_progress_option(check)
    add_data_option(check)
    check.set_defaults(handler=audit)


def parser() -> argparse.ArgumentParser:

    main = argparse.ArgumentParser(prog="escopa", description=__doc__)
    commands = main.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="run the API")
    env = os.environ.get
    run.add_argument(
        "--host",
        default=env("ESCOPA_HOST", "127.0.0.1"),
        help="the address to listen on (default: ESCOPA_HOST, else 127.0.0.1)",
    )
    run.add_argument(
        "--port",
        type=int,
        default=int(env("ESCOPA_PORT", "8000")),
        help="the TCP port to listen on (default: ESCOPA_PORT, else 8000)",
    )
    run.add_argument(
        "--workers",
        type=int,
        default=int(env("ESCOPA_WORKERS", "1")),
        help="API processes sharing the port (default: ESCOPA_WORKERS, else 1)",
    )
    run.add_argument("--redis-url", default=None, help="default: REDIS_URL, else a private Redis")
    run.add_argument(
        "--redis-cluster", action="store_true", help="the URL names a node of a Redis Cluster"
    )
    run.add_argument(
        "--data-dir",
        default=env("ESCOPA_DATA_DIR", ".escopa-data"),
        help="the private Redis's data folder: its append-only file, and the archive of "
        "finished games unless ESCOPA_ARCHIVE_URL names one (default: ESCOPA_DATA_DIR, "
        "else .escopa-data)",
    )
    run.add_argument(
        "--fsync",
        default="everysec",
        choices=["always", "everysec", "no"],
        help="the private Redis's appendfsync: always (no acknowledged move lost), "
        "everysec (up to a second lost on a power cut; default), no",
    )
    run.add_argument(
        "--log-level",
        default=env("ESCOPA_LOG_LEVEL", "info"),
        help="debug, info, warning or error (default: ESCOPA_LOG_LEVEL, else info)",
    )
    run.add_argument(
        "--log-format",
        default=os.environ.get("ESCOPA_LOG_FORMAT", "auto"),
        choices=["auto", "json", "text"],
        help="json (one JSON object per line, with the request id), text, or auto: text in a "
        "terminal, else json (default: ESCOPA_LOG_FORMAT, else auto)",
    )
    run.add_argument(
        "--forwarded-allow-ips",
        default=env("ESCOPA_FORWARDED_ALLOW_IPS", ""),
        help="comma-separated addresses of the reverse proxies whose X-Forwarded-For and "
        "X-Forwarded-Proto to believe (default: ESCOPA_FORWARDED_ALLOW_IPS, else none)",
    )
    run.set_defaults(handler=serve)
    worker = commands.add_parser(
        "bots",
        help="run a bot worker and a webhook worker alone (each `serve` process runs both "
        "unless ESCOPA_BOTS=0, ESCOPA_WEBHOOKS=0)",
    )
    worker.add_argument(
        "--redis-url", default=None, help="the Redis the servers use (default: REDIS_URL)"
    )
    worker.add_argument(
        "--log-level",
        default=env("ESCOPA_LOG_LEVEL", "info"),
        help="debug, info, warning or error (default: ESCOPA_LOG_LEVEL, else info)",
    )
    worker.add_argument(
        "--log-format",
        default=env("ESCOPA_LOG_FORMAT", "auto"),
        choices=["auto", "json", "text"],
        help="json, text, or auto: text in a terminal, else json (default: ESCOPA_LOG_FORMAT, "
        "else auto)",
    )
    worker.set_defaults(handler=bots)
    seat = commands.add_parser(
        "bot", help="play one seat of a game with a bot, as a client of the API (its token only)"
    )
    seat.add_argument("--game", required=True, help="the game's id")
    seat.add_argument("--token", required=True, help="the seat's token")
    seat.add_argument("--level", default="expert", help="random, greedy or expert (expert)")
    seat.add_argument(
        "--url",
        default=env("ESCOPA_URL", "http://127.0.0.1:8000"),
        help="the service (default: ESCOPA_URL, else http://127.0.0.1:8000)",
    )
    seat.add_argument("--api-key", default=env("ESCOPA_API_KEY"), help="default: ESCOPA_API_KEY")
    seat.add_argument(
        "--budget", type=int, default=None, help="the search budget (default: the level's)"
    )
    seat.set_defaults(handler=bot)
    spec = commands.add_parser("openapi", help="write openapi/openapi.json")
    spec.add_argument(
        "--out", default=str(OPENAPI_DIR), help="the folder to write openapi.json to (openapi)"
    )
    spec.set_defaults(handler=openapi)
    add_audit(commands)
    from service.cli.archive import add_parser as add_archive
    from service.cli.play import add_parser as add_play
    from service.cli.ratings import add_parser as add_ratings
    from service.cli.simulation import add_parser as add_simulate

    for add in (add_simulate, add_play, add_archive, add_ratings):
        add(commands)
    keys = commands.add_parser("keygen", help="print a new private signing key")
    keys.set_defaults(handler=keygen)
    again = commands.add_parser(
        "replay", help="replay an exported game's moves offline, checking every state hash"
    )
    again.add_argument("file", help="an export, or a POST /v1/replays body; - reads stdin")
    again.add_argument("--json", action="store_true", help="print the replay as JSON")
    again.set_defaults(handler=replay)
    return main


SECRET_OPTIONS: Final = frozenset({"--invite", "--token", "--api-key", "--game"})
"""Options whose values are random codes: one may begin with `-` (base64url)."""


def attached(argv: list[str]) -> list[str]:
    """The arguments with each of `SECRET_OPTIONS` joined to its value (`--invite=-x1`), so a
    code that begins with `-` is not read as an option."""
    joined: list[str] = []
    rest = iter(argv)
    for argument in rest:
        if argument in SECRET_OPTIONS:
            value = next(rest, None)
            joined.append(argument if value is None else f"{argument}={value}")
        else:
            joined.append(argument)
    return joined


def from_redis(error: Exception) -> bool:
    """Whether `error` is redis-py's (never imported for it: `escopa audit` runs without it)."""
    loaded = sys.modules.get("redis.exceptions")
    return loaded is not None and isinstance(error, loaded.RedisError)


def main(argv: list[str] | None = None) -> int:
    """Run a command; what keeps it from running is one line on stderr (exit status 2) that
    says what to do, never a traceback."""
    from service.cli.data_folder import FolderError

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    args = parser().parse_args(attached(sys.argv[1:] if argv is None else argv))
    try:
        code: int = args.handler(args)
    except (FolderError, ValueError) as error:
        print(f"escopa {args.command}: {error}", file=sys.stderr)
        return 2
    except Exception as error:
        if not (isinstance(error, OSError) or from_redis(error)):
            raise
        print(
            f"escopa {args.command}: cannot reach Redis ({error}): start the service (make run), "
            "or name its data folder with --data-dir or its Redis with --redis-url",
            file=sys.stderr,
        )
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
