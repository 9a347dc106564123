"""The first ten minutes, as a newcomer lives them: a clean clone of this repository in a folder of
its own, `make run` (on a free port, through ESCOPA_PORT, which `escopa serve` reads), every shell
block of README.md and of the quickstarts run as written against it, then `make test` (a few test
files, through TESTS). It needs the package registries, as `make run` does."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from service.store.redis_server import free_port

ROOT = Path(__file__).resolve().parents[2]
SERVING_ONLY = ("pytest", "mypy", "playwright", "schemathesis", "hypothesis", "ruff")


def blocks(page: Path, language: str = "sh") -> list[str]:
    """The fenced blocks of `page` in `language`, exactly as written there."""
    return re.findall(rf"```{language}\n(.*?)\n```", page.read_text(), re.DOTALL)


def shell(
    script: str, cwd: Path, timeout: float = 600, **env: str
) -> subprocess.CompletedProcess[str]:
    """`script` in bash with `set -euo pipefail`, in `cwd`, with this process's environment
    (but not its virtualenv) and `env`."""
    environ = {k: v for k, v in os.environ.items() if k not in {"VIRTUAL_ENV", "REDIS_URL"}}
    bin_dir = str(Path(sys.executable).parent)
    path = [p for p in environ.get("PATH", "").split(os.pathsep) if p != bin_dir]
    environ |= {"PATH": os.pathsep.join(path), **env}
    return subprocess.run(
        ["bash", "-c", "set -euo pipefail\n" + script],
        cwd=cwd,
        env=environ,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def said(done: subprocess.CompletedProcess[str]) -> str:
    return f"exit {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"


def size_mb(path: Path) -> int:
    return (
        sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink()) >> 20
    )


class Clone:
    """The scratch clone, its `make run` and what was measured on the way: the test tools
    importable, whether `node_modules` exists and the size of `.venv`, all taken at the first
    answer (the module's other tests install more, in any order)."""

    def __init__(self, folder: Path, base: str, first_answer: float, run_log: Path) -> None:
        self.folder, self.base, self.first_answer, self.run_log = (
            folder,
            base,
            first_answer,
            run_log,
        )
        python = folder / ".venv" / "bin" / "python"
        look = (
            f"import importlib.util as u; print(*[m for m in {SERVING_ONLY!r} if u.find_spec(m)])"
        )
        self.found = subprocess.run(
            [str(python), "-c", look], capture_output=True, text=True, timeout=60, check=False
        )
        self.node_modules = (folder / "node_modules").exists()
        self.venv_mb = size_mb(folder / ".venv")


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Clone]:
    """A clean clone of this commit, and `make run` in it on a free port until the module ends."""
    folder = tmp_path_factory.mktemp("newcomer") / "escopa"
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    cloned = shell(f"git clone --quiet {ROOT} {folder} && git -C {folder} checkout -q {head}", ROOT)
    assert cloned.returncode == 0, said(cloned)
    port = free_port()
    run_log = folder.parent / "make-run.log"
    environ = {k: v for k, v in os.environ.items() if k not in {"VIRTUAL_ENV", "REDIS_URL"}}
    started = time.monotonic()
    with run_log.open("wb") as sink:
        process = subprocess.Popen(
            ["make", "run"],
            cwd=folder,
            env={**environ, "ESCOPA_PORT": str(port)},
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        while True:
            assert process.poll() is None, run_log.read_text()[-3000:]
            try:
                if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() - started < 600, run_log.read_text()[-3000:]
            time.sleep(0.2)
        yield Clone(folder, base, time.monotonic() - started, run_log)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def test_make_run_answers_with_what_serving_needs_and_no_warning(clone: Clone) -> None:
    print(f"make run: first answer after {clone.first_answer:.1f} s")  # the README's figure
    printed = clone.run_log.read_text().splitlines()
    # pip's own complaints about this machine's configuration are not the project's
    warned = [
        line
        for line in printed
        if "warning" in line.lower()
        and not re.match(r"WARNING: Location '.*' is ignored", line)
        and '"level":"warning","logger":"escopa"' not in line
    ]
    assert warned == []
    found = clone.found
    assert found.returncode == 0 and found.stdout.split() == [], said(found)
    assert not clone.node_modules
    assert clone.venv_mb < 300


def test_every_readme_shell_block_works_as_written(clone: Clone) -> None:
    first, walkthrough, against_a_bot = blocks(ROOT / "README.md")
    assert [line.split("#")[0].split() for line in first.splitlines()] == [
        ["make", "run"],
        ["make", "test"],
    ]  # make run is the fixture's; make test is the last test here
    script = walkthrough.replace("B=http://127.0.0.1:8000", f"B={clone.base}", 1)
    done = shell(script, clone.folder, timeout=120)
    assert done.returncode == 0, said(done)
    assert '{"seq":2,"type":"move"' in done.stdout and '"totals"' in done.stdout
    played = shell(f"{script}\n{against_a_bot}", clone.folder, timeout=120)  # the same shell
    assert played.returncode == 0, said(played)
    logged = [json.loads(line) for line in played.stdout.splitlines() if '"seat":' in line]
    seats = [entry["seat"] for entry in logged if entry["move"]]
    assert seats.count(0) == 3 and seats.count(1) >= 2, "yours, each answered by the bot"
    commands = re.findall(r"`(\.venv/bin/escopa [^`]+)`", (ROOT / "README.md").read_text())
    assert commands == [".venv/bin/escopa play --bots expert"]
    offline = shell(".venv/bin/escopa simulate --games 2 --budget 50", clone.folder, timeout=300)
    assert offline.returncode == 0, said(offline)  # escopa, where the README says it is


def test_the_operator_commands_find_what_make_run_started(clone: Clone) -> None:
    created = httpx.post(f"{clone.base}/v1/games", json={"players": ["Ana", "Bia"]}).json()
    token = created["players"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    game_id = created["game_id"]
    httpx.post(f"{clone.base}/v1/games/{game_id}/resign", headers=auth).raise_for_status()
    commands = blocks(ROOT / "docs" / "operations.md")[0]  # the first: after `make run`
    for _ in range(60):  # the archive worker takes the game within a second or two
        checked = shell(commands.splitlines()[0], clone.folder, timeout=120)
        if re.search(r"^([1-9]\d*) of \1 archived games hold", checked.stdout, re.MULTILINE):
            break
        time.sleep(1)
    done = shell(commands, clone.folder, timeout=300)
    assert done.returncode == 0, said(done)
    assert "ratings equal to the last bit" in done.stdout, said(done)
    exported = int(re.findall(r"wrote (\d+) exports", done.stdout)[0])
    assert exported >= 1
    assert f"{exported} exports: {exported} ok, 0 failed" in done.stdout, said(done)
    assert "signature of key" in done.stdout and "Traceback" not in done.stderr


def test_the_python_quickstart_works_as_written_in_a_virtualenv_of_its_own(clone: Clone) -> None:
    page = ROOT / "docs" / "quickstart-python.md"
    (install,) = blocks(page)
    lines = [line.split("#")[0].strip() for line in install.splitlines()]
    assert lines[0] == "make run"  # the fixture's
    script = "python3 -m venv ../own\nsource ../own/bin/activate\n" + "\n".join(lines[1:])
    installed = shell(script, clone.folder, timeout=300)
    assert installed.returncode == 0, said(installed)
    (code,) = blocks(page, "python")
    (clone.folder / "quickstart.py").write_text(code)
    played = shell("../own/bin/python quickstart.py", clone.folder, 300, ESCOPA_URL=clone.base)
    assert played.returncode == 0, said(played)
    assert played.stdout.splitlines()[-1].startswith("winner: seat ")


def test_the_typescript_quickstart_after_make_run_alone_then_make_test_work_as_written(
    clone: Clone,
) -> None:
    page = ROOT / "docs" / "quickstart-typescript.md"
    (code,) = blocks(page, "ts")
    (commands,) = blocks(page)
    scratch = clone.folder.parent / "play"
    scratch.mkdir()
    (scratch / "play.mts").write_text(code)
    script = commands.replace("path/to/escopa", str(clone.folder))
    played = shell(script, scratch, 600, ESCOPA_URL=clone.base, npm_config_loglevel="error")
    assert played.returncode == 0, said(played)
    assert played.stdout.splitlines()[-1].startswith("totals ["), said(played)
    tested = shell("make test TESTS=tests/engine/test_cards.py", clone.folder, timeout=1500)
    assert tested.returncode == 0, said(tested)
    assert "passed" in tested.stdout
    print(
        f"after make test: .venv {size_mb(clone.folder / '.venv')} MB,"
        f" node_modules {size_mb(clone.folder / 'node_modules')} MB"
    )
