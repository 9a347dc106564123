"""Games played without pause through several API processes while Redis fails under them.

Each player plays one game at a time (a new one once it ends), retries a request that got 503
as it was sent (same body, same `Idempotency-Key`), and records every answer: what was
acknowledged, every status, and when each game's shard answered 503. `lost` then holds the
service to its promise: no acknowledged move missing from its game's log, no 500. A player
may play some seats only (the others are bots), and now and then let its clock run out.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

import httpx

from tests.harness.api import Game, Json, assert_chain, assert_linked, chosen_seed

RETRY_PAUSE = 0.1
BOT_PAUSE = 0.05  # between two looks at a game whose turn is a bot's
REQUEST_TIMEOUT = 30.0
ALLOWED = {200, 201, 409, 503}


@dataclass
class Played:
    """One game's record: its tokens, and every move acknowledged: (version, move, when).

    A list, not a dict by version: a move acknowledged but lost is followed by another move
    acknowledged at the same version, and both must be checked."""

    id: str
    tokens: list[str]
    acknowledged: list[tuple[int, str, float]] = field(default_factory=list)
    unavailable: list[float] = field(default_factory=list)


@dataclass
class Record:
    """What every player saw, shared by the table's players."""

    games: list[Played] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    unexpected: list[str] = field(default_factory=list)

    @property
    def moves(self) -> int:
        return sum(len(g.acknowledged) for g in self.games)


def two_people(seed: str) -> Json:
    """The body that creates a 2-player game of two people."""
    return {"players": ["Ana", "Bia"], "seed": chosen_seed(seed)}


@dataclass(frozen=True)
class Style:
    """How players play: the games they create, the seats they play (None: every seat; the
    others are bots), and how often they idle `idle_for` seconds before a move."""

    body: Callable[[str], Json] = two_people
    seats: Collection[int] | None = None
    idle: float = 0.0
    idle_for: float = 0.0


class Player:
    """Plays games through a random one of the API processes, one request at a time."""

    def __init__(
        self, clients: list[httpx.AsyncClient], record: Record, seed: int, style: Style
    ) -> None:
        self.clients = clients
        self.record = record
        self.rng = random.Random(seed)
        self.seed = seed
        self.style = style
        self.stopping = False
        self.current: Played | None = None

    async def call(
        self, method: str, url: str, also: frozenset[int] = frozenset(), **kwargs: object
    ) -> httpx.Response | None:
        """A request, resent unchanged while it gets 503; None once the table stops. A status
        outside `ALLOWED` and `also` is unexpected."""
        while not self.stopping:
            client = self.rng.choice(self.clients)
            response = await client.request(method, url, timeout=REQUEST_TIMEOUT, **kwargs)  # type: ignore[arg-type]
            self.record.statuses[response.status_code] += 1
            if response.status_code not in ALLOWED | also:
                self.record.unexpected.append(
                    f"{method} {url}: {response.status_code} {response.text[:300]}"
                )
            if response.status_code != 503:
                return response
            assert response.headers.get("retry-after"), response.text
            self.record.codes[response.json()["code"]] += 1
            self.on_unavailable()
            await asyncio.sleep(RETRY_PAUSE)
        return None

    def on_unavailable(self) -> None:
        if self.current is not None:
            self.current.unavailable.append(time.monotonic())

    async def new_game(self, number: int) -> bool:
        body = self.style.body(f"failover-{self.seed}-{number}")
        created = await self.call("POST", "/v1/games", json=body)
        if created is None or created.status_code != 201:
            return False
        game = created.json()
        self.current = Played(game["game_id"], [p.get("token", "") for p in game["players"]])
        self.record.games.append(self.current)
        return True

    async def play(self) -> None:
        number = 0
        while not self.stopping:
            if not await self.new_game(number):
                continue
            number += 1
            while not self.stopping and await self.move():
                pass

    async def move(self) -> bool:
        """One move of the current game; False once it is over (or the table stops)."""
        game = self.current
        assert game is not None
        url = f"/v1/games/{game.id}"
        view = await self.call("GET", url)
        if view is None or view.status_code != 200 or view.json()["status"] == "finished":
            return False  # a refusal is in the record's `unexpected`
        turn = view.json()["turn"]
        if self.style.seats is not None and turn not in self.style.seats:
            await asyncio.sleep(BOT_PAUSE)
            return True
        if self.rng.random() < self.style.idle:
            await asyncio.sleep(self.style.idle_for)
        auth = {"Authorization": f"Bearer {game.tokens[turn]}"}
        legal = await self.call("GET", f"{url}/legal-moves", headers=auth)
        if legal is None or legal.status_code != 200 or not legal.json()["moves"]:
            return legal is not None  # no moves: the turn passed on (its clock ran out)
        move = self.rng.choice(legal.json()["moves"])["id"]
        version = legal.json()["version"]
        headers = {**auth, "Idempotency-Key": f"{version}-{move.replace('+', '_')}"}
        body = {"move": move, "expected_version": version}
        answer = await self.call(
            "POST", f"{url}/moves", frozenset({422}), json=body, headers=headers
        )
        if answer is not None and answer.status_code == 200:
            game.acknowledged.append((version + 1, move, time.monotonic()))
        if answer is not None and answer.status_code == 422:
            await self.refused(url, auth, version, move, answer.text)
        return True

    async def refused(
        self, url: str, auth: dict[str, str], version: int, move: str, why: str
    ) -> None:
        """A move listed at `version` then refused (422) is right only if the game at that
        version is no longer the one listed: the list came from a write that a failover then
        lost (reads see a write before its replica does), and another entry took its version."""
        legal = await self.call("GET", f"{url}/legal-moves", headers=auth)
        if legal is None or legal.status_code != 200:
            return
        now = legal.json()
        if now["version"] == version and move in {m["id"] for m in now["moves"]}:
            self.record.unexpected.append(f"POST {url}/moves refused a legal move: {why[:300]}")
        else:
            self.record.codes["listed from a lost write"] += 1


class Table:
    """`players` players at once, on the given API processes."""

    def __init__(
        self, clients: list[httpx.AsyncClient], players: int, style: Style | None = None
    ) -> None:
        self.record = Record()
        how = style or Style()
        self.players = [Player(clients, self.record, seed, how) for seed in range(players)]
        self.clients = clients
        self.tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        self.tasks = [asyncio.create_task(p.play()) for p in self.players]

    async def after_moves(self, count: int, within: float = 60.0) -> None:
        """Wait until `count` more moves are acknowledged."""
        target = self.record.moves + count
        deadline = time.monotonic() + within
        while self.record.moves < target:
            assert time.monotonic() < deadline, (
                f"the games did not go on: {self.record.moves} moves, answers "
                f"{dict(self.record.statuses)}, unexpected {self.record.unexpected[:3]}"
            )
            for task in self.tasks:
                if task.done():
                    task.result()  # raises what went wrong
            await asyncio.sleep(0.05)

    def games_by_shard(self, shard_of: object) -> dict[object, list[Played]]:
        """The games in progress, grouped by `shard_of(key)` of their keys."""
        assert callable(shard_of)
        groups: dict[object, list[Played]] = {}
        for player in self.players:
            if player.current is not None:
                game = player.current
                groups.setdefault(shard_of(f"{{g:{game.id}}}:game"), []).append(game)
        return groups

    async def stop(self) -> None:
        for player in self.players:
            player.stopping = True
        await asyncio.gather(*self.tasks)

    async def lost(self) -> list[str]:
        """Every acknowledged move that is not in its game's log, described."""
        missing = []
        for played in self.record.games:
            game = Game(self.clients[0], played.id, played.tokens, {})
            entries = await game.log()
            finished = (await game.view())["status"] == "finished"
            (assert_chain if finished else assert_linked)(entries)  # hashes show once it ends
            logged: dict[int, Json] = {e["seq"]: e for e in entries}
            for seq, move, _ in played.acknowledged:
                entry = logged.get(seq)
                if entry is None or entry.get("move") != move:
                    found = entry.get("move") if entry else "missing"
                    missing.append(f"{played.id}: move {move} at version {seq} is {found}")
        return missing


def outage(games: list[Played], since: float) -> float:
    """Seconds from `since` to the first move acknowledged after it in any of `games` that
    answered 503 meanwhile (0 when none did)."""
    ends = []
    for game in games:
        if any(t >= since for t in game.unavailable):
            after = [t for _, _, t in game.acknowledged if t >= since]
            if after:
                ends.append(min(after) - since)
    return max(ends, default=0.0)
