"""docs/quickstart-typescript.md runs as written: its code compiled by its command, against a
live `escopa serve`, plays a game against a bot to the end and prints the events."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.clients.typescript.test_typescript_client import ROOT

QUICKSTART = ROOT / "docs" / "quickstart-typescript.md"


def blocks(language: str) -> list[str]:
    """The fenced blocks of the quickstart in `language`, exactly as written there."""
    parts = QUICKSTART.read_text().split(f"```{language}\n")[1:]
    return [part.split("\n```", 1)[0] for part in parts]


def test_the_quickstart_is_under_30_lines() -> None:
    assert len(QUICKSTART.read_text().splitlines()) < 30


def test_the_typescript_quickstart_plays_a_game_against_a_bot_to_its_end_as_written(
    served: tuple[str, Path], tmp_path: Path, built: None
) -> None:
    base, _ = served
    (code,) = blocks("ts")
    (shell,) = blocks("sh")
    assert "path/to/escopa/clients/typescript" in shell
    # Every line as written, in a folder of its own: the packed client, and the `typescript`
    # and `@types/node` the package registry gives today.
    (tmp_path / "play.mts").write_text(code)
    env = {**os.environ, "ESCOPA_URL": base, "npm_config_loglevel": "error"}
    done = subprocess.run(
        ["bash", "-c", "set -euo pipefail\n" + shell.replace("path/to/escopa", str(ROOT))],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "node_modules" / "escopa-client" / "dist").is_dir(), "the packed client"
    _npm_said, created, played = done.stdout.partition("1 created")
    assert created, done.stdout
    lines = (created + played).splitlines()  # after what npm pack and npm install said
    assert lines[0].startswith("1 created"), lines[:3]
    moves = [line for line in lines if " move " in line]
    assert any(line.split()[2] == "1" for line in moves), "the bot's moves were followed"
    last = lines[-1]
    assert last.startswith("totals [") and "winner" in last, last
    totals = json.loads(last.removeprefix("totals ").rsplit(" winner", 1)[0])
    assert max(totals) >= 21
