"""Requests retried with their `Idempotency-Key`: the first answer is kept with the write it
answered (in the same COMMIT) and given again to a retry of the same request; the key reused
for another request is refused."""

from __future__ import annotations

from typing import Generic, TypeVar

import msgspec

from service.core.lifecycle.lifetimes import Lifetimes
from service.errors import ServiceError
from service.store.games_repository import GamesRepository

R = TypeVar("R")


class Answered(msgspec.Struct, Generic[R], frozen=True):
    """The first answer to an idempotent request and the fingerprint of that request."""

    fingerprint: str
    result: R


class Idempotency:
    """The first answers kept under their keys, for as long as `Lifetimes` says."""

    def __init__(self, store: GamesRepository, lifetimes: Lifetimes) -> None:
        self.store = store
        self.lifetimes = lifetimes

    def kept(
        self, key: str | None, fingerprint: str, result: object
    ) -> tuple[str, bytes, int] | None:
        """What the commit keeps of its answer under the request's key (None: no key)."""
        if key is None:
            return None
        answered = msgspec.json.encode(Answered(fingerprint, result))
        return (key, answered, self.lifetimes.idempotency_ms)

    async def first_answer(self, key: str | None, fingerprint: str, shape: type[R]) -> R | None:
        """The first answer to a request retried with its `Idempotency-Key`, if there is one."""
        if key is None:
            return None
        answer = await self.store.answer(key, self.lifetimes.idempotency_ms)
        return self.replayed(answer, fingerprint, shape) if answer is not None else None

    @staticmethod
    def replayed(answer: bytes, fingerprint: str, shape: type[R]) -> R:
        """The stored first answer, if it was to this request; else the key was reused."""
        try:
            prior = msgspec.json.decode(answer, type=Answered[shape])  # type: ignore[valid-type]
        except msgspec.ValidationError:
            prior = None  # the key's first answer was to another verb
        if prior is None or prior.fingerprint != fingerprint:
            raise ServiceError(
                "request/idempotency_key_reused",
                422,
                "this Idempotency-Key was used for a different request",
            )
        return prior.result
