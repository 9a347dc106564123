"""The Redis gateway every store goes through: quick commands in pipelines (through the shared
multiplexed connection when there is one), and write scripts acknowledged as the settings ask
(`WAIT` for replicas, `WAITAOF` for the append-only file), with the errors that say a write may
not have held."""

from __future__ import annotations

from typing import Any, Final, cast

from redis.asyncio.cluster import RedisCluster
from redis.exceptions import NoScriptError, ResponseError

from service.errors import ServiceError
from service.store.cluster_multiplex import ClusterMultiplexed
from service.store.health import Dependency
from service.store.multiplex import Arg, Multiplexed
from service.store.scripts import Script
from service.store.writes import (
    UNREACHABLE,
    Borrowing,
    Client,
    OutcomeUnknown,
    Writes,
    reaching_redis,
)

RETRY_WITH_KEY: Final = "retry with the same Idempotency-Key"


def not_replicated(acknowledged: int, wanted: int, advice: str = RETRY_WITH_KEY) -> ServiceError:
    """A write that too few replicas confirmed in time: it may or may not survive a failover."""
    return ServiceError(
        "store/not_replicated",
        503,
        "the write reached {acknowledged} of {wanted} replicas in time; {advice}",
        {"Retry-After": "1"},
        acknowledged=acknowledged,
        wanted=wanted,
        advice=advice,
    )


def not_durable(why: str, advice: str = RETRY_WITH_KEY, **params: Any) -> ServiceError:
    """A write that Redis did not confirm was fsynced to its append-only file in time (or
    could not: `WAITAOF` refused): it may or may not survive a restart."""
    return ServiceError(
        "store/not_durable", 503, why + "; {advice}", {"Retry-After": "1"}, advice=advice, **params
    )


class NotDurable(RuntimeError):
    """Redis cannot confirm writes on disk as `ESCOPA_WAIT_AOF` asks (found at start)."""


def outcome_unknown(advice: str) -> ServiceError:
    """A write whose connection broke before its answer came: it may or may not have happened."""
    return ServiceError(
        "store/not_replicated",
        503,
        "the connection to the game's Redis broke before the write was confirmed; {advice}",
        {"Retry-After": "1"},
        advice=advice,
    )


class RedisGateway:
    """One Redis (or Redis Cluster) client's commands: pipelines, scripts run by their SHA-1 and
    acknowledged writes; every store wraps it."""

    def __init__(
        self,
        client: Client,
        wait_replicas: int = 0,
        wait_timeout_ms: int = 500,
        fast: Multiplexed | ClusterMultiplexed | None = None,
        timeout: float = 2.0,
        wait_aof: bool = False,
        connections: int = 100,
    ) -> None:
        self.client = client
        self.wait_replicas = wait_replicas
        self.wait_timeout_ms = wait_timeout_ms
        self.wait_aof = wait_aof
        self.fast = fast
        self.borrowing = Borrowing(connections, timeout)
        self.writes = Writes(client, timeout, self.borrowing)
        self.health = Dependency("redis")
        """Whether Redis answered this process's last call (logged when that changes)."""

    async def ping(self) -> None:
        """Ask Redis whether it answers (raises when it does not)."""
        await self.pipeline([("PING",)])

    async def pipeline(self, commands: list[tuple[Arg, ...]]) -> list[Any]:
        """Quick commands sent together (through `fast` when there is one), their replies."""
        with reaching_redis(self.health):
            if self.fast is not None:
                return await self.fast.pipeline(commands)
            async with self.borrowing.turn():
                if len(commands) == 1:
                    return [await self.client.execute_command(*commands[0])]
                pipe = self._pipeline()
                for command in commands:
                    pipe.execute_command(*command)
                return cast("list[Any]", await pipe.execute())

    async def write(
        self, script: Script, keys_: list[str], args: list[Any], advice: str = RETRY_WITH_KEY
    ) -> Any:
        """Run a write script by its SHA-1 (by its source when Redis does not know it yet);
        acknowledged as `wait_replicas` and `wait_aof` ask. The one place that runs scripts."""
        for command, body in (("EVALSHA", script.sha), ("EVAL", script.source)):
            call = (command, body, len(keys_), *keys_, *args)
            try:
                result = await self._acknowledged(call, keys_[0], advice)
            except NoScriptError:
                continue
            except UNREACHABLE as error:
                self.health.failed(error)
                raise
            self.health.answered()
            return result
        raise AssertionError("EVAL cannot answer NOSCRIPT")  # pragma: no cover

    async def _acknowledged(self, call: tuple[Arg, ...], key: str, advice: str) -> Any:
        """A write's reply; with `wait_replicas`, only once that many replicas hold it; with
        `wait_aof`, only once it is also fsynced to the append-only file (`WAITAOF`).

        The write and its WAIT are sent once, together, on one connection to the key's master
        (`Writes`): any failure between sending and WAIT's answer leaves the outcome unknown.
        """
        if not (self.wait_replicas or self.wait_aof) and self.fast is not None:
            with reaching_redis():
                [result] = await self.fast.pipeline([call])
            return result
        commands = [call]
        if self.wait_aof:
            commands.append(("WAITAOF", 1, self.wait_replicas, self.wait_timeout_ms))
        elif self.wait_replicas:
            commands.append(("WAIT", self.wait_replicas, self.wait_timeout_ms))
        try:
            replies = await self.writes.send(key, commands, self.wait_timeout_ms / 1000)
        except OutcomeUnknown:
            raise outcome_unknown(advice) from None
        result = replies[0]
        if isinstance(result, NoScriptError):
            raise result
        if isinstance(result, ResponseError):  # refused (moved, read-only, out of memory...)
            raise outcome_unknown(advice) from result
        if self.wait_aof:
            self._check_durable(replies[1], advice)
        elif self.wait_replicas:
            acknowledged = replies[1]
            if isinstance(acknowledged, ResponseError) or int(acknowledged) < self.wait_replicas:
                count = 0 if isinstance(acknowledged, ResponseError) else int(acknowledged)
                raise not_replicated(count, self.wait_replicas, advice)
        return result

    def _check_durable(self, reply: Any, advice: str) -> None:
        """Raise unless `WAITAOF`'s reply confirms the local fsync and enough replicas'."""
        if isinstance(reply, ResponseError):
            why = "Redis refused WAITAOF ({reply}): the write is not on disk"
            raise not_durable(why, advice, reply=str(reply))
        local, replicas = (int(count) for count in reply)
        if local < 1:
            why = "the write was not fsynced to the append-only file within {ms} ms"
            raise not_durable(why, advice, ms=self.wait_timeout_ms)
        if replicas < self.wait_replicas:
            raise not_replicated(replicas, self.wait_replicas, advice)

    async def check_durable(self) -> None:
        """With `wait_aof`, make sure Redis can answer `WAITAOF` (7.2 or later, append-only
        file on), so a misconfigured service refuses to start rather than every write."""
        if not self.wait_aof:
            return
        try:
            with reaching_redis():
                if isinstance(self.client, RedisCluster):  # every master, where games live
                    every = {"target_nodes": RedisCluster.PRIMARIES}
                    await self.client.execute_command("WAITAOF", 1, 0, 1, **every)
                else:
                    await self.client.execute_command("WAITAOF", 1, 0, 1)  # type: ignore[no-untyped-call]
        except ResponseError as refused:
            raise NotDurable(
                f"ESCOPA_WAIT_AOF=1 needs Redis 7.2 or later with appendonly yes: {refused}"
            ) from refused

    def _pipeline(self) -> Any:
        if isinstance(self.client, RedisCluster):
            return self.client.pipeline()
        return self.client.pipeline(transaction=False)
