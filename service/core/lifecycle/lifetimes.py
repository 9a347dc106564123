"""How long Redis keeps a game after each write, by its status: a deployment with an archive
keeps every finished game until the archive holds it, whichever process ended it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine import State
from service.settings import TtlSettings

ARCHIVED_TTL: Final = 3600
"""Seconds a finished game stays in Redis once archived, unless `ESCOPA_FINISHED_TTL` says."""


@dataclass(frozen=True, slots=True)
class Lifetimes:
    """The lifetimes the settings give (`ttl`), with or without an archive (`archived`)."""

    ttl: TtlSettings
    archived: bool

    def of(self, state: State) -> int:
        """How long the game is kept after this write (ms; 0: for ever): by its status (a
        running game's counts from its last move; a finished one with an archive is kept
        until archived, then `finished_ttl`)."""
        if state.status == "waiting":
            return self.ttl.waiting * 1000
        if state.status == "finished":
            return 0 if self.archived else (self.ttl.finished or 0) * 1000
        return self.ttl.game * 1000

    @property
    def finished_ttl(self) -> int:
        """Seconds a finished game stays in Redis once the archive holds it (0: for ever)."""
        finished = self.ttl.finished
        return ARCHIVED_TTL if finished is None else finished

    @property
    def idempotency_ms(self) -> int:
        """How long a request's first answer is kept under its `Idempotency-Key`."""
        return self.ttl.idempotency * 1000
