"""A webhook receiver on loopback for the tests: a real HTTP server in a thread that records
every request, and can fail, hang or redirect the first attempts of each delivery."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import msgspec


@dataclass
class Received:
    """One request as the receiver got it."""

    path: str
    headers: dict[str, str]
    body: bytes
    status: int
    at: float = field(default_factory=time.time)
    """When it came in (seconds since the epoch)."""

    @property
    def delivery(self) -> str:
        return self.headers["x-escopa-delivery"]

    def json(self) -> Any:
        return msgspec.json.decode(self.body)


@dataclass
class Receiver:
    """Answers `status` to the first `fail_first` attempts of each delivery, then 204; with
    `hang`, the very first request (with `hang_all`, every request) gets no answer for `hang`
    seconds; with `redirect`, every request is answered 302 to that URL. It listens on
    `host`, a loopback address (the whole of 127.0.0.0/8 is loopback)."""

    fail_first: int = 0
    status: int = 500
    hang: float = 0.0
    redirect: str | None = None
    hang_all: bool = False
    host: str = "127.0.0.1"
    received: list[Received] = field(default_factory=list)
    port: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/hook"

    def attempts(self, delivery: str) -> int:
        with self.lock:
            return sum(1 for r in self.received if r.delivery == delivery)

    def delivered(self) -> list[Received]:
        """The requests answered 2xx, in the order they came."""
        with self.lock:
            return [r for r in self.received if 200 <= r.status < 300]

    def wait_for(self, count: int, timeout: float = 20.0) -> list[Received]:
        """Wait until `count` deliveries were answered 2xx."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            done = self.delivered()
            if len(done) >= count:
                return done
            time.sleep(0.05)
        raise AssertionError(f"{len(self.delivered())} of {count} deliveries came in time")

    def answer(self, handler: BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("Content-Length", 0))
        body = handler.rfile.read(length)
        if len(body) < length:  # the sender died mid-request: nothing was delivered
            return
        headers = {k.lower(): v for k, v in handler.headers.items()}
        delivery = headers.get("x-escopa-delivery", "")
        earlier = self.attempts(delivery)
        with self.lock:
            first = not self.received
        if self.hang and (first or self.hang_all):
            with self.lock:
                self.received.append(Received(handler.path, headers, body, 0))
            time.sleep(self.hang)
            return
        status = 302 if self.redirect else (self.status if earlier < self.fail_first else 204)
        with self.lock:
            self.received.append(Received(handler.path, headers, body, status))
        handler.send_response(status)
        if self.redirect:
            handler.send_header("Location", self.redirect)
        handler.send_header("Content-Length", "0")
        handler.end_headers()


@contextmanager
def receiving(**options: Any) -> Iterator[Receiver]:
    """A receiver listening on a free port of its loopback address for the `with` block."""
    receiver = Receiver(**options)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            receiver.answer(self)

        def log_message(self, *_: object) -> None:
            return None

    server = ThreadingHTTPServer((receiver.host, 0), Handler)
    server.daemon_threads = True
    receiver.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield receiver
    finally:
        server.shutdown()
        server.server_close()


def verify(secret: str, header: str, body: bytes, tolerance: float = 300.0) -> bool:
    """A receiver's check of `X-Escopa-Signature`, as docs/security.md writes it."""
    parts = dict(item.split("=", 1) for item in header.split(","))
    timestamp = int(parts["t"])
    expected = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    fresh = abs(time.time() - timestamp) <= tolerance
    return fresh and hmac.compare_digest(expected.hexdigest(), parts["v1"])


async def settled(client: Any, url: str, headers: dict[str, str]) -> Any:
    """A game's deliveries (`url`) once none is pending: the worker records each delivery
    just after its answer, so a receiver may have it a moment before the list says so."""
    listed: Any = None
    for _ in range(200):
        answer = await client.get(url, headers=headers)
        assert answer.status_code == 200, answer.text
        listed = answer.json()
        if all(d["state"] != "pending" for d in listed["deliveries"]):
            return listed
        await asyncio.sleep(0.05)
    raise AssertionError(f"deliveries still pending: {listed}")
