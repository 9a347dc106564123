"""Slow and vanishing clients against a real `escopa serve`: a request must arrive whole within
`ESCOPA_RECEIVE_TIMEOUT`, and a client that leaves mid-body is its own doing, not a 500."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.harness.pages import until
from tests.harness.processes import Served, serve_processes

TIMEOUT = 1.0
HEAD = b"POST /v1/games HTTP/1.1\r\nHost: escopa\r\nContent-Type: application/json\r\n"


@pytest.fixture
def served(redis_url: str, tmp_path: Path) -> Iterator[Served]:
    env = {"ESCOPA_RECEIVE_TIMEOUT": str(TIMEOUT), "ESCOPA_LOG_FORMAT": "json"}
    with serve_processes(redis_url, tmp_path, 1, **env) as (server,):
        yield server


def connect(served: Served) -> socket.socket:
    address = urlsplit(served.base)
    conn = socket.create_connection((address.hostname, address.port), timeout=10)
    return conn


def trickle(conn: socket.socket, data: bytes, every: float) -> float:
    """Send `data` a byte at a time until the server closes; the seconds it took."""
    started = time.monotonic()
    for byte in data:
        try:
            conn.sendall(bytes([byte]))
        except OSError:
            break
        time.sleep(every)
        if time.monotonic() - started > 10 * TIMEOUT:
            break
    return time.monotonic() - started


def answer(conn: socket.socket) -> bytes:
    received = b""
    while chunk := conn.recv(65536):
        received += chunk
    return received


def logged(served: Served) -> list[dict[str, object]]:
    lines = []
    for line in served.log_lines():
        try:
            lines.append(json.loads(line))
        except ValueError:
            continue
    return lines


def assert_no_server_error(served: Served) -> None:
    lines = logged(served)
    assert all(line.get("status") != 500 for line in lines), lines
    assert all(line.get("level") not in ("error", "ERROR") for line in lines), lines
    assert not [line for line in served.log_lines() if "Traceback" in line]


def test_headers_trickled_a_byte_at_a_time_are_cut_off_with_408(served: Served) -> None:
    with connect(served) as conn:
        took = trickle(conn, HEAD + b"X-Slow: " + b"a" * 200, every=0.1)
        reply = answer(conn)

    assert took < 4 * TIMEOUT, "the server closed the connection near its deadline"
    assert reply.startswith(b"HTTP/1.1 408 ")
    problem = json.loads(reply.split(b"\r\n\r\n", 1)[1])
    assert problem["code"] == "request/timeout"
    assert_no_server_error(served)


def test_a_body_trickled_a_byte_at_a_time_is_cut_off_with_408(served: Served) -> None:
    body = b'{"players": ["Ana", "Bia"], "seed": "' + b"0123456789" * 15 + b'"}'
    with connect(served) as conn:
        conn.sendall(HEAD + f"Content-Length: {len(body)}\r\n\r\n".encode())
        took = trickle(conn, body, every=0.1)
        reply = answer(conn)

    assert took < 4 * TIMEOUT
    assert reply.startswith(b"HTTP/1.1 408 ")
    assert_no_server_error(served)


def test_a_408_speaks_the_language_its_requests_head_asked_for(served: Served) -> None:
    body = b'{"players": ["Ana", "Bia"], "seed": "' + b"0123456789" * 15 + b'"}'
    with connect(served) as conn:
        asked = f"Accept-Language: it\r\nContent-Length: {len(body)}\r\n\r\n"
        conn.sendall(HEAD + asked.encode())
        trickle(conn, body, every=0.1)
        reply = answer(conn)

    head, _, raw = reply.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 ") and b"content-language: it\r\n" in head
    problem = json.loads(raw)
    assert problem["code"] == "request/timeout" and problem["title"] == "Request timeout"
    assert problem["detail"] == "la richiesta non è stata ricevuta intera entro 1 s"


def test_a_connection_that_sends_nothing_is_closed(served: Served) -> None:
    with connect(served) as conn:
        started = time.monotonic()
        reply = answer(conn)

    assert time.monotonic() - started < 4 * TIMEOUT
    assert reply.startswith(b"HTTP/1.1 408 ")


def test_a_client_that_leaves_mid_body_is_a_client_event_not_a_500(served: Served) -> None:
    said = "closed the connection before its request body"
    for left, path in enumerate((b"/v1/games", b"/v1/games/abc/moves"), start=1):
        with connect(served) as conn:
            head = HEAD.replace(b"/v1/games", path, 1)
            conn.sendall(head + b"Content-Length: 100\r\n\r\n" + b'{"players": [')
            time.sleep(0.2)
        until(lambda n=left: sum(said in str(line) for line in logged(served)) >= n, said)

    assert_no_server_error(served)


def test_a_whole_request_in_time_is_served_as_usual(served: Served) -> None:
    body = b'{"players": ["Ana", "Bia"]}'
    with connect(served) as conn:
        conn.sendall(HEAD + f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode())
        time.sleep(TIMEOUT / 2)
        conn.sendall(body)
        reply = answer(conn)

    assert reply.startswith(b"HTTP/1.1 201 ")
