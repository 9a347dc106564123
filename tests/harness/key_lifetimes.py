"""What a deployment's Redis may still hold once its work is done, key by key: each key kind
has the lifetime docs/scaling.md gives it, and a key that outlives it (no time to live where
one is due, a longer one, a game's keys after the archive holds it, work left in a due index)
is named.

Read on every live master of a cluster (each holds its own slots), with SCAN and PTTL.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

import redis

from service.settings import Settings

DUE_INDEXES: Final = ("dl", "bt", "ar", "wh", "rd", "td")
"""The due indexes' hash tags (deadlines, bot turns, to archive, webhooks, to settle, tournaments
to tell): empty once every game is over and its work done."""
KEPT: Final = ("rt", "t", "lobby", "wk")
"""Kept for ever by design: ratings, tournaments (not archived), the lobby, API keys' webhooks."""
RENEWAL_MS: Final = 60_000
"""A running game's lifetime is renewed once it has run down by up to a minute."""
GAME_KEY: Final = re.compile(r"^\{g:(?P<id>[0-9a-f]+)\}:(?P<kind>[a-z]+)")
TAG: Final = re.compile(r"^\{(?P<tag>[a-z]+)[:}]")


@dataclass(frozen=True)
class Key:
    """A key and its time to live in ms (-1: none)."""

    name: str
    ttl: int


def keys_of(masters: Iterable[redis.Redis]) -> Iterator[Key]:
    """Every key of every master, with its time to live."""
    for client in masters:
        names = [str(name) for name in client.scan_iter(count=1000)]
        pipe = client.pipeline(transaction=False)
        for name in names:
            pipe.pttl(name)
        for name, ttl in zip(names, pipe.execute(), strict=True):
            if ttl != -2:  # gone meanwhile
                yield Key(name, int(ttl))


@dataclass(frozen=True)
class Lifetimes:
    """The lifetimes the run's settings give, and the games the archive holds."""

    settings: Settings
    archived: frozenset[str]

    def bound(self, kind: str, archived: bool) -> int:
        """The longest time to live (ms) a key of a game of this kind may have."""
        ttl = self.settings.ttl
        if kind == "idem":
            return ttl.idempotency * 1000
        if kind == "ticket":
            return self.settings.streams.ticket_ttl * 1000
        if kind == "waiting":
            return (ttl.waiting + 7 * 24 * 3600) * 1000
        if archived:
            return max(ttl.finished or 0, 60) * 1000  # the log stream lingers a minute
        return ttl.game * 1000 + RENEWAL_MS

    def problem(self, key: Key) -> str | None:
        """Why `key` outlives its lifetime, or None."""
        game = GAME_KEY.match(key.name)
        if game is not None:
            return self.game_problem(key, game["id"], game["kind"])
        tag = TAG.match(key.name)
        kind = tag["tag"] if tag else ""
        if kind in DUE_INDEXES:
            return f"{key.name}: work left in a due index"
        if kind in KEPT:
            return None
        if kind == "c":
            return self.over(key, self.settings.ttl.commitment * 1000)
        if kind == "rl":
            return None if key.ttl > 0 else f"{key.name}: a rate counter with no lifetime"
        return f"{key.name}: a key of no known kind"

    def game_problem(self, key: Key, game_id: str, kind: str) -> str | None:
        archived = game_id in self.archived
        if archived and kind == "game":
            return f"{key.name}: still in Redis after the archive took it"
        return self.over(key, self.bound(kind, archived))

    @staticmethod
    def over(key: Key, bound: int) -> str | None:
        if key.ttl == -1:
            return f"{key.name}: no lifetime (its bound is {bound // 1000} s)"
        if key.ttl > bound:
            return f"{key.name}: lives {key.ttl // 1000} s more, past its {bound // 1000} s"
        return None


def outlived(masters: Iterable[redis.Redis], lifetimes: Lifetimes) -> tuple[int, list[str]]:
    """How many keys there are, and every one that outlives its lifetime, described."""
    found = [lifetimes.problem(key) for key in keys_of(masters)]
    return len(found), sorted(problem for problem in found if problem is not None)
