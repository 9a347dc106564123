"""The markers that say what a test needs beyond Python and a Redis (docs/testing.md), given at
collection from what the test uses: `make check` leaves them all to `make test`.

- `browser`: a headless Chromium (a module that uses `tests.harness.browser`);
- `cluster`: a local Redis Cluster (`tests.harness.cluster`, or under `tests/cluster`);
- `clone`: a clean clone of the repository (the `clone` fixture);
- `subprocess`: processes of its own (under `tests/e2e`, `tests/faults`, `tests/deploy`, or a
  module that uses `subprocess`, `tests.harness.processes` or `tests.harness.audits`);
- `postgres`: a PostgreSQL server (the `postgres_url` fixture, or `archive_url`'s PostgreSQL);
- `slow`: marked by hand, a test that computes for seconds (reference corpora, strength).
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

NEEDS = {
    "browser": "a headless Chromium",
    "cluster": "a local Redis Cluster",
    "clone": "a clean clone of the repository",
    "subprocess": "escopa processes of its own",
    "postgres": "a PostgreSQL server",
    "slow": "seconds of computing (reference corpora, strength)",
}
PROCESS_FOLDERS = ("e2e", "faults", "deploy")
PROCESS_HARNESS = ("processes", "audits")


def uses(module: ModuleType | None, harness: str) -> bool:
    """Whether the test module holds anything of `tests.harness.<harness>`."""
    name = f"tests.harness.{harness}"
    held = vars(module).values() if module is not None else ()
    return any(getattr(value, "__module__", None) == name for value in held)


def needs(item: pytest.Item) -> set[str]:
    """What the test needs beyond Python and the session's Redis."""
    path = Path(str(item.path)).parts
    fixtures = set(getattr(item, "fixturenames", ()))
    module = getattr(item, "module", None)
    found = set()
    if uses(module, "browser"):
        found.add("browser")
    if uses(module, "cluster") or "cluster" in path:
        found.add("cluster")
    if "clone" in fixtures:
        found.add("clone")
    starts = "subprocess" in vars(module) if module is not None else False
    if starts or any(folder in path for folder in PROCESS_FOLDERS):
        found.add("subprocess")
    if any(uses(module, harness) for harness in PROCESS_HARNESS):
        found.add("subprocess")
    callspec = getattr(item, "callspec", None)
    params = callspec.params if callspec is not None else {}
    if "postgres_url" in fixtures or params.get("archive_url") == "postgres":
        found.add("postgres")
    return found


def pytest_configure(config: pytest.Config) -> None:
    for marker, what in NEEDS.items():
        config.addinivalue_line("markers", f"{marker}: the test needs {what}")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for marker in needs(item):
            item.add_marker(marker)
