"""The tiers' markers land on the tests that need what they name, and `make check` selects none
of those (tests/harness/tiers.py)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.harness.tiers import NEEDS

ROOT = Path(__file__).resolve().parents[1]
BROWSER = "tests/service/http/web/test_every_page.py"
ARCHIVING = "tests/service/core/archive/test_archiving.py"
CLUSTER = "tests/cluster/test_clocks.py"
CORPUS = "tests/engine/test_reference.py"
MARKED = """
import json, sys
import pytest

class Marks:
    def __init__(self):
        self.found = {}

    def pytest_collection_finish(self, session):
        items = session.items
        self.found = {item.nodeid: sorted({m.name for m in item.iter_markers()}) for item in items}

marks = Marks()
quiet = ["--collect-only", "-p", "no:randomly", *sys.argv[2:]]
pytest.main([*quiet, "-m", sys.argv[1]], plugins=[marks])
print(json.dumps(marks.found))
"""


def collected(marks: str) -> dict[str, list[str]]:
    """Each test pytest collects from the four files under `marks`, with its markers."""
    done = subprocess.run(
        [sys.executable, "-c", MARKED, marks, BROWSER, ARCHIVING, CLUSTER, CORPUS],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    found: dict[str, list[str]] = json.loads(done.stdout.splitlines()[-1])
    return {node: [mark for mark in marks if mark in NEEDS] for node, marks in found.items()}


@pytest.fixture(scope="module")
def everything() -> dict[str, list[str]]:
    return collected("")


def test_each_kind_of_need_is_marked_from_what_the_test_uses(
    everything: dict[str, list[str]],
) -> None:
    def marked(name: str) -> set[str]:
        return {node.split("::")[0] for node, marks in everything.items() if name in marks}

    assert marked("browser") == {BROWSER}
    assert marked("cluster") == {CLUSTER}
    assert marked("slow") == {CORPUS}
    postgres = [node for node, marks in everything.items() if "postgres" in marks]
    assert postgres and all(node.startswith(ARCHIVING) and "[postgres" in node for node in postgres)


def test_the_check_tier_leaves_every_marked_test_to_make_test(
    everything: dict[str, list[str]],
) -> None:
    makefile = (ROOT / "Makefile").read_text()
    quick = re.search(r"^QUICK = (.+)$", makefile, re.MULTILINE)
    assert quick is not None
    kept = collected(quick.group(1))
    assert kept and all(not marks for marks in kept.values())
    assert set(kept) == {node for node, marks in everything.items() if not marks}
