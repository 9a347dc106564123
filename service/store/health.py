"""Whether a dependency (Redis, the archive) answers, as this process last found it: every
call that reaches it says so, and a change is logged once, when it goes and when it comes
back, however many calls fail meanwhile. It is back once no call has failed for `QUIET`
seconds: on a Redis Cluster with one master down, the calls to the other masters are answered
between the failing ones, and each of them is not the whole coming back."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Final

log = logging.getLogger("escopa.dependencies")
QUIET: Final = 1.0
"""Seconds without a failed call before a dependency that failed counts as answering again."""


class Dependency:
    """One dependency's state in this process, `up` until a call to it fails."""

    def __init__(self, name: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.name = name
        self.up = True
        self.reason = ""
        self.clock = clock
        self.failed_at = 0.0

    def failed(self, error: BaseException) -> None:
        """A call to it failed for want of it: logged once until it answers again."""
        self.failed_at = self.clock()
        if self.up:
            self.up = False
            self.reason = f"{type(error).__name__}: {str(error)[:200]}"
            log.warning("%s is unreachable: %s", self.name, self.reason)

    def answered(self) -> None:
        """A call to it was answered: logged once if it was down and no call has failed for
        `QUIET` seconds."""
        if not self.up and self.clock() - self.failed_at >= QUIET:
            self.up = True
            self.reason = ""
            log.warning("%s answers again", self.name)
