"""End to end: `escopa serve` as a real process, with the private redis-server it starts itself."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import tempfile
import time
from pathlib import Path

import httpx

from service.store.redis_server import free_port
from tests.e2e.conftest import start_serve
from tests.harness.processes import serve_processes, wait_ready
from tests.harness.signing import key_id


def test_serve_starts_its_own_redis_and_plays_a_whole_match(served: tuple[str, Path]) -> None:
    base, data = served
    with httpx.Client(base_url=base, timeout=10) as http:
        rng = random.Random(7)
        body = {"players": ["Ana", "Bia"], "preset": "escova", "rules": {"target": 11}}
        created = http.post("/v1/games", json=body)
        assert created.status_code == 201
        game = created.json()
        tokens = {p["seat"]: p["token"] for p in game["players"]}
        gid = game["game_id"]
        view = game["view"]
        while view["status"] != "finished":
            auth = {"Authorization": f"Bearer {tokens[view['turn']]}"}
            legal = http.get(f"/v1/games/{gid}/legal-moves", headers=auth).json()
            chosen = rng.choice(legal["moves"])["id"]
            move = {"move": chosen, "expected_version": legal["version"]}
            answer = http.post(f"/v1/games/{gid}/moves", json=move, headers=auth)
            assert answer.status_code == 200, answer.text
            view = answer.json()["view"]
        score = http.get(f"/v1/games/{gid}/score").json()
        assert max(score["totals"]) >= 11
        assert score["outcome"]["winner"] == score["totals"].index(max(score["totals"]))
    assert (data / "appendonlydir").is_dir(), "the private Redis persists with an append-only file"


def test_serve_archives_finished_games_in_its_data_folder(served: tuple[str, Path]) -> None:
    base, data = served
    with httpx.Client(base_url=base, timeout=10) as http:
        created = http.post("/v1/games", json={"players": ["Ana", "Bia"]}).json()
        token = created["players"][0]["token"]
        gid = created["game_id"]
        resigned = http.post(
            f"/v1/games/{gid}/resign", headers={"Authorization": f"Bearer {token}"}
        )
        assert resigned.status_code == 200, resigned.text
    archive = sqlite3.connect(data / "archive.sqlite3")
    try:
        for _ in range(100):  # the worker looks every half second
            found = archive.execute("SELECT game_id FROM archived_games").fetchall()
            if found:
                break
            time.sleep(0.1)
    finally:
        archive.close()
    assert found == [(gid,)]


def test_serve_makes_its_signing_key_in_its_data_folder_readable_by_its_owner_only(
    served: tuple[str, Path],
) -> None:
    base, data = served
    keys = httpx.get(f"{base}/v1/keys", timeout=10).json()["keys"]

    path = data / "signing-keys"
    assert path.stat().st_mode & 0o777 == 0o600
    (text,) = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    assert [k["id"] for k in keys] == [key_id(text)]


def test_serve_stops_its_private_redis_on_exit(tmp_path: Path) -> None:
    port = free_port()
    process = start_serve(port, tmp_path / "data")
    try:
        wait_ready(f"http://127.0.0.1:{port}", process)
        redis_port = httpx.get(f"http://127.0.0.1:{port}/healthz").status_code
        assert redis_port == 200
        children = subprocess.run(
            ["pgrep", "-P", str(process.pid), "-f", "redis-server"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.split()
        assert children, "the private redis-server runs as a child of escopa serve"
    finally:  # stopped whatever failed above: no server left running after the test
        process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=20) == 0
    for child in children:
        assert not Path(f"/proc/{child}").exists() or _is_zombie(child)


def test_serve_with_two_workers_leaves_nothing_in_its_temporary_folder(redis_url: str) -> None:
    # not under tmp_path, whose long path leaves no room for a fork server's socket
    with tempfile.TemporaryDirectory(prefix="escopa-test-") as folder:
        scratch = Path(folder)
        with serve_processes(redis_url, scratch, 1, "--workers", "2", TMPDIR=folder):
            deadline = time.monotonic() + 60  # bounds a hang only
            while len(list(scratch.rglob("pymp-*"))) < 2:  # the folder of each pool's socket
                assert time.monotonic() < deadline, sorted(map(str, scratch.rglob("*")))
                time.sleep(0.1)
        # uvicorn ends its workers by SIGTERM, which skips their own clean-up
        assert [path.name for path in scratch.iterdir()] == ["escopa-0.log"]


def _is_zombie(pid: str) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except FileNotFoundError:
        return True


def test_the_readme_curl_walkthrough_plays_a_match_to_the_end(served: tuple[str, Path]) -> None:
    base, _ = served
    script = Path(__file__).resolve().parents[2] / "docs" / "play-with-curl.sh"
    done = subprocess.run(
        ["bash", str(script), base],
        env={**os.environ, "TARGET": "3"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    summary = [line for line in done.stdout.splitlines() if line.startswith('{"totals"')]
    assert len(summary) == 1
    assert '"winner":' in summary[0]


def readme_walkthrough() -> str:
    """The shell block of the README's "Play a match with curl", exactly as written there."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = readme.split("## Play a match with curl", 1)[1]
    return section.split("```sh\n", 1)[1].split("\n```", 1)[0]


def test_the_readme_walkthrough_block_works_as_written_on_every_deal(
    served: tuple[str, Path],
) -> None:
    base, _ = served
    block = readme_walkthrough()
    assert "B=http://127.0.0.1:8000\n" in block
    script = "set -euo pipefail\n" + block.replace("B=http://127.0.0.1:8000", f"B={base}", 1)

    for _ in range(6):  # a server seed each time: a different deal
        done = subprocess.run(
            ["bash", "-c", script], capture_output=True, text=True, timeout=60, check=False
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert '{"seq":2,"type":"move"' in done.stdout, "the move was played and logged"
        assert '"code"' not in done.stdout, done.stdout
        assert '"totals"' in done.stdout


def test_the_readme_walkthrough_says_so_when_no_server_answers() -> None:
    block = readme_walkthrough().replace(
        "B=http://127.0.0.1:8000", f"B=http://127.0.0.1:{free_port()}", 1
    )
    done = subprocess.run(
        ["bash", "-c", "set -euo pipefail\n" + block],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0
    assert "Failed to connect" in done.stderr or "Could not connect" in done.stderr, done.stderr


def test_the_readme_walkthrough_prints_a_refused_moves_code_and_detail(
    served: tuple[str, Path],
) -> None:
    base, _ = served
    block = readme_walkthrough()
    start = block.index("api -X POST $B/v1/games/$ID/moves")
    again = block[start:].split("\n", 2)[:2]  # the move's line and its continuation, as written
    script = block.replace("B=http://127.0.0.1:8000", f"B={base}", 1) + "\n" + "\n".join(again)
    done = subprocess.run(
        ["bash", "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    refusal = "refused: game/version_conflict: "
    assert refusal in done.stderr, done.stdout + done.stderr
    assert refusal in (Path(__file__).resolve().parents[2] / "README.md").read_text()


def test_play_with_curl_says_so_when_no_server_answers() -> None:
    script = Path(__file__).resolve().parents[2] / "docs" / "play-with-curl.sh"
    base = f"http://127.0.0.1:{free_port()}"
    done = subprocess.run(
        ["bash", str(script), base], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 7
    assert f"no Escopa service at {base}: start one with make run" in done.stderr


def test_serve_says_where_it_listens_once_the_port_is_bound(tmp_path: Path) -> None:
    port, log = free_port(), tmp_path / "serve.log"
    process = start_serve(port, tmp_path / "data", log=log)
    try:
        wait_ready(f"http://127.0.0.1:{port}", process)
        lines = [json.loads(line) for line in log.read_text().splitlines()]
        said = [line for line in lines if "listens on" in line["message"]]
        assert len(said) == 1
        assert said[0]["level"] == "info"
        assert f"http://127.0.0.1:{port}" in said[0]["message"]
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)


def test_serve_says_clearly_when_its_port_is_taken(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        log = tmp_path / "serve.log"
        process = start_serve(port, tmp_path / "data", log=log)
        code = process.wait(timeout=30)
    text = log.read_text()
    assert code != 0
    assert f"port {port}" in text and "already in use" in text
    assert "listens on" not in text
    assert "Traceback" not in text
    assert not (tmp_path / "data").exists(), "no private Redis is started for nothing"
