"""The replay page of a game Redis let go: served from the archive, replayed and verified in a
real Chromium as before."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import redis

from service.store.archive.opening import sqlite_url
from service.store.redis_server import RedisServer
from tests.harness.browser import chromium
from tests.harness.pages import WAIT
from tests.harness.processes import serve_processes


def test_the_replay_page_of_an_archived_game_verifies(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    redis.Redis.from_url(redis_server.url).flushall()
    env = {"ESCOPA_ARCHIVE_URL": sqlite_url(tmp_path / "archive.sqlite3")}
    env |= {"ESCOPA_FINISHED_TTL": "1"}
    with serve_processes(redis_server.url, tmp_path, 1, **env) as [served]:
        with httpx.Client(base_url=served.base, timeout=WAIT) as http:
            game = http.post("/v1/games", json={"players": ["Ana", "Bia"]}).json()
            game_id, token = game["game_id"], game["players"][0]["token"]
            auth = {"Authorization": f"Bearer {token}"}
            assert http.post(f"/v1/games/{game_id}/resign", headers=auth).status_code == 200
        keys = redis.Redis.from_url(redis_server.url)
        deadline = time.monotonic() + 20
        while keys.exists(f"{{g:{game_id}}}:game"):
            assert time.monotonic() < deadline, "the game stayed in Redis"
            time.sleep(0.1)
        with chromium() as browser:
            page = browser.page().page
            page.goto(f"{served.base}/replay/{game_id}")
            page.wait_for_selector("body[data-verified]")
            assert page.get_attribute("body", "data-verified") == "passed"
