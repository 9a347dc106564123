"""Opening the Redis gateway from the settings: a Redis or Redis Cluster client with bounded
timeouts, and the shared multiplexed connection (one per master on a cluster) for quick
commands."""

from __future__ import annotations

import asyncio
import logging

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisClusterException, RedisError

from service.settings import RedisSettings
from service.store.cluster_multiplex import ClusterMultiplexed
from service.store.multiplex import Multiplexed
from service.store.redis_gateway import RedisGateway
from service.store.writes import Client

log = logging.getLogger("escopa")


def connect(redis: RedisSettings) -> Client:
    """A Redis (or Redis Cluster) client with bounded timeouts: unreachable fails fast, 503."""
    # The store lets `redis.connections` calls borrow at once; the pools' caps (redis-py refuses
    # a call beyond them) leave room for the client's own calls, such as learning the slots.
    cap = 2 * redis.connections
    if redis.cluster:
        return RedisCluster.from_url(
            redis.url,
            socket_timeout=redis.timeout,
            socket_connect_timeout=redis.timeout,
            protocol=3,
            max_connections=cap,
        )
    # A pooled connection that Redis closed (it restarted) fails on its first use: one
    # immediate retry on a new connection. A timeout is not retried; a commit run twice would
    # find its version taken, so no move is ever applied twice.
    return Redis.from_url(
        redis.url,
        socket_timeout=redis.timeout,
        socket_connect_timeout=redis.timeout,
        health_check_interval=30,
        protocol=3,
        retry=Retry(NoBackoff(), 1, supported_errors=(RedisConnectionError,)),
        max_connections=cap,
    )


def multiplexed(redis: RedisSettings, client: Client) -> Multiplexed | ClusterMultiplexed | None:
    """The shared pipelined connection for quick commands over TCP (on a cluster, one per
    master, routed by the client's slot map)."""
    if not redis.multiplex or not redis.url.startswith("redis://"):
        return None
    if isinstance(client, RedisCluster):
        return ClusterMultiplexed(client, redis.url, redis.timeout)
    return Multiplexed(redis.url, redis.timeout)


async def open_store(redis: RedisSettings) -> RedisGateway:
    """The Redis gateway the settings name, ready for use (`close_store` closes it); a Redis
    that cannot make writes as durable as the settings ask refuses to open (`NotDurable`)."""
    client = connect(redis)
    if isinstance(client, RedisCluster):
        await client.initialize()  # the async cluster client learns the slots lazily
    gateway = RedisGateway(
        client,
        redis.replicas_to_wait(),
        redis.wait_timeout_ms,
        multiplexed(redis, client),
        redis.timeout,
        redis.wait_aof,
        redis.connections,
    )
    try:
        await gateway.check_durable()
    except BaseException:
        await close_store(gateway)
        raise
    return gateway


async def open_store_waiting(redis: RedisSettings, pause: float = 1.0) -> RedisGateway:
    """`open_store` for a worker alone (`escopa bots`), once Redis answers: a Redis down or
    unreachable as it starts is waited for, `pause` seconds between tries, rather than ending
    the process."""
    while True:
        try:
            return await answering(await open_store(redis))
        except (RedisError, RedisClusterException, OSError) as error:
            log.warning("redis unreachable, trying again in %.0f s: %s", pause, error)
            await asyncio.sleep(pause)


async def answering(gateway: RedisGateway) -> RedisGateway:
    """The gateway once Redis answered a PING (closed if it did not)."""
    try:
        await gateway.pipeline([("PING",)])
    except BaseException:
        await close_store(gateway)
        raise
    return gateway


async def close_store(gateway: RedisGateway) -> None:
    """Close the gateway's connections."""
    if gateway.fast is not None:
        await gateway.fast.aclose()
    await gateway.client.aclose()
