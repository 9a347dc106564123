"""The order in which a parallel run hands out its test files: the longest first, then by
number of tests, each group in the run's random order.

With `--dist loadfile` a worker runs a whole file, so a long file handed out last runs alone at
the end while the other workers idle; pytest-xdist's own order (`--loadscope-reorder`, by count
of tests) put the newcomer's clean clone, four tests and three minutes, among the last. The
Makefile and `tests/repeat.py` pass `--no-loadscope-reorder`, so xdist keeps this order.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

import pytest

LONGEST: Final = (
    "tests/e2e/test_first_ten_minutes.py",
    "tests/e2e/test_fuzz.py",
    "tests/bench/test_scripts.py",
    "tests/cluster/test_failover.py",
    "tests/clients/typescript/test_typescript_client.py",
)
"""The files that take longest (`.venv/bin/python -m pytest -n 0 -p tests.cpu_by_file`), the
longest first."""


def file_of(item: pytest.Item) -> str:
    return item.nodeid.split("::", 1)[0]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """After pytest-randomly's shuffle: the longest files first, then the others by their
    count of tests (most first); a stable sort keeps the shuffle within each."""
    counts = Counter(file_of(item) for item in items)
    rank = {path: at for at, path in enumerate(LONGEST)}

    def order(item: pytest.Item) -> tuple[int, int]:
        path = file_of(item)
        return rank.get(path, len(rank)), -counts[path]

    items.sort(key=order)
