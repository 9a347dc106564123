"""The data folder (`--data-dir`, default `ESCOPA_DATA_DIR`, else `.escopa-data`): what
`escopa serve` keeps there with its private Redis (the Redis's append-only file, the signing
key, the embedded archive) and, while it runs, a state file saying where its Redis listens.

The operator commands (`escopa archive`, `escopa ratings`, ...) take the same folder and find
in it, by themselves, what the settings do not name: the running service's Redis (from the
state file) or, with the service stopped, a Redis of their own on the folder's files for the
time of the command; the signing key; the embedded archive. Only one process at a time runs
a Redis on the folder's files: it holds the folder's lock, and another refuses, saying which
process holds it.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final, TextIO

import msgspec

from service.settings import Settings
from service.store.archive.opening import sqlite_url
from service.store.signing_key_file import KEY_FILE_NAME

log = logging.getLogger("escopa")
STATE: Final = "serve.json"
LOCK: Final = "redis.lock"
ARCHIVE: Final = "archive.sqlite3"
DEFAULT: Final = ".escopa-data"


class FolderError(Exception):
    """What keeps a command from using the data folder, said in one line with what to do."""


class ServeState(msgspec.Struct, frozen=True, kw_only=True):
    """What a running `escopa serve` tells the operator commands: its Redis and its pid."""

    redis_url: str
    pid: int


def default_folder() -> str:
    return os.environ.get("ESCOPA_DATA_DIR") or DEFAULT


def alive(pid: int) -> bool:
    """Whether a process with this pid runs (and may be signalled by us)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def running(folder: Path) -> ServeState | None:
    """The state of the service that runs on this folder, if one does."""
    try:
        state = msgspec.json.decode((folder / STATE).read_bytes(), type=ServeState)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None
    return state if alive(state.pid) else None


def tell_state(folder: Path, redis_url: str) -> None:
    """Write the state file of a service that runs now (replaced atomically)."""
    temporary = folder / f".{STATE}.{os.getpid()}"
    temporary.write_bytes(msgspec.json.encode(ServeState(redis_url=redis_url, pid=os.getpid())))
    temporary.replace(folder / STATE)


def forget_state(folder: Path) -> None:
    with contextlib.suppress(OSError):
        (folder / STATE).unlink()


@contextlib.contextmanager
def locked(folder: Path, who: str) -> Iterator[None]:
    """The folder's lock for the block: the one process that runs a Redis on its files. Raises
    `FolderError` naming the process that holds it."""
    folder.mkdir(parents=True, exist_ok=True)
    handle: TextIO = (folder / LOCK).open("a+")
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            raise FolderError(
                f"{folder} is in use by {holder}: one Redis at a time runs on its files; stop "
                "it first, or name another folder with --data-dir"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{who} (pid {os.getpid()})")
        handle.flush()
        yield
    finally:
        handle.close()


def with_folder_defaults(settings: Settings, folder: Path) -> Settings:
    """The settings with what the folder holds where they name nothing: its signing key file
    and its embedded archive (when it has them)."""
    keys, archive = settings.keys, settings.archive
    if not (keys.signing or keys.signing_file) and (folder / KEY_FILE_NAME).exists():
        keys = msgspec.structs.replace(keys, signing_file=str(folder / KEY_FILE_NAME))
    if not archive.url and (folder / ARCHIVE).exists():
        archive = msgspec.structs.replace(archive, url=sqlite_url(folder / ARCHIVE))
    return msgspec.structs.replace(settings, keys=keys, archive=archive)


@contextlib.contextmanager
def operator_settings(
    settings: Settings, folder: Path, who: str, redis_given: bool
) -> Iterator[Settings]:
    """The settings an operator command runs with: the folder's key and archive where none is
    named; and unless a Redis is given, the running service's Redis, or with the service
    stopped, a Redis of the command's own on the folder's files, stopped after the block."""
    from service.store.redis_server import RedisServer

    settings = with_folder_defaults(settings, folder)
    if redis_given:
        yield settings
        return
    state = running(folder)
    if state is not None:
        yield _on(settings, state.redis_url)
        return
    if not (folder / "appendonlydir").exists() and not (folder / STATE).exists():
        raise FolderError(
            f"no service data in {folder}: start the service (make run) or name its folder "
            "with --data-dir, or its Redis with --redis-url"
        )
    with locked(folder, who), RedisServer(folder) as server:
        log.info("the service is stopped: %s reads %s with a Redis of its own", who, folder)
        yield _on(settings, server.url)


def _on(settings: Settings, url: str) -> Settings:
    return msgspec.structs.replace(settings, redis=msgspec.structs.replace(settings.redis, url=url))


def add_option(parser: Any) -> None:
    """The `--data-dir` option every command that uses the service's data takes."""
    parser.add_argument(
        "--data-dir",
        default=default_folder(),
        help="the folder `escopa serve` keeps its data in: its Redis (running or not), signing "
        f"key and embedded archive (default: ESCOPA_DATA_DIR, else {DEFAULT})",
    )


@contextlib.contextmanager
def command_settings(args: Any, who: str) -> Iterator[Settings]:
    """The settings of an operator command: the environment's, its options' Redis and archive,
    and the data folder's (`operator_settings`)."""
    settings = Settings.from_env()
    redis_url = getattr(args, "redis_url", None)
    if redis_url:
        settings = _on(settings, redis_url)
    archive_url = getattr(args, "archive_url", None)
    if archive_url:
        archive = msgspec.structs.replace(settings.archive, url=archive_url)
        settings = msgspec.structs.replace(settings, archive=archive)
    given = bool(redis_url or os.environ.get("REDIS_URL"))
    with operator_settings(settings, Path(args.data_dir).resolve(), who, given) as found:
        yield found


def folder_keys(folder: Path) -> list[str] | None:
    """The public keys of the folder's signing key file, as `--key` takes them (None: it has
    none): an export the service there signed then audits as `verified`."""
    from service.ledger.signatures import KeyRing
    from service.store.signing_key_file import read_keys

    path = folder / KEY_FILE_NAME
    if not path.exists():
        return None
    return [key.public_key for key in KeyRing.of(read_keys(path)).published().keys]
