"""The engine's errors: each carries a stable machine-readable code and a precise message."""

from __future__ import annotations

import msgspec


class EngineError(ValueError):
    """Base of every error the engine raises on untrusted input."""

    code: str = "engine/error"

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class InvalidMove(EngineError):
    """The move is malformed: it could never be legal (unknown card, duplicate, bad text)."""


class IllegalMove(EngineError):
    """The move is well formed but not legal in this state (wrong turn, card not in hand, ...)."""


class RulesError(EngineError):
    """The rules cannot be played: an unknown preset or an impossible combination of options.

    `invalid`: msgspec's own error when an option is not of its type or out of its bounds
    (then `reason` is msgspec's words), for a service to word for its clients.
    """

    def __init__(
        self,
        field: str,
        message: str,
        code: str = "rules/invalid",
        invalid: msgspec.ValidationError | None = None,
    ) -> None:
        super().__init__(code, f"{field}: {message}")
        self.field = field
        self.reason = message
        self.invalid = invalid
