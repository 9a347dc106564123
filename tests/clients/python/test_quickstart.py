"""docs/quickstart-python.md runs as written: its Python block, under 30 lines, plays a whole
match against a bot seat of a live server (the URL from ESCOPA_URL, as the block reads it)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
QUICKSTART = ROOT / "docs" / "quickstart-python.md"


def python_block() -> str:
    blocks = re.findall(r"```python\n(.*?)```", QUICKSTART.read_text(), re.DOTALL)
    assert len(blocks) == 1, "the quickstart has one Python block"
    return str(blocks[0])


def test_the_quickstart_is_under_30_lines_of_code() -> None:
    assert len(python_block().splitlines()) < 30


def test_the_quickstart_plays_a_match_against_a_bot_to_the_end(
    base_url: str, tmp_path: Path
) -> None:
    script = tmp_path / "quickstart.py"
    script.write_text(python_block())
    env = {**os.environ, "ESCOPA_URL": base_url}
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("1 created"), lines[:3]
    moves = [line for line in lines if " move seat " in line]
    assert {line.split()[3] for line in moves} == {"0", "1"}, "both seats moved"
    assert re.fullmatch(r"winner: seat [01] totals \[\d+, \d+\]", lines[-1]), lines[-1]
