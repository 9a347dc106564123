"""The engine's errors: each carries a stable machine-readable code and a precise message,
made from an English template and its values (so a service can say it in another language)."""

from __future__ import annotations

from typing import Any

import msgspec


class EngineError(ValueError):
    """Base of every error the engine raises on untrusted input."""

    code: str = "engine/error"

    def __init__(self, code: str, template: str, /, **params: Any) -> None:
        message = template.format(**params)
        super().__init__(message)
        self.code = code
        self.template = template
        self.params = params
        self.message = message


class InvalidMove(EngineError):
    """The move is malformed: it could never be legal (unknown card, duplicate, bad text)."""


class IllegalMove(EngineError):
    """The move is well formed but not legal in this state (wrong turn, card not in hand, ...)."""


class RulesError(EngineError):
    """The rules cannot be played: an unknown preset or an impossible combination of options.

    `reason` is the template of what is wrong with `field`, `reasons` its values. `invalid`:
    msgspec's own error when an option is not of its type or out of its bounds (then `reason`
    is msgspec's words), for a service to word for its clients.
    """

    def __init__(
        self,
        field: str,
        reason: str,
        code: str = "rules/invalid",
        invalid: msgspec.ValidationError | None = None,
        **reasons: Any,
    ) -> None:
        super().__init__(code, "{field}: " + reason, field=field, **reasons)
        self.field = field
        self.reason = reason
        self.reasons = reasons
        self.invalid = invalid
