"""A mixed load on several API processes, as clients of a deployment play it through faults:
people against bots, rated games between player ids, and duplicate tournaments of people and
bots, every game and tournament with a webhook. It records what the service acknowledged, for
a checker to read back (`tests/harness/whole_checks.py`).

Every request goes to a random API process; one that is down (refused, cut) or answers 502/503
is tried again. A move sent with an `Idempotency-Key` is sent again unchanged until it has an
answer, so it is applied once; a move sent without one is sent once, and when its answer is
lost the game is read again (it may or may not be in). Only a 200 counts as acknowledged.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final

import httpx

from tests.harness.api import Json
from tests.harness.bots import bot

UNAVAILABLE: Final = frozenset({502, 503})
EXPECTED: Final = frozenset({200, 201, 409, 422, 503})
"""Answers the service promises under faults (422: a move listed from a write a failover lost,
which `Requests.refused` then checks)."""
PAUSE: Final = 0.1  # before a request is tried again
BOT_TURN: Final = 0.05  # between two looks at a game whose turn is not the load's
REQUEST_TIMEOUT: Final = 30.0
CLOCK: Final = {"turn_seconds": 5, "bank_seconds": 0, "on_timeout": "bot"}
TOURNAMENT_CLOCK: Final = {"turn_seconds": 10, "bank_seconds": 0, "on_timeout": "bot"}
LEVELS: Final = ("random", "greedy")


@dataclass(frozen=True)
class Ack:
    """A move the service acknowledged with 200: the version it made, the seat, the move."""

    version: int
    seat: int
    move: str


@dataclass
class Played:
    """A game of the load: the tokens of the seats it plays ("" for the others), its webhook's
    secret (None: it has none of its own), whether it is rated, its tournament, and every move
    acknowledged (a list: after a lost write, two moves may be acknowledged at one version)."""

    id: str
    tokens: list[str]
    secret: str | None = None
    rated: bool = False
    tournament: str | None = None
    acks: list[Ack] = field(default_factory=list)


@dataclass
class Cup:
    """A tournament of the load: its people's tokens by entrant, and its webhook's secret."""

    id: str
    tokens: dict[int, str]
    secret: str
    finished: bool = False


@dataclass
class Seen:
    """Everything the load's clients saw."""

    games: dict[str, Played] = field(default_factory=dict)
    cups: dict[str, Cup] = field(default_factory=dict)
    statuses: Counter[int] = field(default_factory=Counter)
    unexpected: list[str] = field(default_factory=list)
    cut: int = 0
    """Requests whose connection failed (a process down or killed)."""
    unknown: int = 0
    """Moves without a key whose answer was lost."""

    @property
    def acknowledged(self) -> int:
        return sum(len(g.acks) for g in self.games.values())


class Requests:
    """Requests to whichever API process answers."""

    def __init__(self, clients: list[httpx.AsyncClient], seen: Seen, rng: random.Random) -> None:
        self.clients = clients
        self.seen = seen
        self.rng = rng

    async def once(self, method: str, url: str, **kwargs: Any) -> httpx.Response | None:
        """One attempt on a random process: its answer, or None when it failed (cut, 502/503:
        a write's outcome is then unknown)."""
        client = self.rng.choice(self.clients)
        try:
            answer = await client.request(method, url, timeout=REQUEST_TIMEOUT, **kwargs)
        except httpx.TransportError:
            self.seen.cut += 1
            return None
        self.seen.statuses[answer.status_code] += 1
        if answer.status_code not in EXPECTED:
            self.seen.unexpected.append(f"{method} {url}: {answer.status_code} {answer.text[:300]}")
        if answer.status_code in UNAVAILABLE:
            if answer.status_code == 503 and not answer.headers.get("retry-after"):
                self.seen.unexpected.append(f"{method} {url}: 503 without Retry-After")
            return None
        return answer

    async def answered(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        """The request sent again, unchanged, until it has an answer (reads, and writes that
        carry an `Idempotency-Key`)."""
        while True:
            answer = await self.once(method, url, **kwargs)
            if answer is not None:
                return answer
            await asyncio.sleep(PAUSE)

    async def json(self, url: str, **kwargs: Any) -> Json:
        """A read's body (a read that keeps failing other than with 503 raises)."""
        answer = await self.answered("GET", url, **kwargs)
        if answer.status_code != 200:
            raise AssertionError(f"GET {url}: {answer.status_code} {answer.text[:300]}")
        body: Json = answer.json()
        return body

    async def create(self, url: str, body: Json) -> Json | None:
        """A creation, sent once: its answer, or None (refused, or its answer was lost: the
        thing may exist, never to be played)."""
        answer = await self.once("POST", url, json=body)
        if answer is None or answer.status_code != 201:
            return None
        created: Json = answer.json()
        return created


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Mover:
    """Plays the seats of one game whose tokens it holds, a move at a time."""

    def __init__(self, requests: Requests, game: Played) -> None:
        self.requests = requests
        self.game = game

    @property
    def url(self) -> str:
        return f"/v1/games/{self.game.id}"

    async def step(self, keyed: float) -> bool | None:
        """One move if a seat of the load is to act: True when one was sent, False when not
        the load's turn, None once the game is over. With probability `keyed` the move
        carries an `Idempotency-Key`."""
        held = next((token for token in self.game.tokens if token), "")
        view = await self.requests.json(self.url, headers=auth(held) if held else {})
        if view["status"] == "finished":
            return None
        turn = view["turn"]
        if turn is None or not self.game.tokens[turn]:
            return False
        headers = auth(self.game.tokens[turn])
        legal = await self.requests.json(f"{self.url}/legal-moves", headers=headers)
        if not legal["moves"]:
            return False
        rng = self.requests.rng
        move = rng.choice(legal["moves"])["id"]
        version = legal["version"]
        body = {"move": move, "expected_version": version}
        if rng.random() < keyed:
            key = {"Idempotency-Key": f"{version}-{secrets.token_hex(8)}"}
            answer = await self.requests.answered(
                "POST", f"{self.url}/moves", json=body, headers=headers | key
            )
        else:
            found = await self.requests.once(
                "POST", f"{self.url}/moves", json=body, headers=headers
            )
            if found is None:
                self.requests.seen.unknown += 1
                return True
            answer = found
        if answer.status_code == 200:
            made = answer.json()
            self.game.acks.append(Ack(made["version"], turn, made["move"]))
        elif answer.status_code == 422:
            await self.refused(headers, version, move, answer.text)
        return True

    async def refused(self, headers: dict[str, str], version: int, move: str, why: str) -> None:
        """A move listed at `version` then refused (422) is right only if the game at that
        version is no longer the one listed (a failover lost the write the list came from)."""
        now = await self.requests.json(f"{self.url}/legal-moves", headers=headers)
        if now["version"] == version and move in {m["id"] for m in now["moves"]}:
            self.requests.seen.unexpected.append(f"POST {self.url}/moves refused {move}: {why}")

    async def play_out(self, keyed: float, stop: asyncio.Event | None = None) -> None:
        """Play until the game is over (or `stop` is set)."""
        while stop is None or not stop.is_set():
            played = await self.step(keyed)
            if played is None:
                return
            if not played:
                await asyncio.sleep(BOT_TURN)


@dataclass(frozen=True)
class Shape:
    """How many clients play each part of the load, and how often a move carries a key."""

    people: int = 6
    rated_pairs: int = 2
    tournament_people: int = 4
    keyed: float = 0.5


class Load:
    """The load's clients, started together; `stop` lets each finish what it began."""

    def __init__(
        self, clients: list[httpx.AsyncClient], hook: str, shape: Shape, seed: int = 0
    ) -> None:
        self.seen = Seen()
        self.clients = clients
        self.hook = hook
        self.shape = shape
        self.seed = seed
        self.stopping = asyncio.Event()
        self.abandon = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []
        self.held: dict[str, tuple[str, str]] = {}
        """Each player of the load's pool: the id it plays under now, and that id's secret."""

    async def player(self, requests: Requests, name: str, pool: str) -> Json | None:
        """A seat or entrant naming the pool player's id with its secret (on a keyless server
        an id is named only with it), registered on first use; None when the registration's
        answer was lost (the player takes a new id next time: the old one's secret is lost)."""
        if pool not in self.held:
            fresh = f"{pool}-{secrets.token_hex(4)}"
            made = await requests.create("/v1/players", {"player_id": fresh})
            if made is None:
                return None
            self.held[pool] = (fresh, made["player_secret"])
        player_id, secret = self.held[pool]
        return {"name": name, "player_id": player_id, "player_secret": secret}

    def requests(self, number: int) -> Requests:
        return Requests(self.clients, self.seen, random.Random(f"{self.seed}-{number}"))

    def start(self) -> None:
        shape = self.shape
        loops: list[Callable[[Requests], Awaitable[None]]] = [
            *[self.against_bots] * shape.people,
            *[self.rated] * shape.rated_pairs,
            self.tournaments,
        ]
        self.tasks = [asyncio.create_task(loop(self.requests(n))) for n, loop in enumerate(loops)]

    def failed(self) -> BaseException | None:
        """What ended a client early, if one did."""
        for task in self.tasks:
            if task.done() and not task.cancelled() and task.exception() is not None:
                return task.exception()
        return None

    async def stop(self, within: float) -> list[str]:
        """Let every client finish its game or tournament; what did not finish in time."""
        self.stopping.set()
        done, pending = await asyncio.wait(self.tasks, timeout=within)
        self.abandon.set()
        await asyncio.gather(*pending, return_exceptions=True)
        problems = [f"a client failed: {t.exception()!r}" for t in done if t.exception()]
        left = [f"a client's game or tournament did not end {within:.0f} s after the stop"]
        return problems + (left if pending else [])

    def webhook(self) -> Json:
        return {"url": self.hook}

    async def game(self, requests: Requests, body: Json, rated: bool = False) -> None:
        """Create one game and play its people's seats to the end."""
        created = await requests.create("/v1/games", {**body, "webhook": self.webhook()})
        if created is None:
            await asyncio.sleep(PAUSE)
            return
        tokens = ["" for _ in body["players"]]
        for seat in created["players"]:
            tokens[seat["seat"]] = seat.get("token", "")
        played = Played(created["game_id"], tokens, created["webhook"]["secret"], rated)
        self.seen.games[played.id] = played
        await Mover(requests, played).play_out(self.shape.keyed, self.abandon)

    async def against_bots(self, requests: Requests) -> None:
        """A person against one or two bots, one game after another, some on a clock."""
        rng = requests.rng
        while not self.stopping.is_set():
            bots = [bot(f"Bot {i}", rng.choice(LEVELS)) for i in range(rng.choice((1, 1, 2)))]
            rules: Json = {"target": rng.choice((1, 1, 3))}
            if rng.random() < 0.3:
                rules["clock"] = CLOCK
            await self.game(requests, {"players": ["Ana", *bots], "rules": rules})

    async def rated(self, requests: Requests) -> None:
        """Rated games between player ids of a small pool (now and then against a bot, rated
        as `bot:<level>`), both people played by the load."""
        rng = requests.rng
        while not self.stopping.is_set():
            a, b = rng.sample(range(6), 2)
            first = await self.player(requests, "Ana", f"p{a}")
            second = await self.player(requests, "Bia", f"p{b}")
            if rng.random() < 0.3:
                second = bot("Bot", rng.choice(LEVELS))
            if first is None or second is None:
                continue
            players = [first, second]
            body = {"players": players, "rated": True, "rules": {"target": 1}}
            await self.game(requests, body, rated=True)

    async def tournaments(self, requests: Requests) -> None:
        """Duplicate tournaments of people and bots, rated, one after another."""
        while not self.stopping.is_set():
            cup = await self.tournament(requests)
            if cup is None:
                await asyncio.sleep(PAUSE)
                continue
            people = [self.entrant(requests, cup, e) for e in cup.tokens]
            await asyncio.gather(*people)
            cup.finished = True

    async def tournament(self, requests: Requests) -> Cup | None:
        count = self.shape.tournament_people
        people = [await self.player(requests, f"Person {i}", f"t{i}") for i in range(count)]
        if None in people:
            return None
        bots = [bot(f"Bot {level}", level) for level in LEVELS]
        body = {
            "name": "fault cup",
            "rounds": 2,
            "boards": 1,
            "pairing": "swiss",
            "rated": True,
            "clock": TOURNAMENT_CLOCK,
            "entrants": people + bots,
            "webhook": self.webhook(),
        }
        created = await requests.create("/v1/tournaments", body)
        if created is None:
            return None
        tokens = {e["entrant"]: e["token"] for e in created["entrants"] if "token" in e}
        cup = Cup(created["tournament_id"], tokens, created["webhook"]["secret"])
        self.seen.cups[cup.id] = cup
        return cup

    async def entrant(self, requests: Requests, cup: Cup, entrant: int) -> None:
        """One person of a tournament: asks where it plays with its token (its round's table
        is sealed to everyone else) and plays its turns there until the tournament is over."""
        url = f"/v1/tournaments/{cup.id}/table"
        mine = random.Random(f"{self.seed}-{cup.id}-{entrant}")
        person = Requests(self.clients, self.seen, mine)
        token = cup.tokens[entrant]
        while not self.abandon.is_set():
            table = await person.json(url, headers=auth(token))
            if table["status"] == "finished":
                return
            moved = False
            if table["status"] == "playing":
                game_id = table["game_id"]
                game = self.seen.games.setdefault(
                    game_id, Played(game_id, ["", ""], tournament=cup.id)
                )
                game.tokens[table["seat"]] = token
                moved = bool(await Mover(person, game).step(0.5))
            if not moved:
                await asyncio.sleep(BOT_TURN * 4)
