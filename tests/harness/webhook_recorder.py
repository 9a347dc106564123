"""A webhook receiver as a process of its own, for runs that kill and restart it: it answers
204 to every POST once it has appended the request (headers, body, when) to a JSON Lines file,
so what it received outlives it, and a 2xx always means recorded.

Run as `python -m tests.harness.webhook_recorder PORT FILE`; `Recorder` starts it on a port of
its own and restarts it there.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import msgspec

from service.store.redis_server import free_port
from tests.harness.webhook_receiver import Received

START_TIMEOUT = 60.0  # bounds a hang only


class Line(msgspec.Struct):
    """One request as the file keeps it."""

    path: str
    headers: dict[str, str]
    body: str
    at: float


def serve(port: int, file: Path) -> None:
    """Listen on loopback `port` until killed, recording every POST to `file`."""
    lock = threading.Lock()
    sink = file.open("ab")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            body = self.rfile.read(length)
            if len(body) < length:  # the sender died mid-request: nothing was delivered
                return
            headers = {k.lower(): v for k, v in self.headers.items()}
            line = Line(self.path, headers, body.decode(), time.time())
            with lock:
                sink.write(msgspec.json.encode(line) + b"\n")
                sink.flush()
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *_: object) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    server.serve_forever()


class Recorder:
    """The receiver process on a port of its own, its records in `file`."""

    def __init__(self, file: Path) -> None:
        self.file = file
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook"

    def start(self) -> None:
        """Start it and wait until it listens."""
        command = [sys.executable, "-m", "tests.harness.webhook_recorder", str(self.port)]
        with (self.file.parent / "receiver.log").open("ab") as log:
            self.process = subprocess.Popen(
                [*command, str(self.file)], stdout=log, stderr=log, start_new_session=True
            )
        deadline = time.monotonic() + START_TIMEOUT
        while not _listening(self.port):
            assert self.process.poll() is None, "the webhook receiver exited at start"
            assert time.monotonic() < deadline, "the webhook receiver did not listen"
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL, as a crash would."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def received(self) -> list[Received]:
        """Every request it recorded, in the order they came (each answered 204)."""
        if not self.file.exists():
            return []
        found = []
        for raw in self.file.read_bytes().splitlines():
            try:
                line = msgspec.json.decode(raw, type=Line)
            except msgspec.DecodeError:  # a line cut short by a kill: never answered
                continue
            found.append(Received(line.path, line.headers, line.body.encode(), 204, line.at))
        return found


def _listening(port: int) -> bool:
    import socket

    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


if __name__ == "__main__":
    serve(int(sys.argv[1]), Path(sys.argv[2]))
