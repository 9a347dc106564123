"""The webhook worker: delivers the events of games' outboxes, one game at a time per worker,
each game's in order, with retries and exponential backoff, at least once.

`escopa serve` runs one in each process (unless `ESCOPA_WEBHOOKS=0`), and `escopa bots` runs
one beside its bot worker. Workers share the due set (`WebhookStore`): a game is taken under a
lease renewed before every attempt, so a worker that dies mid-delivery leaves the lease to
run out; another worker then delivers again what was not recorded as delivered.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import Final

import msgspec
from redis.asyncio import Redis
from redis.exceptions import RedisError

from service.core.games import Games
from service.core.webhook_events import signature
from service.core.webhook_messages import DeliveryState, WebhookEvent
from service.core.webhook_targets import checked
from service.core.webhooks import Webhooks, secret_of
from service.errors import ServiceError
from service.ledger.compact import now_ms
from service.ops.bot_worker import cancelled
from service.ops.webhook_client import Attempt, WebhookClient, refusal
from service.settings import Settings
from service.store.game_store import GameStore
from service.store.key_file import key_ring
from service.store.webhook_store import DeliveryRecord, Hook

log = logging.getLogger("escopa.webhooks")
POLL_SECONDS: Final = 0.05
"""How often a worker looks for due games (one ZRANGE): the most a new event waits for it."""
RETRY_SECONDS: Final = 1.0
BATCH: Final = 100
SLOTS: Final = 16
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
    elif attempts >= settings.webhook_attempts:
        state = "failed"
    else:
        state = "pending"
    wait = min(MAX_BACKOFF_MS, int(settings.webhook_backoff * 1000 * 2 ** (attempts - 1)))
    return DeliveryRecord(
        attempts=attempts,
        state=state,
        status=attempt.status,
        error=attempt.error,
        next_ms=now_ms() + wait if state == "pending" else 0,
    )


class WebhookWorker:
    """Takes due games, up to `SLOTS` at once, and delivers their outboxes."""

    def __init__(self, webhooks: Webhooks, settings: Settings) -> None:
        self.webhooks = webhooks
        self.store = webhooks.store
        self.settings = settings
        self.lease_ms = int((2 * settings.webhook_timeout + 1) * 1000)
        self._taking: dict[str, asyncio.Task[None]] = {}
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
                for game_id in await self.store.due(now, SLOTS):
                    free = len(self._taking) < SLOTS and game_id not in self._taking
                    if free and await self.store.claim(game_id, now, self.lease_ms):
                        self._start(game_id)
                await asyncio.sleep(POLL_SECONDS)
            except (RedisError, ServiceError) as error:
                cancelled()
                log.warning("webhook outbox unavailable: %s", type(error).__name__)
                await asyncio.sleep(RETRY_SECONDS)

    def _start(self, game_id: str) -> None:
        task = asyncio.create_task(self._take(game_id))
        self._taking[game_id] = task
        task.add_done_callback(lambda _: self._taking.pop(game_id, None))

    async def _take(self, game_id: str) -> None:
        """Deliver what is due of one game, then give it up (due again when a retry is)."""
        try:
            next_ms = await self.deliver(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            cancelled()
            log.exception("webhook deliveries of game %s failed", game_id)
            next_ms = now_ms() + int(RETRY_SECONDS * 1000)
        with suppress(RedisError, ServiceError):
            await self.store.release(game_id, next_ms)

    async def deliver(self, game_id: str) -> int | None:
        """Deliver the game's pending events in order; the time of the next retry, if one
        waits (the events after it wait too), else None."""
        try:
            game = await self.webhooks.games.load(game_id)
        except ServiceError as error:
            if error.status in (404, 410):
                await self.store.drop(game_id)
                return None
            raise
        hook = await self.store.hook(game_id)
        if hook is None:
            return None
        cursor, states = await self.store.states(game_id)
        items = await self.store.outbox(game_id, cursor, BATCH)
        events = await self.webhooks.events(game_id, game, [seq for _, seq in items])
        for outbox_id, seq in items:
            for event in events.get(seq, []):
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

    async def attempt(self, game_id: str, hook: Hook, event: WebhookEvent) -> Attempt:
        """One signed POST of the event, to an address checked now."""
        await self.store.renew(game_id, now_ms() + self.lease_ms)
        secret = secret_of(self.webhooks.games.ring, hook)
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
            "X-Escopa-Event": str(type(event).__struct_config__.tag),
        }
        timeout = self.settings.webhook_timeout
        return await self.http.post(target, addresses[0], body, headers, timeout)

    async def stop(self) -> None:
        """Abandon the deliveries in flight: their games' leases run out, and they are redone."""
        for task in list(self._taking.values()):
            task.cancel()
        for task in list(self._taking.values()):
            with suppress(asyncio.CancelledError):
                await task
        await self.http.aclose()


async def run_webhooks(worker: WebhookWorker) -> None:
    try:
        await worker.run()
    finally:
        await worker.stop()


async def end_webhooks(worker: WebhookWorker, task: asyncio.Task[None]) -> None:
    worker.stopping = True
    task.cancel()
    await asyncio.wait({task}, timeout=2.0)


async def work_alone(settings: Settings) -> None:
    """The webhook worker of `escopa bots`, with its own store, until the process is stopped."""
    ring = key_ring(settings)
    client = Redis.from_url(settings.redis_url, socket_timeout=settings.redis_timeout, protocol=3)
    store = GameStore(client, settings.replicas_to_wait(), settings.wait_timeout_ms)
    worker = WebhookWorker(Webhooks(Games(store, settings, ring)), settings)
    try:
        await run_webhooks(worker)
    finally:
        await client.aclose()


@asynccontextmanager
async def webhook_lifespan(games: Games, settings: Settings) -> AsyncIterator[None]:
    """This process's webhook worker while the app runs (unless `settings.webhooks` is off,
    or on a Redis Cluster, where games have no webhooks)."""
    if not settings.webhooks or not games.store.bot_queue:
        yield
        return
    worker = WebhookWorker(Webhooks(games), settings)
    task = asyncio.create_task(run_webhooks(worker), name="webhook-worker")
    try:
        yield
    finally:
        await end_webhooks(worker, task)
