"""Whether this process's dependencies answer: Redis, and the archive where it has one (the
archive degrades a process, it never takes it out of rotation)."""

from __future__ import annotations

from typing import Literal

from msgspec import UNSET, UnsetType

from service.core.house import House
from service.store.archive.watched import Watched

ArchiveState = Literal["ok", "degraded"] | UnsetType


async def redis_answers(house: House) -> bool:
    """Whether Redis answers a ping now."""
    try:
        await house.gateway.ping()
    except Exception:
        return False
    return True


async def archive_state(house: House) -> ArchiveState:
    """The archive's readiness now: `ok` when it answers, `degraded` when not (unset: none)."""
    archive = house.games.archive
    if archive is None:
        return UNSET
    try:
        await archive.ping()
    except Exception:
        return "degraded"
    return "ok"


def last_known(house: House) -> dict[str, bool]:
    """Each dependency's state as this process last found it, without asking it again."""
    found = {"redis": house.gateway.health.up}
    archive = house.games.archive
    if isinstance(archive, Watched):
        found["archive"] = archive.health.up
    return found
