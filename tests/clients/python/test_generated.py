"""The committed generated client is exactly what `make clients` writes from the committed
document: a change to the document without `make clients` fails here."""

from __future__ import annotations

import filecmp
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CLIENT = ROOT / "clients" / "python"
COMMITTED = CLIENT / "escopa_client" / "generated"
BIN = Path(sys.executable).parent


def files(folder: Path) -> dict[str, Path]:
    return {
        str(path.relative_to(folder)): path
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_the_committed_generated_client_is_what_the_document_generates(tmp_path: Path) -> None:
    out = tmp_path / "generated"
    command = [str(BIN / "openapi-python-client"), "generate", "--meta", "none"]
    command += ["--path", str(ROOT / "openapi" / "openapi.json"), "--output-path", str(out)]
    command += ["--config", str(CLIENT / "generator.yml")]
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(
        command, capture_output=True, text=True, env=env, timeout=300, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    fresh, committed = files(out), files(COMMITTED)
    assert sorted(fresh) == sorted(committed), "run `make clients`"
    changed = [name for name in fresh if not filecmp.cmp(fresh[name], committed[name], False)]
    assert changed == [], f"run `make clients`: {changed[:5]}"
