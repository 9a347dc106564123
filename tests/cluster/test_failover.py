"""A master of the cluster dies mid-play: games go on, no acknowledged move is lost."""

from __future__ import annotations

import asyncio
import random
import time

import httpx

from tests.cluster.conftest import cluster_settings
from tests.harness.api import Game, Json, assert_chain, serve_apps
from tests.harness.cluster import LocalCluster

GAMES = 3
KILL_AFTER = 30  # acknowledged moves before the master dies
DEADLINE = 150.0
RETRY_PAUSE = 0.2


class Player:
    """Plays one game through alternating API processes, recording every acknowledged move."""

    def __init__(self, clients: list[httpx.AsyncClient], game: Json, seed: int) -> None:
        self.clients = clients
        self.id = game["game_id"]
        self.tokens = [p["token"] for p in game["players"]]
        self.rng = random.Random(seed)
        self.acknowledged: dict[int, str] = {}
        self.unavailable = 0

    async def call(self, method: str, url: str, **kwargs: object) -> httpx.Response:
        """A request, retried while the store is failing over (503), on either process."""
        while time.monotonic() < self.deadline:
            client = self.rng.choice(self.clients)
            response = await client.request(method, url, timeout=30, **kwargs)  # type: ignore[arg-type]
            if response.status_code != 503:
                return response
            assert response.headers["retry-after"]
            self.unavailable += 1
            await asyncio.sleep(RETRY_PAUSE)
        raise AssertionError("the service did not recover in time")

    async def play(self, deadline: float, progress: list[int]) -> None:
        self.deadline = deadline
        url = f"/v1/games/{self.id}"
        while True:
            view = (await self.call("GET", url)).json()
            if view["status"] == "finished":
                return
            auth = {"Authorization": f"Bearer {self.tokens[view['turn']]}"}
            legal = (await self.call("GET", f"{url}/legal-moves", headers=auth)).json()
            move = self.rng.choice(legal["moves"])["id"]
            version = legal["version"]
            headers = {**auth, "Idempotency-Key": f"{version}-{move.replace('+', '_')}"}
            body = {"move": move, "expected_version": version}
            response = await self.call("POST", f"{url}/moves", json=body, headers=headers)
            if response.status_code == 200:
                self.acknowledged[version + 1] = move
                progress[0] += 1
            else:
                assert response.status_code == 409, response.text


async def test_games_survive_a_master_killed_mid_play(cluster: LocalCluster) -> None:
    settings = cluster_settings(cluster)
    async with serve_apps(settings.redis_url, 2, settings=settings) as clients:
        games = []
        for i in range(GAMES):
            body = {"players": ["Ana", "Bia"], "rules": {"target": 6}, "seed": f"failover-{i}"}
            created = await clients[i % 2].post("/v1/games", json=body)
            assert created.status_code == 201, created.text
            games.append(created.json())
        players = [Player(clients, game, i) for i, game in enumerate(games)]
        progress = [0]
        deadline = time.monotonic() + DEADLINE
        playing = [asyncio.create_task(p.play(deadline, progress)) for p in players]

        while progress[0] < KILL_AFTER:
            assert time.monotonic() < deadline, "the games did not get going"
            if any(task.done() for task in playing):
                await asyncio.gather(*playing)  # raises what went wrong
                break
            await asyncio.sleep(0.05)
        victim = cluster.master_of(f"{{g:{players[0].id}}}:game")
        cluster.kill(victim)
        await asyncio.to_thread(cluster.wait_failover)
        # It rejoins as a replica of the promoted one, so WAIT succeeds again; started off the
        # event loop, which serves both API processes meanwhile.
        await asyncio.to_thread(victim.start)
        await asyncio.gather(*playing)

        for player in players:
            entries = await Game(clients[0], player.id, player.tokens, {}).log()
            assert_chain(entries)
            logged = {e["seq"]: e["move"] for e in entries}
            for seq, move in player.acknowledged.items():
                assert logged.get(seq) == move, f"acknowledged move {seq} {move} lost"
            audit = (await clients[1].get(f"/v1/games/{player.id}/audit")).json()
            assert audit["ok"] is True, audit
        assert sum(len(p.acknowledged) for p in players) > KILL_AFTER
