"""The data folder `escopa serve` keeps, as the operator commands find it: the running service's
Redis from its state file, or with the service stopped a Redis of their own on its files, under
the folder's lock (so `escopa serve` refuses to start beside one, saying why); what keeps a
command from running is one line; Ctrl-C stops the service in one line, logged as text in a
terminal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx
import pexpect

from service.cli.data_folder import STATE, locked, running
from service.store.redis_server import free_port
from tests.harness.processes import wait_ready

ROOT = Path(__file__).resolve().parents[3]


def escopa(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    environ = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("ESCOPA_SIGNING", "ESCOPA_ARCHIVE")) and k != "REDIS_URL"
    }
    return subprocess.run(
        [sys.executable, "-m", "service.cli", *args],
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=cwd,
    )


def served(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """`escopa serve --data-dir folder` on a free port, ready."""
    port = free_port()
    environ = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    command = [sys.executable, "-m", "service.cli", "serve", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--data-dir", str(folder)],
        env=environ,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    wait_ready(base, process)
    return process, base


def finished_game(base: str) -> str:
    created = httpx.post(f"{base}/v1/games", json={"players": ["Ana", "Bia"]}).json()
    auth = {"Authorization": f"Bearer {created['players'][0]['token']}"}
    httpx.post(f"{base}/v1/games/{created['game_id']}/resign", headers=auth).raise_for_status()
    return str(created["game_id"])


def test_operator_commands_use_the_running_service_then_the_folder_alone(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    process, base = served(folder)
    try:
        finished_game(base)
        state = running(folder)
        assert state is not None and state.pid == process.pid
        recomputed = escopa("ratings", "--recompute", "--data-dir", str(folder))
        assert recomputed.returncode == 0, recomputed.stderr
        assert "ratings equal to the last bit" in recomputed.stdout
    finally:
        process.terminate()
        assert process.wait(timeout=30) == 0
    assert not (folder / STATE).exists(), "a stopped service leaves no state behind"

    exported = escopa("archive", "--export", str(tmp_path / "out"), "--data-dir", str(folder))
    assert exported.returncode == 0, exported.stderr
    assert "wrote 1 exports" in exported.stdout, "the game was archived: the folder's archive"
    audited = escopa("audit", str(tmp_path / "out" / "games.jsonl"), "--data-dir", str(folder))
    assert audited.returncode == 0, audited.stdout
    assert "games.jsonl:1: ok" in audited.stdout and "signature of key" in audited.stdout


def test_serve_refuses_a_folder_another_process_runs_a_redis_on(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with locked(folder, "escopa archive"):
        port = str(free_port())
        done = escopa("serve", "--port", port, "--data-dir", str(folder), "--log-format", "text")
    assert done.returncode == 2
    assert "is in use by escopa archive (pid" in done.stderr
    assert "Traceback" not in done.stderr


def test_what_keeps_a_command_from_running_is_one_line(tmp_path: Path) -> None:
    done = escopa("archive", "--verify", "--data-dir", str(tmp_path / "nothing"))
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0, done.stderr
    assert done.stderr.startswith("escopa archive: no service data in")
    audited = tmp_path / "broken.jsonl"
    audited.write_text('{"format": "escopa-export-v3"}\n')
    bad = escopa("audit", str(audited), "--data-dir", str(tmp_path))
    assert bad.returncode == 1 and "broken.jsonl:1: FAILED" in bad.stdout, bad.stdout


def test_ctrl_c_stops_the_service_in_one_text_line(tmp_path: Path) -> None:
    port = free_port()
    environ = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "ESCOPA_LOG_FORMAT")}
    command = f"{sys.executable} -m service.cli serve --port {port} --data-dir {tmp_path / 'd'}"
    child = pexpect.spawn(command, cwd=str(ROOT), env=environ, encoding="utf-8", timeout=120)
    try:
        child.expect("escopa listens on")
        started = child.before + child.after
        assert "INFO escopa" in started and "{" not in started, "text lines in a terminal"
        child.expect("\n")
        child.sendintr()
        child.expect(pexpect.EOF)
        after = [line for line in child.before.splitlines() if line.strip() and line != "^C"]
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    assert len(after) == 1 and "escopa stops" in after[0], after
