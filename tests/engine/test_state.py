"""The state's canonical JSON: threads hashing at once, each with its own kept parts."""

from __future__ import annotations

import hashlib
import random
import sys
import threading
from collections.abc import Iterator

import msgspec
import pytest

from engine import State, canonical_json, make_rules, start, state_hash
from engine.state import EncodedParts
from tests.engine.helpers import random_playout


@pytest.fixture
def eager_thread_switches() -> Iterator[None]:
    """Switch threads as often as the interpreter allows, to make races show."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


@pytest.mark.usefixtures("eager_thread_switches")
def test_threads_hashing_states_at_once_each_with_its_own_parts_get_the_plain_hashes() -> None:
    first, _ = start(make_rules("escopa", {"target": 21}), "threads")
    states = [first, *(step[2] for step in random_playout(first, random.Random(5)))]
    expected = [hashlib.sha256(canonical_json(s)).hexdigest() for s in states]
    copies = msgspec.msgpack.Decoder(State)
    failures: list[BaseException] = []

    def hash_all() -> None:
        parts = EncodedParts(kept=8)  # constant eviction
        try:
            for _ in range(3):
                fresh = [copies.decode(msgspec.msgpack.encode(s)) for s in states]
                assert [state_hash(s, parts) for s in fresh] == expected
        except BaseException as error:  # reported below, in the test's thread
            failures.append(error)

    threads = [threading.Thread(target=hash_all) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
