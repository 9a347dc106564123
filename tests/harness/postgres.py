"""A real PostgreSQL server for the tests: Debian's binaries, a fresh cluster in a temporary
folder, listening on a free loopback port (no mock). PostgreSQL refuses to run as root: as
root, the server runs as the `postgres` user the package made."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from service.store.redis_server import free_port


def binaries() -> Path | None:
    """The folder of PostgreSQL's server binaries (the newest installed), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def server_folder() -> Path:
    """A new temporary folder the server's user can reach: in the temporary folder unless, as
    root, the server's user could not reach that (pytest's own folders are the tester's only)."""
    base = Path(tempfile.gettempdir())
    if os.geteuid() == 0 and not all(p.stat().st_mode & 0o001 for p in (base, *base.parents)):
        base = Path("/tmp")
    return Path(tempfile.mkdtemp(prefix="escopa-postgres-", dir=base))


def _as_owner(folder: Path) -> list[str]:
    """The command prefix that runs a server binary as a user who may (not root)."""
    if os.geteuid() != 0:
        return []
    owner = pwd.getpwnam("postgres")
    os.chown(folder, owner.pw_uid, owner.pw_gid)
    return ["runuser", "-u", "postgres", "--"]


@dataclass
class Postgres:
    """A PostgreSQL server of the tests' own: its URL, and stop and start for faults."""

    data: Path
    port: int
    prefix: list[str]
    bin_dir: Path

    @property
    def url(self) -> str:
        return f"postgresql://escopa@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        """Start it on its port (the same data), and wait until it takes connections."""
        options = f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1 -c fsync=off"
        start = [
            str(self.bin_dir / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.data / "log"),
            "-w",
            "start",
        ]
        subprocess.run([*self.prefix, *start], check=True, capture_output=True)
        _wait(self.port)

    def stop(self) -> None:
        """Stop it at once, as a crash would (`immediate`: no clean shutdown)."""
        stop = [str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"]
        subprocess.run([*self.prefix, *stop], check=False, capture_output=True)


@contextmanager
def postgres(folder: Path) -> Iterator[Postgres]:
    """A PostgreSQL server with its data in `folder`, up until the block ends."""
    bin_dir = binaries()
    assert bin_dir is not None, "PostgreSQL is not installed (apt-get install postgresql)"
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o755)
    data = folder / "data"
    data.mkdir()
    prefix = _as_owner(data)
    initdb = [
        str(bin_dir / "initdb"),
        "-D",
        str(data),
        "-U",
        "escopa",
        "--auth=trust",
        "-E",
        "UTF8",
    ]
    subprocess.run([*prefix, *initdb], check=True, capture_output=True)
    server = Postgres(data, free_port(), prefix, bin_dir)
    server.start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def postgres_server(folder: Path) -> Iterator[str]:
    """A PostgreSQL server with its data in `folder`, up until the block ends: its URL."""
    with postgres(folder) as server:
        yield server.url


def _wait(port: int, seconds: float = 10.0) -> None:
    """Until the server takes connections."""
    import socket

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"PostgreSQL did not listen on port {port}")
