"""Refusals: the service's RFC 9457 problems as one exception, and the generated calls'
answers checked against the type they should have."""

from __future__ import annotations

import json
from typing import Any, TypeVar

from escopa_client.generated.models import Problem
from escopa_client.generated.types import Response

T = TypeVar("T")


class ApiError(Exception):
    """The service refused a request: its HTTP status and its RFC 9457 problem (when it sent
    one; `code` is stable, `detail` a sentence for people)."""

    def __init__(self, status: int, problem: Problem | None, body: bytes = b"") -> None:
        self.status = status
        self.problem = problem
        detail = problem.detail if problem is not None else body[:200].decode(errors="replace")
        super().__init__(f"{status} {self.code}: {detail}")

    @property
    def code(self) -> str:
        """The problem's stable code (`game/version_conflict`), or `http/<status>` without one."""
        return self.problem.code if self.problem is not None else f"http/{self.status}"


def answer(response: Response[Any], kind: type[T]) -> T:
    """The parsed answer of a generated `sync_detailed` call when it is a `kind`; otherwise the
    refusal, raised as an `ApiError`."""
    parsed = response.parsed
    if isinstance(parsed, kind):
        return parsed
    problem = parsed if isinstance(parsed, Problem) else None
    raise ApiError(int(response.status_code), problem, response.content)


def problem_of(body: bytes) -> Problem | None:
    """The RFC 9457 problem a refusal's body holds, or None when it holds none."""
    try:
        return Problem.from_dict(json.loads(body))
    except (ValueError, KeyError, TypeError):
        return None
