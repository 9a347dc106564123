"""The compiled hot loops (`make compiled`: mypyc) play move for move as the pure-Python modules,
their reference: every seeded game of the engine's reference (`tests/harness/reference_games.py`)
and a quarter of the bots' corpus (`tests/harness/decisions.py`: the expert's and the greedy
level's moves and values), each side in a process of its own. The modules are built afresh by
mypyc into a copy of `engine/` and `bots/`, so the test holds whether or not this tree is built.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RECORDED = json.loads((ROOT / "tests" / "engine" / "reference_games.json").read_text())
PLAY = """
import json, sys
sys.path.insert(0, sys.argv[1])
import bots, engine
from tests.harness.decisions import corpus, record
from tests.harness.reference_games import digests
records = [record(decision) for decision in corpus(0.25)]
print(json.dumps([engine.COMPILED, bots.COMPILED, digests(), records]))
"""


def compiled_modules() -> list[str]:
    """The modules `make compiled` builds (the Makefile's `COMPILED`)."""
    text = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    found = re.search(r"^COMPILED = (.+)$", text, re.MULTILINE)
    assert found is not None, "the Makefile lists no COMPILED modules"
    return found.group(1).split()


def copy(into: Path) -> Path:
    """A copy of engine/ and bots/ (their source only) in `into`."""
    for package in ("engine", "bots"):
        shutil.copytree(
            ROOT / package, into / package, ignore=shutil.ignore_patterns("*.so", "__pycache__")
        )
    return into


def played(root: Path) -> list[Any]:
    """Whether the engine and the search ran compiled, the games' digests and the records."""
    done = subprocess.run(
        [sys.executable, "-c", PLAY, str(root)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    found: list[Any] = json.loads(done.stdout)
    return found


def test_the_compiled_modules_play_every_game_and_decide_every_position_as_the_pure_ones(
    tmp_path: Path,
) -> None:
    pure = copy(tmp_path / "pure")
    built = copy(tmp_path / "compiled")
    subprocess.run(
        [sys.executable, "-m", "mypyc", *compiled_modules()],
        cwd=built,
        capture_output=True,
        check=True,
        timeout=900,
    )
    compiled, reference = played(built), played(pure)
    assert reference[:2] == [False, False]
    assert compiled[:2] == [True, True]
    assert compiled[2] == reference[2] == RECORDED["games"], "the games differ"
    pairs = enumerate(zip(compiled[3], reference[3], strict=True))
    differ = [at for at, (found, expected) in pairs if found != expected]
    assert differ == [], f"the decisions at positions {differ[:10]} differ"
