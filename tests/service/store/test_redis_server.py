"""Ports for the private servers: free, and out of the way of outgoing connections."""

from __future__ import annotations

import random
import socket
from collections import deque
from pathlib import Path

import pytest

from service.store import redis_server as server
from service.store.redis_server import bindable, ephemeral_start, free_port


@pytest.fixture(autouse=True)
def nothing_handed_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "_handed_out", deque(maxlen=64))


def test_a_free_port_is_below_the_ephemeral_range_when_there_is_room_and_can_be_bound() -> None:
    room = ephemeral_start() - 1024 >= 1000
    for _ in range(20):
        port = free_port()
        assert port < ephemeral_start() or not room
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", port))


def test_a_bound_keeps_the_chosen_port_below_it() -> None:
    top = ephemeral_start() - 10000
    if top - 1024 < 1000:
        top = 30000
    for _ in range(20):
        assert 1024 <= free_port(below=top) < top


def test_a_port_taken_by_a_listener_is_never_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        taken = listener.getsockname()[1]
        assert not bindable(taken)
        monkeypatch.setattr(server, "ephemeral_start", lambda: taken + 1)
        monkeypatch.setattr(server, "PORTS_BELOW_EPHEMERAL", 1)  # the only candidate is taken
        port = free_port()
    assert port != taken


def test_ports_chosen_lately_are_not_chosen_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "ephemeral_start", lambda: 20064)
    monkeypatch.setattr(server, "PORTS_BELOW_EPHEMERAL", 40)  # 40 candidates
    chosen = [free_port() for _ in range(30)]
    assert len(set(chosen)) == 30


def test_the_ephemeral_range_is_read_from_the_system_or_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = tmp_path / "ip_local_port_range"
    settings.write_text("40000\t60999\n")
    monkeypatch.setattr(server, "EPHEMERAL_RANGE", settings)
    assert ephemeral_start() == 40000
    monkeypatch.setattr(server, "EPHEMERAL_RANGE", tmp_path / "missing")
    assert ephemeral_start() == 32768


def test_processes_whose_random_module_is_seeded_alike_choose_different_ports() -> None:
    # pytest-randomly seeds `random` alike in every worker of a parallel run, before each test.
    random.seed(1)
    first = [free_port() for _ in range(5)]
    server._handed_out.clear()
    random.seed(1)
    assert [free_port() for _ in range(5)] != first
