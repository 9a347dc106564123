"""A follower of the events stream outlives a server restart: the stream ends when the server
stops, and `follow` opens it again with `Last-Event-ID`, losing and repeating no entry."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import pytest

from escopa_client import ApiError, Escopa, Event, Table, follow
from service.store.redis_server import free_port
from tests.clients.python.conftest import UNLIMITED
from tests.harness.api import chosen_seed
from tests.harness.processes import serve_private


def moves(seats: list[Table], count: int, rng: random.Random) -> None:
    """`count` moves, each by the seat that may act."""
    for _ in range(count):
        assert any(seat.step(lambda view, legal: rng.choice(legal.moves)) for seat in seats)


def test_a_follower_resumes_after_the_server_restarts_and_sees_every_entry_once(
    tmp_path: Path,
) -> None:
    port, rng = free_port(), random.Random(4)
    seen: list[Event] = []
    watcher = Escopa(f"http://127.0.0.1:{port}")  # a spectator, across both servers
    with serve_private(tmp_path, port, **UNLIMITED) as served, Escopa(served.base) as escopa:
        game = escopa.create_game(
            {"players": ["Ana", "Bia"], "seed": chosen_seed("restart"), "rules": {"target": 5}}
        )
        tokens = [seat.token or "" for seat in game.players]
        follower = threading.Thread(
            # tries enough to outlast a restart on a busy machine: the bound is only for a hang
            target=lambda: seen.extend(follow(watcher.client(), game.game_id, attempts=120))
        )
        follower.start()
        moves([escopa.table(game.game_id, t) for t in tokens], 6, rng)
    # the server is gone: the follower's stream ended and it tries again
    with serve_private(tmp_path, port, **UNLIMITED) as served, Escopa(served.base) as escopa:
        seats = [escopa.table(game.game_id, t) for t in tokens]
        while seats[0].view().status.value != "finished":
            moves(seats, 1, rng)
        follower.join(timeout=300)
        head = seats[0].view().version
    watcher.close()
    assert not follower.is_alive()
    assert [e.seq for e in seen] == list(range(1, head + 1))
    assert seen[-1].ends_match


def test_a_stream_refused_with_503_is_tried_again_until_a_place_is_free(tmp_path: Path) -> None:
    """A server that serves one stream at a time refuses a second (503
    `events/too_many_streams`): `follow` waits and tries again, and gets in once the first
    stream is closed."""
    env = {**UNLIMITED, "ESCOPA_MAX_STREAMS": "1", "ESCOPA_STREAM_HEARTBEAT": "0.5"}
    with serve_private(tmp_path, **env) as served, Escopa(served.base) as escopa:
        game = escopa.create_game({"players": ["Ana", "Bia"], "seed": chosen_seed("crowded")})
        holder = follow(escopa.client(), game.game_id)
        assert next(holder).seq == 1
        with pytest.raises(ApiError) as refused:
            next(follow(escopa.client(), game.game_id, attempts=1))
        assert refused.value.status == 503 and refused.value.code == "events/too_many_streams"
        threading.Timer(1.0, holder.close).start()
        started = time.monotonic()
        with Escopa(served.base) as other:
            waiting = follow(other.client(), game.game_id, attempts=10)
            assert next(waiting).seq == 1
            assert time.monotonic() - started >= 1.0
            waiting.close()
