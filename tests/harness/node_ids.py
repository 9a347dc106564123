"""A run stops when two collected tests share one node id: pytest-xdist schedules tests by
node id, so it would run only the first of them and count the run as passed.

pytest 9.2 names every test that schemathesis' `parametrize` (on a loaded schema) makes after
the test function alone: 36 operations had one id, and parallel runs checked one of them.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest


def pytest_collection_finish(session: pytest.Session) -> None:
    """A serial run's check (a parallel run's workers leave it to the controller)."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        refuse_shared(item.nodeid for item in session.items)


def pytest_xdist_node_collection_finished(node: Any, ids: list[str]) -> None:
    """A parallel run's check, of what a worker collected."""
    refuse_shared(ids)


def refuse_shared(nodeids: Iterable[str]) -> None:
    """Stop the run, naming each node id that more than one collected test has."""
    counts = Counter(nodeids)
    shared = sorted(nodeid for nodeid, count in counts.items() if count > 1)
    if shared:
        listed = "\n".join(f"  {nodeid} ({counts[nodeid]} tests)" for nodeid in shared)
        message = f"tests share a node id, so a parallel run would run one of each:\n{listed}"
        pytest.exit(message, returncode=pytest.ExitCode.USAGE_ERROR)
