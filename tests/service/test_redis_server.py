"""Ports for the private servers: free, and out of the way of outgoing connections."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from service.store import server
from service.store.server import ephemeral_start, free_port


def test_a_free_port_is_below_the_ephemeral_range_and_can_be_bound() -> None:
    for _ in range(20):
        port = free_port()
        assert 1024 <= port < ephemeral_start()
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", port))


def test_a_port_taken_by_a_listener_is_never_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        taken = listener.getsockname()[1]
        monkeypatch.setattr(server, "ephemeral_start", lambda: taken + 1)
        monkeypatch.setattr(server, "PORTS_BELOW_EPHEMERAL", 1)  # the only candidate is taken
        port = free_port()
    assert port != taken


def test_the_ephemeral_range_is_read_from_the_system_or_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = tmp_path / "ip_local_port_range"
    settings.write_text("40000\t60999\n")
    monkeypatch.setattr(server, "EPHEMERAL_RANGE", settings)
    assert ephemeral_start() == 40000
    monkeypatch.setattr(server, "EPHEMERAL_RANGE", tmp_path / "missing")
    assert ephemeral_start() == 32768
