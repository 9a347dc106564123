"""Every Lua script of the service, read once from its `.lua` file beside this module and
registered as a `Script` (source and SHA-1).

Each makes one write atomic on the one shard that holds its keys; the Redis gateway runs them
with keys and args (`RedisGateway.write`: EVALSHA, and EVAL once when Redis has not seen one).
A script that appends to a game's log opens with the `outbox` library (`lua/outbox.lua`).
Sections inside a script are named by `-- [name]` lines.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from importlib import resources
from typing import Final


@dataclass(frozen=True, slots=True)
class Script:
    """A Lua script and the SHA-1 that EVALSHA calls it by."""

    source: str
    sha: str = field(init=False)

    def __post_init__(self) -> None:
        sha = hashlib.sha1(self.source.encode(), usedforsecurity=False).hexdigest()
        object.__setattr__(self, "sha", sha)


def lua(name: str, *libraries: str) -> Script:
    """The script `lua/<name>.lua`, after the libraries it calls (`lua/<library>.lua`)."""
    folder = resources.files(__package__).joinpath("lua")
    parts = [folder.joinpath(f"{part}.lua").read_text("utf-8") for part in (*libraries, name)]
    return Script("\n".join(parts))


CREATE: Final = lua("create", "outbox")
COMMIT: Final = lua("commit", "outbox")
LOAD: Final = lua("load")
ANSWER: Final = lua("answer")
CONVERT: Final = lua("convert")
SIGNAL: Final = lua("signal")
CREATE_COMMITMENT: Final = lua("commitment_create")
CONSUME_COMMITMENT: Final = lua("commitment_consume")
RESCHEDULE: Final = lua("clock_reschedule")
CLAIM: Final = lua("webhook_claim")
RELEASE: Final = lua("webhook_release")
RESTORE: Final = lua("archive_restore")
ARCHIVED: Final = lua("archive_release")
SAVE_TOURNAMENT: Final = lua("tournament_save")
SETTLE: Final = lua("ratings_settle")
REGISTER_PLAYER: Final = lua("player_register")
CLEAR_FLAG: Final = lua("ratings_clear")
