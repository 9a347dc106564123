"""Webhook receivers kept apart, with or without API keys: receivers that hang hold only
their address's and their API key's share of the worker's slots, so a fast receiver's first
delivery comes within one attempt's time however many games' receivers hang; a host that keeps
timing out gets shorter attempts. The app and its worker over the real Redis, real receivers
on loopback addresses."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import ExitStack, asynccontextmanager, contextmanager
from typing import Any

from litestar.testing import AsyncTestClient

from service.app import create_app
from service.core.games.due_work import FIRST_DELIVERY_MS
from service.ops.workers.webhook_worker import HOST_SLOTS, KEY_SLOTS, has_room
from service.ops.workers.webhook_worker import Receiver as Share
from service.settings import secret_hash
from tests.harness.api import ok
from tests.harness.webhook_receiver import Receiver, receiving
from tests.service.ops.workers.test_webhook_deliveries import hook_settings, wait_for

ATTEMPT = 2.0
"""Each attempt's time (`webhooks.timeout`)."""
HANGING = 64
FAST_HOST = "127.0.0.2"
KEYS = ("slow-key", "fast-key")


@asynccontextmanager
async def app(redis_url: str, hosts: list[str], keyless: bool = False) -> AsyncIterator[Any]:
    """The app, its webhook worker on, allowed to deliver to `hosts`, with two API keys
    (none when `keyless`)."""
    hashes = () if keyless else tuple(secret_hash(k) for k in KEYS)
    settings = hook_settings(
        redis_url, allow=(FAST_HOST, *hosts), timeout=ATTEMPT, attempts=8, api_hashes=hashes
    )
    async with AsyncTestClient(app=create_app(settings)) as client:
        yield client


@contextmanager
def hanging(hosts: list[str]) -> Iterator[list[Receiver]]:
    """A receiver on each host that never answers in time."""
    with ExitStack() as stack:
        yield [stack.enter_context(receiving(hang=30.0, hang_all=True, host=h)) for h in hosts]


async def hooked(client: Any, url: str, key: str | None) -> str:
    body = {"players": ["Ana", "Bia"], "webhook": {"url": url}}
    headers = {"X-API-Key": key} if key else {}
    created = ok(await client.post("/v1/games", json=body, headers=headers), 201)
    return str(created["game_id"])


async def held(receivers: list[Receiver], count: int) -> None:
    """Wait until the hanging receivers have had `count` attempts."""
    for _ in range(500):
        if sum(len(r.received) for r in receivers) >= count:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the worker never reached the hanging receivers")


async def first_delivery(client: Any, key: str | None) -> float:
    """Seconds from when a new game's first delivery is due (`FIRST_DELIVERY_MS` after its
    creation) to its arrival at a fast receiver."""
    with receiving(host=FAST_HOST) as fast:
        await hooked(client, fast.url, key)
        due = time.time() + FIRST_DELIVERY_MS / 1000
        (first, *_) = await wait_for(fast, 1)
        return first.at - due


async def test_a_fast_receivers_first_delivery_comes_within_one_attempt_while_64_games_hang(
    redis_url: str,
) -> None:
    hosts = ["127.0.0.1"] * 8  # eight hanging receivers on one host
    async with app(redis_url, hosts[:1]) as client:
        with hanging(hosts) as slow:
            for at in range(HANGING):
                await hooked(client, slow[at % len(slow)].url, KEYS[0])
            await held(slow, HOST_SLOTS)

            lag = await first_delivery(client, KEYS[0])  # the same API key, another host

            assert lag < ATTEMPT, f"the fast receiver waited {lag:.2f} s"


async def test_hanging_receivers_on_many_hosts_hold_only_their_api_keys_share(
    redis_url: str,
) -> None:
    hosts = [f"127.0.1.{n}" for n in range(1, 9)]  # 8 hosts x their share: more than all slots
    async with app(redis_url, hosts) as client:
        with hanging(hosts) as slow:
            for at in range(HANGING):
                await hooked(client, slow[at % len(slow)].url, KEYS[0])
            await held(slow, KEY_SLOTS)

            lag = await first_delivery(client, KEYS[1])

            assert lag < ATTEMPT, f"the other key's receiver waited {lag:.2f} s"


async def test_a_host_that_keeps_timing_out_gets_shorter_attempts(redis_url: str) -> None:
    async with app(redis_url, ["127.0.0.1"]) as client:
        with hanging(["127.0.0.1"]) as [slow]:
            await hooked(client, slow.url, KEYS[0])
            await held([slow], 4)

            times = [r.at for r in slow.received[:4]]
            gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
            assert ATTEMPT <= gaps[0] < ATTEMPT + 1 and ATTEMPT <= gaps[1] < ATTEMPT + 1, gaps
            assert 1.0 <= gaps[2] < ATTEMPT, f"the third miss in a row is cut short: {gaps}"


async def test_without_api_keys_hanging_receivers_on_two_hosts_hold_only_their_own_shares(
    redis_url: str,
) -> None:
    hosts = ["127.0.1.1", "127.0.1.2"]
    async with app(redis_url, hosts, keyless=True) as client:
        with hanging(hosts) as slow:
            for at in range(HANGING):
                await hooked(client, slow[at % len(slow)].url, None)
            await held(slow, 2 * HOST_SLOTS)

            lag = await first_delivery(client, None)

            assert lag < ATTEMPT, f"the third host's receiver waited {lag:.2f} s"


def test_host_names_that_resolve_to_one_address_share_its_slots() -> None:
    hung = [Share("203.0.113.7", "") for _ in range(HOST_SLOTS)]  # a.evil..., b.evil...
    assert not has_room(hung, Share("203.0.113.7", ""))
    assert has_room(hung, Share("198.51.100.1", ""))
    assert not has_room([*hung, *hung, *hung, *hung], Share("198.51.100.1", "")), "all taken"


def test_keyless_games_share_no_slot_with_strangers_but_a_key_shares_its_own() -> None:
    strangers = [Share(f"203.0.113.{n}", "") for n in range(KEY_SLOTS)]
    assert has_room(strangers, Share("198.51.100.1", ""))
    keyed = [Share(f"203.0.113.{n}", "k1") for n in range(KEY_SLOTS)]
    assert not has_room(keyed, Share("198.51.100.1", "k1"))
    assert has_room(keyed, Share("198.51.100.1", "k2"))
