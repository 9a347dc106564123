"""The TypeScript client's own tests (`node --test`), run here so that `make test` runs them.

They start `escopa serve` themselves (its own Redis, on a free port) and play whole matches
through the client: each preset, a partnership with signals, a bot seat, a 409 recovered from,
a cut events stream resumed, one followed across a restart of the server, a tournament's
entrants each played in one call. Each node test is
one case below, so a failure names it.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CLIENT = ROOT / "clients" / "typescript"
NODE_TESTS = (
    "the generated types match openapi/openapi.json (make clients regenerates them)",
    "a whole escopa match is played to its end by two tables following the events",
    "a whole escoba match is played to its end by two tables following the events",
    "a whole escova match is played to its end by two tables following the events",
    "a 4-player partnership match with signals is played to its end, "
    "the signal seen by the partner only",
    "a match against a greedy bot seat is played to its end by one table",
    "with auto_deal off, three tables deal each hand themselves, the deals they race for recovered",
    "creating a game needs the API key, which the client sends as X-API-Key",
    "a move refused with 409 game/version_conflict is decided again after re-reading the game",
    "an events stream cut mid-game resumes with Last-Event-ID, every entry once and in order",
    "Last-Event-ID alone resumes the server's stream after that entry",
    "following the events goes on across a restart of the server, every entry once and in order",
    "a stream split at every character gives the same messages as the whole",
    "comments, retry advice and a message with no data are no messages",
    "an unfinished message waits for its blank line",
    "every entry type of the log reads as an event, a timeout's too",
    "two people and two bots play a tournament to its end, each entrant in one call",
    "an entrant with a bye waits for the next round and plays on",
    "a token that is no entrant's is refused with 401",
)


def build() -> None:
    """Compile the client and its tests with the project's `tsc` (strict)."""
    tsc = ROOT / "node_modules" / ".bin" / "tsc"
    assert tsc.exists(), "run `make install` (npm ci)"
    done = subprocess.run(
        [str(tsc), "--project", str(CLIENT / "tsconfig.json")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


class Results(dict[str, bool]):
    """Each node test's name and whether it passed; `said`: the reporter's whole output."""

    said = ""

    def why(self, name: str) -> str:
        """The reporter's lines about a test: its diagnostics (error, stack) when it failed."""
        start = self.said.find(f" - {name}\n")
        return self.said[start : start + 4000] if start >= 0 else self.said[-4000:]


@pytest.fixture(scope="module")
def results(built: None) -> Results:
    """Each node test's name and whether it passed, from one run of the TAP reporter."""
    files = sorted(str(path) for path in (CLIENT / "dist" / "test").glob("*.test.js"))
    command = ["node", "--test", "--test-reporter=tap", "--test-concurrency=1", *files]
    done = subprocess.run(
        command, cwd=CLIENT, capture_output=True, text=True, timeout=900, check=False
    )
    outcomes = Results(
        (match["name"], match["not"] is None)
        for match in re.finditer(r"^(?P<not>not )?ok \d+ - (?P<name>.+)$", done.stdout, re.M)
    )
    outcomes.said = done.stdout + done.stderr
    assert outcomes, done.stdout + done.stderr
    failed = [name for name, ok in outcomes.items() if not ok]
    assert done.returncode == 0 or failed, done.stdout + done.stderr
    return outcomes


def test_the_node_suite_is_exactly_the_cases_listed_here(results: Results) -> None:
    tests = {name for name in results if not name.endswith(".js")}
    assert tests == set(NODE_TESTS)


@pytest.mark.parametrize("name", NODE_TESTS)
def test_typescript_client(results: Results, name: str) -> None:
    assert results.get(name) is True, f"node test failed or missing: {name}\n{results.why(name)}"
