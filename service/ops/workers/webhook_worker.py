"""The webhook worker: delivers the events of games' outboxes, one game at a time per worker,
each game's in order, with retries and exponential backoff, at least once. A tournament's
events are delivered the same way, its subject `t:<id>` taken as a game's id is
(`service.store.redis_keys.hook_keys`).

`escopa serve` runs one in each process (unless `ESCOPA_WEBHOOKS=0`), and `escopa bots` runs
one beside its bot worker. Workers share the due set (`WebhookStore`): a game is taken under a
lease renewed before every attempt, so a worker that dies mid-delivery leaves the lease to
run out; another worker then delivers again what was not recorded as delivered.

Receivers are kept apart, with or without API keys: of a worker's `SLOTS`, at most
`HOST_SLOTS` deliver to one address (host names that resolve to it share it, so a wildcard
domain is one receiver) and at most `KEY_SLOTS` to the games of one API key, so receivers that
hang hold only their own share, and a host that keeps timing out gets shorter attempts.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlsplit

import msgspec
from redis.exceptions import RedisError

from service.core.webhooks.webhook_events import signature
from service.core.webhooks.webhook_messages import DeliveryState, event_type
from service.core.webhooks.webhook_targets import checked
from service.core.webhooks.webhooks import AnyEvent, Webhooks, secret_of
from service.errors import ServiceError
from service.ledger.log import now_ms
from service.ops.workers.cancellation import abandon, cancelled
from service.ops.workers.webhook_client import Attempt, WebhookClient, refusal
from service.settings import Settings
from service.store.webhook_store import DeliveryRecord, Hook

log = logging.getLogger("escopa.webhooks")
POLL_SECONDS: Final = 0.05
"""How often a worker looks for due games (one ZRANGE): the most a new event waits for it."""
RETRY_SECONDS: Final = 1.0
BATCH: Final = 100
SLOTS: Final = 16
"""Games a worker delivers at once."""
HOST_SLOTS: Final = 4
"""Of those, at most this many to one address (the one the URL's host resolved to)."""
KEY_SLOTS: Final = 8
"""And at most this many to the games of one API key (games made without one: no key share)."""
SCAN: Final = 200
"""How many due games a worker looks at: past those whose receivers have their share."""
SLOW_AFTER: Final = 2
"""Attempts in a row without an answer in time after which a host's attempts are shortened."""
KNOWN: Final = 10_000
"""How many games' receivers a worker remembers (a game's subscription never changes)."""
MAX_BACKOFF_MS: Final = 3600 * 1000
_json = msgspec.json.Encoder()


def next_record(
    kept: DeliveryRecord | None, attempt: Attempt, settings: Settings
) -> DeliveryRecord:
    """A delivery's state after one more attempt: delivered, failed once the attempts are
    spent, else pending until a backoff doubling with each attempt."""
    attempts = (kept.attempts if kept is not None else 0) + 1
    state: DeliveryState
    if attempt.delivered:
        state = "delivered"
    elif attempts >= settings.webhooks.attempts:
        state = "failed"
    else:
        state = "pending"
    wait = min(MAX_BACKOFF_MS, int(settings.webhooks.backoff * 1000 * 2 ** (attempts - 1)))
    return DeliveryRecord(
        attempts=attempts,
        state=state,
        status=attempt.status,
        error=attempt.error,
        next_ms=now_ms() + wait if state == "pending" else 0,
    )


@dataclass(frozen=True, slots=True)
class Receiver:
    """Whom a game's deliveries go to, as the worker shares its slots: the address its URL's
    host resolved to (names that resolve alike, such as a wildcard domain's, share one share;
    the host name when it did not resolve) and the API key that made the subscription (""
    none; a game without a webhook has neither)."""

    address: str
    key: str


async def receiver_of(hook: Hook | None, allow: frozenset[str], known: dict[str, str]) -> Receiver:
    """The game's receiver, its host resolved once per host name (`known`: host -> address)."""
    if hook is None:
        return Receiver("", "")
    try:
        host = (urlsplit(hook.url).hostname or "").lower()
    except ValueError:
        host = ""
    if host and host not in known:
        try:
            _, addresses = await checked(hook.url, allow)
            known[host] = str(addresses[0])
        except ServiceError:
            known[host] = host  # refused: each attempt fails at once, and says why
    return Receiver(known.get(host, host), hook.key)


def has_room(taken: list[Receiver], receiver: Receiver) -> bool:
    """Whether a slot is free for `receiver` beside the receivers `taken` hold: within the
    share of its address and, for a subscription an API key made, that key's share (games
    made without a key have their address's share only: they share no slot with strangers)."""
    if len(taken) >= SLOTS or not receiver.address:
        return len(taken) < SLOTS
    same_address = sum(1 for r in taken if r.address == receiver.address)
    same_key = sum(1 for r in taken if receiver.key and r.key == receiver.key)
    return same_address < HOST_SLOTS and same_key < KEY_SLOTS


def attempt_seconds(timeout: float, misses: int) -> float:
    """An attempt's time: `timeout`, or a quarter of it (at least a second) for a host whose
    last `SLOW_AFTER` attempts or more got no answer in time."""
    return timeout if misses < SLOW_AFTER else max(min(timeout, 1.0), timeout / 4)


class WebhookWorker:
    """Takes due games, up to `SLOTS` at once and each receiver's share of them, and delivers
    their outboxes."""

    def __init__(self, webhooks: Webhooks, settings: Settings) -> None:
        self.webhooks = webhooks
        self.store = webhooks.store
        self.settings = settings
        self.lease_ms = int((2 * settings.webhooks.timeout + 1) * 1000)
        self._taking: dict[str, asyncio.Task[None]] = {}
        self._leases: dict[str, int] = {}
        """Per game taken: its lease's end as this worker last set it (the entry's score)."""
        self._receivers: dict[str, Receiver] = {}
        """The receiver of each game seen (a subscription is fixed when its game is made)."""
        self._addresses: dict[str, str] = {}
        """The address each host name seen resolved to (for the shares)."""
        self._misses: Counter[str] = Counter()
        """Per host: its attempts in a row that got no answer in time."""
        self.stopping = False
        self.http = WebhookClient()

    async def run(self) -> None:
        """Take due games until stopped; Redis failures are logged and retried."""
        while not self.stopping:
            try:
                if len(self._taking) >= SLOTS:
                    await asyncio.wait(self._taking.values(), return_when="FIRST_COMPLETED")
                    continue
                now = now_ms()
                due = [g for g in await self.store.due(SCAN) if g not in self._taking]
                await self._learn(due)
                for game_id in due:
                    room = self._room(self._receivers[game_id])
                    lease = await self.store.claim(game_id, now, self.lease_ms) if room else None
                    if lease is not None:
                        self._leases[game_id] = lease
                        self._start(game_id)
                await asyncio.sleep(POLL_SECONDS)
            except (RedisError, ServiceError) as error:
                cancelled()
                level = logging.DEBUG if isinstance(error, RedisError) else logging.WARNING
                log.log(level, "webhook outbox unavailable: %s", type(error).__name__)
                await asyncio.sleep(RETRY_SECONDS)

    async def _learn(self, due: list[str]) -> None:
        """Know the receivers of the due games (read once per game, in one round trip)."""
        unknown = [g for g in due if g not in self._receivers]
        if len(self._receivers) + len(unknown) > KNOWN:
            self._receivers = {g: r for g, r in self._receivers.items() if g in self._taking}
        if len(self._addresses) > KNOWN:
            self._addresses.clear()
        for game_id, hook in zip(unknown, await self.store.hooks(unknown), strict=True):
            allow = self.webhooks.allow
            self._receivers[game_id] = await receiver_of(hook, allow, self._addresses)

    def _room(self, receiver: Receiver) -> bool:
        return has_room([self._receivers[g] for g in self._taking], receiver)

    def _start(self, game_id: str) -> None:
        task = asyncio.create_task(self._take(game_id))
        self._taking[game_id] = task
        task.add_done_callback(lambda _: self._end(game_id))

    def _end(self, game_id: str) -> None:
        self._taking.pop(game_id, None)
        self._leases.pop(game_id, None)

    async def _take(self, game_id: str) -> None:
        """Deliver what is due of one game, then give it up (due again when a retry is)."""
        try:
            next_ms = await self.deliver(game_id)
        except asyncio.CancelledError:
            raise
        except (RedisError, ServiceError) as error:  # Redis failing: tried again shortly
            cancelled()
            log.warning("webhook deliveries of game %s wait: %s", game_id, error)
            next_ms = now_ms() + int(RETRY_SECONDS * 1000)
        except Exception:
            cancelled()
            log.exception("webhook deliveries of game %s failed", game_id)
            next_ms = now_ms() + int(RETRY_SECONDS * 1000)
        with suppress(RedisError, ServiceError):
            await self.store.release(game_id, self._leases[game_id], next_ms)

    async def deliver(self, game_id: str) -> int | None:
        """Deliver the game's pending events in order; the time of the next retry, if one
        waits (the events after it wait too), else None."""
        hook = await self.store.hook(game_id)
        if hook is None:
            return None
        cursor, states = await self.store.states(game_id)
        items = await self.store.outbox(game_id, cursor, BATCH)
        events = await self.webhooks.due_events(game_id, [seq for _, seq in items])
        if events is None:  # the game is gone
            await self.store.drop(game_id)
            return None
        for outbox_id, seq in items:
            for event in events.get(seq, []):
                if not hook.delivers(event_type(event)):
                    continue  # not asked for: neither sent nor listed
                kept = states.get(event.id)
                if kept is not None and kept.state != "pending":
                    continue
                if kept is not None and kept.next_ms > now_ms():
                    return kept.next_ms
                attempt = await self.attempt(game_id, hook, event)
                record = next_record(kept, attempt, self.settings)
                await self.store.record(game_id, event.id, record)
                if record.state == "pending":
                    return record.next_ms
                if record.state == "failed":
                    log.warning("webhook delivery %s failed: %s", event.id, record.error)
            await self.store.advance(game_id, outbox_id)
        return None

    async def attempt(self, game_id: str, hook: Hook, event: AnyEvent) -> Attempt:
        """One signed POST of the event, to an address checked now."""
        lease = now_ms() + self.lease_ms
        await self.store.renew(game_id, lease)
        self._leases[game_id] = lease
        secret = secret_of(self.webhooks.ring, hook)
        if secret is None:
            return Attempt(None, "the subscription's signing key is no longer in the key ring")
        try:
            target, addresses = await checked(hook.url, self.webhooks.allow)
        except ServiceError as error:
            return refusal(error)
        body = _json.encode(event)
        headers = {
            "X-Escopa-Signature": signature(secret, int(time.time()), body),
            "X-Escopa-Delivery": event.id,
            "X-Escopa-Event": event_type(event),
        }
        timeout = attempt_seconds(self.settings.webhooks.timeout, self._misses[target.host])
        attempt = await self.http.post(target, addresses[0], body, headers, timeout)
        if attempt.timed_out:
            if len(self._misses) >= KNOWN:
                self._misses.clear()
            self._misses[target.host] += 1
        else:
            self._misses.pop(target.host, None)
        return attempt

    async def stop(self) -> None:
        """Abandon the deliveries in flight: their games' leases run out, and they are redone."""
        await abandon(self._taking.values())
        await self.http.aclose()


@asynccontextmanager
async def delivering(worker: WebhookWorker) -> AsyncIterator[None]:
    """`worker` delivering in a task of its own while the block runs; stopped after it."""
    task = asyncio.create_task(worker.run(), name="webhook-worker")
    try:
        yield
    finally:
        worker.stopping = True
        task.cancel()
        await asyncio.wait({task}, timeout=2.0)
        await worker.stop()
