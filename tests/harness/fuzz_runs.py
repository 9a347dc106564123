"""The live contract fuzzing's schemathesis run (docs/fuzzing.md), as `tests/e2e/test_fuzz.py`
and `bench/fuzz_coverage.py` both run it: the committed document, every check and phase, the
settings of `schemathesis.toml` and the hooks of `tests/harness/fuzz_hooks.py`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "openapi" / "openapi.json"
HOOKS = "tests.harness.fuzz_hooks"
SERVER_ENV = {
    "ESCOPA_CREATE_RATE_LIMIT": "0",
    "ESCOPA_HINT_RATE_LIMIT": "0",
    "ESCOPA_REPLAY_RATE_LIMIT": "0",
    "ESCOPA_WEBHOOK_ALLOW": "127.0.0.1",
}
"""The fuzzed server's settings: the fuzzer creates a game in most scenarios, far beyond one
address's creation limit, and asks for hints beyond its hint limit (then a hint without a token
is answered 429 before its 401, which schemathesis' authentication check counts as a failure),
and replays beyond its replay limit; its webhooks go to the hooks' `FUZZ_WEBHOOK` on 127.0.0.1."""


def run_schemathesis(
    base: str, reports: Path, seed: str | None = None, document: str = str(DOCUMENT), **env: str
) -> subprocess.CompletedProcess[str]:
    """The committed configuration's run against `base`, every phase and check, with its JSON
    and HAR reports and its event stream in `reports` (another seed than the configuration's
    when `seed` is given; the document read from `document`, a file or a URL; `env` added to the
    hooks' environment)."""
    reports.mkdir(parents=True, exist_ok=True)
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "schemathesis.cli",
            "run",
            document,
            "--url",
            base,
            *(["--seed", seed] if seed is not None else []),
            "--checks",
            "all",
            "--phases",
            "examples,coverage,fuzzing,stateful",
            "--report",
            "json,har,ndjson",
            "--report-json-path",
            str(reports / "report.json"),
            "--report-har-path",
            str(reports / "report.har"),
            "--report-ndjson-path",
            str(reports / "events.ndjson"),
            "--no-color",
        ],
        cwd=ROOT,
        env={**os.environ, "SCHEMATHESIS_HOOKS": HOOKS, **env},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
