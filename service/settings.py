"""Service settings, from the command line or the environment."""

from __future__ import annotations

import os

import msgspec


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """Everything the app needs to run; `redis_url` is required by the app itself."""

    redis_url: str = "redis://127.0.0.1:6379/0"
    game_ttl: int = 7 * 24 * 3600
    finished_ttl: int = 0
    idempotency_ttl: int = 24 * 3600
    max_body_bytes: int = 16 * 1024
    redis_timeout: float = 2.0
    commitment_ttl: int = 24 * 3600
    max_streams: int = 200
    stream_heartbeat: float = 15.0
    stream_block: float = 5.0
    redis_cluster: bool = False
    wait_replicas: int = -1
    wait_timeout_ms: int = 500

    def replicas_to_wait(self) -> int:
        """Replicas that must hold a write before it is acknowledged (-1: 1 on a cluster)."""
        if self.wait_replicas >= 0:
            return self.wait_replicas
        return 1 if self.redis_cluster else 0

    @classmethod
    def from_env(cls) -> Settings:
        """Settings from `REDIS_URL` and `ESCOPA_*` variables, defaults elsewhere."""
        env = os.environ
        default = cls()
        return cls(
            redis_url=env.get("REDIS_URL", default.redis_url),
            game_ttl=int(env.get("ESCOPA_GAME_TTL", default.game_ttl)),
            finished_ttl=int(env.get("ESCOPA_FINISHED_TTL", default.finished_ttl)),
            idempotency_ttl=int(env.get("ESCOPA_IDEMPOTENCY_TTL", default.idempotency_ttl)),
            max_body_bytes=int(env.get("ESCOPA_MAX_BODY_BYTES", default.max_body_bytes)),
            redis_timeout=float(env.get("ESCOPA_REDIS_TIMEOUT", default.redis_timeout)),
            commitment_ttl=int(env.get("ESCOPA_COMMITMENT_TTL", default.commitment_ttl)),
            max_streams=int(env.get("ESCOPA_MAX_STREAMS", default.max_streams)),
            stream_heartbeat=float(env.get("ESCOPA_STREAM_HEARTBEAT", default.stream_heartbeat)),
            stream_block=float(env.get("ESCOPA_STREAM_BLOCK", default.stream_block)),
            redis_cluster=env.get("ESCOPA_REDIS_CLUSTER", "").lower() in {"1", "true", "yes"},
            wait_replicas=int(env.get("ESCOPA_WAIT_REPLICAS", default.wait_replicas)),
            wait_timeout_ms=int(env.get("ESCOPA_WAIT_TIMEOUT_MS", default.wait_timeout_ms)),
        )
