"""Whether a dependency (Redis, the archive) answers, as this process last found it: every
call that reaches it says so, and a change is logged once, when it goes and when it comes
back, however many calls fail meanwhile."""

from __future__ import annotations

import logging

log = logging.getLogger("escopa.dependencies")


class Dependency:
    """One dependency's state in this process, `up` until a call to it fails."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.up = True
        self.reason = ""

    def failed(self, error: BaseException) -> None:
        """A call to it failed for want of it: logged once until it answers again."""
        if self.up:
            self.up = False
            self.reason = f"{type(error).__name__}: {str(error)[:200]}"
            log.warning("%s is unreachable: %s", self.name, self.reason)

    def answered(self) -> None:
        """A call to it was answered: logged once if it was down."""
        if not self.up:
            self.up = True
            self.reason = ""
            log.warning("%s answers again", self.name)
