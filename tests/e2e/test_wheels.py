"""The packages as a user installs them: both wheels built from this tree, installed into fresh
virtualenvs (their dependencies from pip's index, as a user's would come), with nothing of the
clone importable. With the service's `client` extra, `escopa play` and `escopa bot` play a whole
match against each other on a live server; without it, they say what to install; the client's
wheel alone holds its terminal game."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import venv
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from service.cli.client_programs import INSTALL
from tests.harness.api import chosen_seed
from tests.harness.processes import Served, serve_private

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "clients" / "python"
BUILD_LEFTOVERS = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "dist")
UNLIMITED = {"ESCOPA_RATE_LIMIT": "0", "ESCOPA_CREATE_RATE_LIMIT": "0"}


def packaged_folders() -> list[str]:
    """The folders the service's wheel is built from, as its pyproject.toml names them."""
    found = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    return [pattern.rstrip("*") for pattern in found["packages"]["find"]["include"]]


def pip(*args: str) -> None:
    """This virtualenv's pip, quiet; its output shown when it fails."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The service's wheel and the client's, built from copies of the tree (a build writes its
    leftovers beside the sources)."""
    scratch = tmp_path_factory.mktemp("wheels")
    service, client, dist = scratch / "service", scratch / "client", scratch / "dist"
    for folder in packaged_folders():
        shutil.copytree(ROOT / folder, service / folder, ignore=BUILD_LEFTOVERS)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, service / name)
    shutil.copytree(CLIENT, client, ignore=BUILD_LEFTOVERS)
    pip("wheel", "--quiet", "--no-deps", "--wheel-dir", str(dist), str(service), str(client))
    (built_service,) = dist.glob("escopa-*.whl")
    (built_client,) = dist.glob("escopa_client-*.whl")
    return built_service, built_client


def fresh_venv(folder: Path, *requirements: str) -> Path:
    """A new virtualenv in `folder` with `requirements` installed (not compiled to bytecode: a
    third of the time); its bin folder."""
    venv.create(folder, with_pip=False)
    python = str(folder / "bin" / "python")
    pip("--python", python, "install", "--quiet", "--no-compile", *requirements)
    return folder / "bin"


def outside_the_clone() -> dict[str, str]:
    """This process's environment without what would reach the clone's code or Redis."""
    dropped = {"PYTHONPATH", "VIRTUAL_ENV", "REDIS_URL", "ESCOPA_URL", "ESCOPA_API_KEY"}
    return {k: v for k, v in os.environ.items() if k not in dropped} | {"NO_COLOR": "1"}


def escopa(
    bin_dir: Path, *args: str, cwd: Path, typed: str = ""
) -> subprocess.CompletedProcess[str]:
    """The installed `escopa ARGS` run from `cwd` as a user would run it, `typed` on its stdin."""
    return subprocess.run(
        [str(bin_dir / "escopa"), *args],
        cwd=cwd,
        env=outside_the_clone(),
        input=typed,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def started(bin_dir: Path, *args: str, cwd: Path) -> subprocess.Popen[str]:
    """The installed `escopa ARGS` started from `cwd`, its output kept."""
    return subprocess.Popen(
        [str(bin_dir / "escopa"), *args],
        cwd=cwd,
        env=outside_the_clone(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.fixture(scope="module")
def with_client(wheels: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv with the service and its `client` extra, from the two wheels."""
    service, client = wheels
    return fresh_venv(tmp_path_factory.mktemp("with-client"), f"{service}[client]", str(client))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """`escopa serve` from the project's own virtualenv, with its private Redis."""
    with serve_private(tmp_path_factory.mktemp("serve"), **UNLIMITED) as server:
        yield server


def python(bin_dir: Path, code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`code` run by the virtualenv's Python, from `cwd`."""
    return subprocess.run(
        [str(bin_dir / "python"), "-c", code],
        cwd=cwd,
        env=outside_the_clone(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_client_extra_installs_the_client_and_nothing_comes_from_the_clone(
    with_client: Path, tmp_path: Path
) -> None:
    where = "import service, escopa_client.programs as p; print(service.__file__, p.__file__)"
    needs = "import importlib.metadata as m; print(*m.requires('escopa'), sep='\\n')"

    found = python(with_client, where, tmp_path).stdout.split()
    required = python(with_client, needs, tmp_path).stdout.splitlines()

    assert [Path(f).is_relative_to(with_client.parent) for f in found] == [True, True], found
    assert 'escopa-client[terminal]>=0.1; extra == "client"' in required


def test_the_client_wheel_alone_holds_its_terminal_game(
    wheels: tuple[Path, Path], tmp_path: Path
) -> None:
    _, client = wheels
    bin_dir = fresh_venv(tmp_path / "venv", f"{client}[terminal]")

    game = python(bin_dir, "import escopa_client.programs.terminal", tmp_path)
    service = python(bin_dir, "import service", tmp_path)

    assert game.returncode == 0, game.stderr[-2000:]
    assert "No module named 'service'" in service.stderr


def test_escopa_play_and_escopa_bot_from_the_wheels_play_a_match_together(
    with_client: Path, served: Served, tmp_path: Path
) -> None:
    body = {"players": ["Ana", "Robo"], "seed": chosen_seed("wheels"), "rules": {"target": 2}}
    created = httpx.post(f"{served.base}/v1/games", json=body).json()
    game = created["game_id"]
    ana, robo = (seat["token"] for seat in created["players"])
    table = ("--url", served.base, "--game", game)
    expert = ("--level", "expert", "--budget", "60")
    bot = started(with_client, "bot", *table, "--token", robo, *expert, cwd=tmp_path)
    first_moves = "1\n" * 400  # the first legal move at every prompt
    person = escopa(with_client, "play", *table, "--token", ana, cwd=tmp_path, typed=first_moves)
    bot_out, bot_err = bot.communicate(timeout=60)

    assert person.returncode == 0, person.stdout[-2000:] + person.stderr[-2000:]
    assert bot.returncode == 0, bot_err[-2000:]
    log = httpx.get(f"{served.base}/v1/games/{game}/log", params={"limit": 200}).json()
    moves = [entry["seat"] for entry in log["entries"] if entry["type"] == "move"]
    assert moves.count(0) > 0 and moves.count(1) > 0
    assert f"{moves.count(1)} moves played as seat 1" in bot_out, bot_out
    assert "Robo played " in person.stdout  # the bot's moves, shown live by the terminal game
    assert "match over: " in person.stdout
    assert f"replay: {served.base}/replay/{game}" in person.stdout
    assert httpx.get(f"{served.base}/v1/games/{game}").json()["status"] == "finished"


def test_the_service_wheel_alone_says_what_to_install_for_play_and_bot(
    wheels: tuple[Path, Path], tmp_path: Path
) -> None:
    service, _ = wheels
    bin_dir = fresh_venv(tmp_path / "venv", str(service))

    helped = escopa(bin_dir, "play", "--help", cwd=tmp_path)
    played = escopa(bin_dir, "play", "--bots", "greedy", cwd=tmp_path)
    botted = escopa(bin_dir, "bot", "--game", "g" * 24, "--token", "t" * 43, cwd=tmp_path)

    assert helped.returncode == 0 and "at your turn, type:" in helped.stdout  # the service's
    for command, done in (("escopa play", played), ("escopa bot", botted)):
        assert done.returncode == 2, done.stderr[-2000:]
        assert done.stderr == f"{command} needs the Python client (escopa-client): {INSTALL}\n"
