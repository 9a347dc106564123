"""A webhook worker killed in the middle of a delivery loses nothing: the game's lease runs out,
and the worker started after it delivers again what was not recorded as delivered, in order."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx

from tests.harness.api import chosen_seed
from tests.harness.processes import bot_worker, serve_processes
from tests.harness.webhook_receiver import receiving

ENV = {
    "ESCOPA_WEBHOOK_ALLOW": "127.0.0.1",
    "ESCOPA_WEBHOOK_TIMEOUT": "2",
    "ESCOPA_WEBHOOK_BACKOFF": "0.1",
    "ESCOPA_BOTS": "0",
}


def play(base: str, game_id: str, tokens: list[str], moves: int) -> None:
    for _ in range(moves):
        view = httpx.get(f"{base}/v1/games/{game_id}").json()
        auth = {"Authorization": f"Bearer {tokens[view['turn']]}"}
        legal = httpx.get(f"{base}/v1/games/{game_id}/legal-moves", headers=auth).json()
        body = {"move": legal["moves"][0]["id"], "expected_version": view["version"]}
        answer = httpx.post(f"{base}/v1/games/{game_id}/moves", json=body, headers=auth)
        assert answer.status_code == 200, answer.text


def settled(base: str, game_id: str, token: str) -> Any:
    """The game's deliveries once none is pending (each is recorded just after its answer)."""
    url = f"{base}/v1/games/{game_id}/webhook-deliveries"
    for _ in range(200):
        listed = httpx.get(url, headers={"Authorization": f"Bearer {token}"}).json()
        if all(d["state"] != "pending" for d in listed["deliveries"]):
            return listed
        time.sleep(0.05)
    raise AssertionError(f"deliveries still pending: {listed}")


def test_a_worker_killed_mid_delivery_loses_nothing_and_keeps_the_order(
    redis_url: str, tmp_path: Path
) -> None:
    with (
        receiving(hang=30.0) as receiver,
        serve_processes(redis_url, tmp_path, 1, ESCOPA_WEBHOOKS="0", **ENV) as [api],
    ):
        body = {
            "players": ["Ana", "Bia"],
            "seed": chosen_seed("escopa"),
            "webhook": {"url": receiver.url},
        }
        created = httpx.post(f"{api.base}/v1/games", json=body).json()
        tokens = [p["token"] for p in created["players"]]
        play(api.base, created["game_id"], tokens, 2)
        with bot_worker(redis_url, tmp_path / "first.log", **ENV) as first:
            deadline = time.monotonic() + 20
            while not receiver.received and time.monotonic() < deadline:
                time.sleep(0.02)
            assert receiver.received, "the first worker sent nothing"
            first.kill()  # mid-delivery: the receiver has not answered
        in_flight = receiver.received[0].delivery
        assert receiver.delivered() == []
        with bot_worker(redis_url, tmp_path / "second.log", **ENV):
            done = receiver.wait_for(4, timeout=30)
            listed = settled(api.base, created["game_id"], tokens[0])
    assert [r.json()["type"] for r in done] == ["game.started", "turn", "turn", "turn"]
    assert [r.json()["seq"] for r in done] == [1, 1, 2, 3]
    assert done[0].delivery == in_flight  # sent again: at least once
    assert [r.delivery for r in receiver.received].count(in_flight) == 2
    assert [d["state"] for d in listed["deliveries"]] == ["delivered"] * 4
